/**
 * Staff upload tracking events as a CSV (UTF-8) or xlsx file. The server checks every cell with
 * core's rules: with any bad cell nothing is stored and each is listed here by row; otherwise it
 * says how many were stored, how many it had already, and which numbers no order has.
 */
import { Button, Dialog, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/form/FormField';
import { FormFooter } from '../../components/form/FormFooter';
import { DownloadIcon } from '../../components/icons';
import { toastSuccess } from '../../components/list';
import { DialogShell } from '../../components/overlay';
import { uploadTrackEvents, UPLOAD_MAX_BYTES, type TrackUploadReport } from './api';

/** A template with the headings the server reads, and one example row. */
const TEMPLATE = 'number,code,time,location,detail,detailEn,reason,pieces\nLS000000017CN,delivered,2026-11-28 10:00 +08:00,Shenzhen,已签收,Delivered,,1\n';

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob(['\uFEFF', TEMPLATE], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'tracking-events.csv';
  link.click();
  URL.revokeObjectURL(url);
}

interface TrackUploadDialogProps {
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}

export function TrackUploadDialog({ open, onClose, onUploaded }: TrackUploadDialogProps) {
  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? undefined : onClose())} testId="track-upload-dialog">
      {open ? <UploadForm onClose={onClose} onUploaded={onUploaded} /> : null}
    </DialogShell>
  );
}

function UploadForm({ onClose, onUploaded }: Omit<TrackUploadDialogProps, 'open'>) {
  const { t } = useTranslation('trackEvent');
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<{ message: string; file?: boolean; report?: TrackUploadReport }>();
  const [saving, setSaving] = useState(false);

  function pick(picked: File | undefined) {
    setProblem(undefined);
    setFile(undefined);
    if (!picked) return;
    if (picked.size > UPLOAD_MAX_BYTES) return setProblem({ message: t('upload.tooLarge'), file: true });
    setFile(picked);
  }

  async function save() {
    setProblem(undefined);
    if (!file) return setProblem({ message: t('upload.fileRequired'), file: true });
    setSaving(true);
    try {
      const answer = await uploadTrackEvents(file);
      const report = answer.result;
      toastSuccess(t('upload.done', { stored: report?.stored ?? 0, duplicates: report?.duplicates ?? 0 }));
      onUploaded();
      if (report && report.unknown.length > 0) {
        setProblem({ message: t('upload.unknown', { count: report.unknown.length, numbers: report.unknown.slice(0, 20).join(', ') }) });
      } else {
        onClose();
      }
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const result = failure instanceof ApiError ? failure.envelope?.result : undefined;
      const report = result && typeof result === 'object' && 'errors' in result ? (result as TrackUploadReport) : undefined;
      setProblem({ message, report });
    } finally {
      setSaving(false);
    }
  }

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
          <Button variant="outline" size="xs" alignSelf="flex-start" onClick={downloadTemplate} data-testid="track-upload-template">
            <DownloadIcon />
            {t('upload.template')}
          </Button>
          <ErrorAlert message={problem && !problem.file ? problem.message : undefined} testId="track-upload-error" />
          {problem?.report?.errors.length ? (
            <List.Root fontSize="sm" gap="1" ps="4" maxH="40" overflowY="auto" data-testid="track-upload-errors">
              {problem.report.errors.slice(0, 50).map((e) => (
                <List.Item key={`${e.row}-${e.column}`}>
                  {`${t('upload.row', { row: e.row })}: ${e.message}`}
                </List.Item>
              ))}
            </List.Root>
          ) : null}
          <FormField label={t('upload.file')} required helper={t('upload.fileHelp')} error={problem?.file ? problem.message : undefined}>
            <Input
              size="sm"
              type="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              paddingY="1"
              onChange={(e) => pick(e.currentTarget.files?.[0])}
              data-testid="track-upload-file"
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormFooter kind="dialog" saving={saving} submitTestId="track-upload-submit" submitLabel={t('upload.submit')} />
    </form>
  );
}
