/** What a batch submit or cancel did, order by order. */
import { Badge, Dialog, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseFooter, DialogShell, OverlayHeader } from '../../../components/overlay';
import type { BatchResult } from './api';

export function BatchResultDialog({ result, onClose }: { result: BatchResult | undefined; onClose: () => void }) {
  const { t } = useTranslation('shipment');
  return (
    <DialogShell open={result !== undefined} onClose={onClose} testId="shipment-batch-result" size={{ base: 'full', md: 'lg' }}>
      <OverlayHeader title={t('result.title')} subtitle={result ? t('result.summary', { succeeded: result.succeeded, failed: result.failed }) : undefined} />
      <Dialog.Body>
        <Stack gap="2">
          <Table.Root size="sm">
            <Table.Body>
              {result?.rows.map((row) => (
                <Table.Row key={row.id} data-testid="shipment-batch-row">
                  <Table.Cell fontFamily="mono">{row.serialNumber}</Table.Cell>
                  <Table.Cell>
                    {row.success ? (
                      <Badge colorPalette="green">{t('result.ok')}</Badge>
                    ) : (
                      <Text color="fg.error" textStyle="sm">
                        {row.message}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{row.deductAmount ?? ''}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      </Dialog.Body>
      <CloseFooter label={t('result.close')} testId="shipment-batch-result-close" />
    </DialogShell>
  );
}
