import { Dialog, Stack, Text } from '@chakra-ui/react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextareaField } from '../../../components/form/fields';
import { FormFooter } from '../../../components/form/FormFooter';
import { useKeptWhileClosing, useKitForm } from '../../../components/form/RecordFormDialog';
import { requiredText } from '../../../components/form/rules';
import { toastSuccess } from '../../../components/list';
import { DialogShell, OverlayHeader } from '../../../components/overlay';
import { VOID_REASON_MAX, voidNumbers, type DeliveryNumberRecord } from './api';

type Values = { reason: string };

/** Numbers named in the question, at most (the rest are counted). */
const NAMED = 5;

export interface VoidNumbersDialogProps {
  /** The numbers to void (none: closed). */
  numbers: DeliveryNumberRecord[] | undefined;
  onClose: () => void;
  /** After the numbers were voided (the page refreshes its list). */
  onVoided: () => unknown;
}

/**
 * Voids numbers of cancelled orders after asking why (required, at most 200 characters). Success
 * says how many were voided; a refusal (a number void already, a live or dispatched order, the
 * carrier saying no) is the server's notice, and the dialog stays open.
 */
export function VoidNumbersDialog({ numbers: next, onClose, onVoided }: VoidNumbersDialogProps) {
  const numbers = useKeptWhileClosing(next);
  return (
    <DialogShell open={next !== undefined} onOpenChange={(open) => (open ? undefined : onClose())} role="alertdialog" testId="delivery-number-void-form">
      {numbers ? <VoidForm numbers={numbers} onClose={onClose} onVoided={onVoided} /> : null}
    </DialogShell>
  );
}

function VoidForm({ numbers, onClose, onVoided }: { numbers: DeliveryNumberRecord[]; onClose: () => void; onVoided: () => unknown }) {
  const { t } = useTranslation('deliveryNumber');
  const form = useKitForm<Values>({ mode: 'onTouched', defaultValues: { reason: '' } });
  const count = numbers.length;
  const named = numbers.slice(0, NAMED).map((row) => row.trackNo).join(', ');
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      const envelope = await voidNumbers(
        numbers.map((row) => row.id),
        reason.trim(),
      );
      toastSuccess(t('void.done', { count: envelope.result.voided }));
      onClose();
      await onVoided();
    } catch {
      // Kept open: the API client has shown the server's reason.
    }
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void submit(event)} style={{ display: 'contents' }}>
        <OverlayHeader title={t('void.title', { count })} />
        <Dialog.Body>
          <Stack gap="4">
            <Text color="fg.muted" data-testid="delivery-number-void-numbers">
              {count > NAMED ? t('void.descriptionMore', { names: named, more: count - NAMED }) : t('void.description', { names: named })}
            </Text>
            <TextareaField<Values>
              name="reason" label={t('void.reason')} required maxLength={VOID_REASON_MAX} placeholder={t('void.reasonPlaceholder')} testId="delivery-number-void-reason"
              rules={{ validate: requiredText(t('void.reasonRequired')) }}
            />
          </Stack>
        </Dialog.Body>
        <FormFooter kind="dialog" saving={form.formState.isSubmitting} colorPalette="red" submitLabel={t('void.submit')} submitTestId="delivery-number-void-form-submit" cancelDisabled={form.formState.isSubmitting} />
      </form>
    </FormProvider>
  );
}
