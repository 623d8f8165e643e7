/** What reading WorldShip's results did: the orders numbered, those already numbered, and those skipped with the reason. */
import { Badge, Dialog, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useKeptWhileClosing } from '../../../components/form/RecordFormDialog';
import { CloseFooter, DialogShell, OverlayHeader } from '../../../components/overlay';
import type { WorldShipImport } from './api';

interface ResultRow {
  key: string;
  first: string;
  second: string;
  warn?: boolean;
}

/** Two columns: a number in monospace, then its numbers or the reason it was skipped. */
function ResultTable({ testId, headers, rows }: { testId: string; headers: [string, string]; rows: ResultRow[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l2" maxH="64">
      <Table.Root size="sm" stickyHeader data-testid={testId}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{headers[0]}</Table.ColumnHeader>
            <Table.ColumnHeader>{headers[1]}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell fontFamily="mono">{row.first}</Table.Cell>
              <Table.Cell fontFamily={row.warn ? undefined : 'mono'} color={row.warn ? 'fg.warning' : undefined} wordBreak="break-all">
                {row.second}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function WorldShipResultDialog({ report, onClose }: { report: WorldShipImport | undefined; onClose: () => void }) {
  const { t } = useTranslation('worldShip');
  const shown = useKeptWhileClosing(report);
  return (
    <DialogShell open={report !== undefined} onClose={onClose} testId="world-ship-result" size={{ base: 'full', sm: 'lg' }}>
      <OverlayHeader title={t('result.title')} />
      <Dialog.Body>
        {shown ? (
          <Stack gap="4">
            <HStack gap="2" wrap="wrap" data-testid="world-ship-result-counts">
              <Badge colorPalette="green" variant="subtle">
                {t('result.numbered', { count: shown.numbered.length })}
              </Badge>
              <Badge colorPalette="gray" variant="subtle">
                {t('result.unchanged', { count: shown.unchanged })}
              </Badge>
              <Badge colorPalette={shown.skipped.length ? 'orange' : 'gray'} variant="subtle">
                {t('result.skipped', { count: shown.skipped.length })}
              </Badge>
            </HStack>
            {shown.numbered.length ? (
              <ResultTable
                testId="world-ship-result-numbered"
                headers={[t('field.serialNumber'), t('field.trackingNumbers')]}
                rows={shown.numbered.map((row) => ({ key: row.serialNumber, first: row.serialNumber, second: row.trackingNumbers.join(', ') }))}
              />
            ) : null}
            {shown.skipped.length ? (
              <Stack gap="2">
                <Text textStyle="sm" fontWeight="medium">
                  {t('result.skippedTitle')}
                </Text>
                <ResultTable
                  testId="world-ship-result-skipped"
                  headers={[t('field.reference'), t('field.reason')]}
                  rows={shown.skipped.map((row, index) => ({ key: `${row.reference}-${index}`, first: row.reference, second: row.message, warn: true }))}
                />
              </Stack>
            ) : null}
          </Stack>
        ) : null}
      </Dialog.Body>
      <CloseFooter testId="world-ship-result-close" />
    </DialogShell>
  );
}
