import { Alert, Badge, Dialog, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseFooter, DialogShell, OverlayHeader } from '../../../components/overlay';
import type { ImportRowError } from './types';

interface ImportErrorsDialogProps {
  /** The refused import: the server's message, its bad rows and the file's name; closed when undefined. */
  failure: { message: string; errors: ImportRowError[]; file: string } | undefined;
  onClose: () => void;
}

/** The rows an import refused (sheet, row as Excel numbers it, column, why); nothing was saved. */
export function ImportErrorsDialog({ failure, onClose }: ImportErrorsDialogProps) {
  const { t } = useTranslation('rateCard');
  return (
    <DialogShell open={failure !== undefined} onClose={onClose} size={{ base: 'full', sm: 'lg' }} scrollBehavior="inside" testId="rate-card-import-errors">
      <OverlayHeader title={t('import.errorsTitle')} />
      <Dialog.Body>
        {failure ? (
          <Stack gap="4">
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{failure.message}</Alert.Title>
                <Alert.Description>{t('import.errorsHint', { name: failure.file })}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            {failure.errors.length > 0 ? (
              <Table.ScrollArea borderWidth="1px" rounded="md" maxWidth="100%">
                <Table.Root size="sm" aria-label={t('import.errorsTitle')} minWidth="max-content" width="full" stickyHeader>
                  <Table.Header>
                    <Table.Row bg="bg.subtle">
                      <Table.ColumnHeader>{t('import.sheet')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t('import.row')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('import.column')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('import.message')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {failure.errors.map((error, index) => (
                      <Table.Row key={`${error.sheet}-${error.row}-${error.column}-${index}`} data-testid="rate-card-import-error-row">
                        <Table.Cell>
                          <Badge size="sm" variant="subtle" fontFamily="mono">
                            {error.sheet || '—'}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell textAlign="end" fontFamily="mono">
                          {error.row > 0 ? error.row : '—'}
                        </Table.Cell>
                        <Table.Cell fontFamily="mono">{error.column || '—'}</Table.Cell>
                        <Table.Cell whiteSpace="normal" minWidth="200px">
                          <Text color="fg.error">{error.message}</Text>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            ) : null}
          </Stack>
        ) : null}
      </Dialog.Body>
      <CloseFooter variant="solid" testId="rate-card-import-errors-close" />
    </DialogShell>
  );
}
