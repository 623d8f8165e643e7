/**
 * Uploads the label a carrier gave for an order whose channel product says the carrier supplies
 * it: the order (fixed when opened from an order's row, else typed by its number), the carrier's
 * number on the label if known, and the PDF (checked here for type and size first; the server
 * checks it is a readable PDF). The order prints with it from then on.
 */
import { Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/form/FormField';
import { FormFooter } from '../../components/form/FormFooter';
import { serverError } from '../../components/form/serverError';
import { DialogShell } from '../../components/overlay';
import { toastSuccess } from '../../components/list';
import { CARRIER_LABEL_MAX_BYTES, uploadCarrierLabel, type CarrierLabelTarget } from './api';

interface CarrierLabelUploadDialogProps {
  /** Open with this order (its number shown, not editable), or with none (typed). */
  target: CarrierLabelTarget | undefined;
  onClose: () => void;
  onUploaded?: () => void;
}

export function CarrierLabelUploadDialog({ target, onClose, onUploaded }: CarrierLabelUploadDialogProps) {
  return (
    <DialogShell open={target !== undefined} onOpenChange={(open) => (open ? undefined : onClose())} testId="carrier-label-upload-dialog">
      {target ? <UploadForm target={target} onClose={onClose} onUploaded={onUploaded} /> : null}
    </DialogShell>
  );
}

type Problem = { field?: 'serialNumber' | 'file' | 'trackNo'; message: string };

function UploadForm({ target, onClose, onUploaded }: { target: CarrierLabelTarget; onClose: () => void; onUploaded?: () => void }) {
  const { t } = useTranslation('carrierLabel');
  const fixed = Boolean(target.shipmentId);
  const [serialNumber, setSerialNumber] = useState(target.serialNumber ?? '');
  const [trackNo, setTrackNo] = useState('');
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<Problem>();
  const [saving, setSaving] = useState(false);

  function pick(picked: File | undefined) {
    setProblem(undefined);
    setFile(undefined);
    if (!picked) return;
    if (picked.size > CARRIER_LABEL_MAX_BYTES) return setProblem({ field: 'file', message: t('upload.tooLarge') });
    if (picked.type !== '' && picked.type !== 'application/pdf') return setProblem({ field: 'file', message: t('upload.wrongType') });
    setFile(picked);
  }

  async function save() {
    setProblem(undefined);
    if (!fixed && !serialNumber.trim()) return setProblem({ field: 'serialNumber', message: t('upload.serialRequired') });
    if (!file) return setProblem({ field: 'file', message: t('upload.fileRequired') });
    setSaving(true);
    try {
      const answer = await uploadCarrierLabel(fixed ? { shipmentId: target.shipmentId } : { serialNumber: serialNumber.trim() }, file, trackNo);
      toastSuccess(t('upload.done', { serial: answer.result?.record.serialNumber ?? serialNumber, count: answer.result?.pages ?? 1 }));
      onUploaded?.();
      onClose();
    } catch (failure) {
      const { message, field } = serverError(failure);
      setProblem({ field: field === 'file' || field === 'trackNo' || field === 'serialNumber' ? field : undefined, message });
    } finally {
      setSaving(false);
    }
  }

  const fieldError = (name: Problem['field']) => (problem && problem.field === name ? problem.message : undefined);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>{t('upload.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Text textStyle="sm" color="fg.muted">
            {t('upload.hint')}
          </Text>
          <ErrorAlert message={problem && !problem.field ? problem.message : undefined} testId="carrier-label-upload-error" />
          <FormField label={t('field.serialNumber')} required error={fieldError('serialNumber')}>
            <Input size="sm" fontFamily="mono" autoComplete="off" value={serialNumber} readOnly={fixed} onChange={(e) => setSerialNumber(e.currentTarget.value)} data-testid="carrier-label-serial" />
          </FormField>
          <FormField label={t('field.trackNo')} helper={t('upload.trackNoHelp')} error={fieldError('trackNo')}>
            <Input size="sm" fontFamily="mono" autoComplete="off" value={trackNo} onChange={(e) => setTrackNo(e.currentTarget.value)} data-testid="carrier-label-track-no" />
          </FormField>
          <FormField label={t('upload.file')} required helper={t('upload.fileHelp')} error={fieldError('file')}>
            <Input size="sm" type="file" accept="application/pdf" paddingY="1" onChange={(e) => pick(e.currentTarget.files?.[0])} data-testid="carrier-label-file" />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={saving} submitTestId="carrier-label-upload-submit" submitLabel={t('upload.submit')} />
    </form>
  );
}
