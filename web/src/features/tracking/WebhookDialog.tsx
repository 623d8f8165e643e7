/**
 * A supplier's tracking webhook (Suppliers → a row's "Tracking webhook"): the endpoint carriers
 * post events to and the secret they sign with, hidden until shown, copied with one click, and
 * rotated after a confirmation (the old secret stops working at once).
 */
import { Button, Code, Dialog, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BASE_PATH } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { toastSuccess } from '../../components/list';
import { DialogShell } from '../../components/overlay';
import { rotateWebhookSecret, webhookSetup, type WebhookSetup } from './api';

export function WebhookDialog({ supplier, onClose }: { supplier: { id: string; code: string } | undefined; onClose: () => void }) {
  return (
    <DialogShell open={supplier !== undefined} onOpenChange={(open) => (open ? undefined : onClose())} testId="webhook-dialog">
      {supplier ? <WebhookBody supplier={supplier} /> : null}
    </DialogShell>
  );
}

function WebhookBody({ supplier }: { supplier: { id: string; code: string } }) {
  const { t } = useTranslation('trackMapping');
  const [setup, setSetup] = useState<WebhookSetup>();
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(false);
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    webhookSetup(supplier.id).then(
      (answer) => setSetup(answer.result),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [supplier.id]);

  const url = setup ? `${window.location.origin}${BASE_PATH}${setup.path}` : '';
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          {`${t('webhook.title')} · ${supplier.code}`}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {t('webhook.hint')}
          </Text>
          <ErrorAlert message={error} />
          {setup ? (
            <>
              <Stack gap="1">
                <Text fontWeight="medium" textStyle="sm">
                  {t('webhook.url')}
                </Text>
                <Code wordBreak="break-all" whiteSpace="normal" p="2" data-testid="webhook-url">
                  {url}
                </Code>
              </Stack>
              <Stack gap="1">
                <Text fontWeight="medium" textStyle="sm">
                  {t('webhook.secret')}
                </Text>
                <HStack gap="2">
                  <Code flex="1" wordBreak="break-all" whiteSpace="normal" p="2" data-testid="webhook-secret">
                    {shown ? setup.secret : '•'.repeat(24)}
                  </Code>
                  <Button size="xs" variant="outline" onClick={() => setShown(!shown)} data-testid="webhook-show">
                    {t('webhook.show')}
                  </Button>
                </HStack>
              </Stack>
            </>
          ) : error ? null : (
            <Skeleton height="24" />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button
          variant="outline"
          colorPalette="red"
          size="sm"
          disabled={!setup}
          data-testid="webhook-rotate"
          onClick={() =>
            confirm({
              title: t('webhook.rotate'),
              description: t('webhook.rotateConfirm'),
              testId: 'webhook-rotate-confirm',
              onConfirm: async () => {
                const answer = await rotateWebhookSecret(supplier.id);
                setSetup(answer.result);
                setShown(true);
                toastSuccess(t('webhook.rotated'));
              },
            })
          }
        >
          {t('webhook.rotate')}
        </Button>
      </Dialog.Footer>
      {dialog}
    </>
  );
}
