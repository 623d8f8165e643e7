/**
 * A return's files: photos of the parcel, a PDF of the carrier's proof. Each downloads with the
 * session's header (the server gives a file only to those who see its return). A new file is
 * checked by core first, on its size and its first bytes (a name can lie): an `.exe` or a file
 * over 10 MB is refused here and never uploaded; the server checks it again. The uploader or
 * staff may delete a file while the return is open, after confirmation.
 */
import { Alert, Box, Button, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../api/client';
import { useConfirm } from '../../components/ConfirmDialog';
import { serverError } from '../../components/form/serverError';
import { DownloadIcon, FileTextIcon, TrashIcon, UploadIcon } from '../../components/icons';
import { LinkButton } from '../../components/LinkButton';
import { ListEmpty, toastSuccess } from '../../components/list';
import { returnAttachmentIssue } from '../../core';
import { currentLanguage, useLanguage } from '../../i18n';
import { useUserInfo } from '../../lib/session';
import { showTime } from '../../lib/utcTime';
import { ATTACHMENT_ACCEPT, deleteAttachment, downloadAttachment, fileHead, uploadAttachment, type ReturnAttachmentRecord, type ReturnDetail } from './api';
import { useActionStates, useViewerSide } from './hooks';

/** `2048` → `2 KB` in the reader's notation. */
export function fileSize(bytes: number, lang: string): string {
  const units = ['B', 'KB', 'MB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/**
 * Core's refusal of a file about to be attached (its size, its kind from its first bytes), in the
 * UI's language, or undefined when the server would take it. A refusal whose words the browser's
 * core leaves out (messages only the server says are empty there) reads `fallback`.
 */
export async function attachmentIssue(file: File, fallback: string): Promise<string | undefined> {
  const verdict = returnAttachmentIssue(file.size, await fileHead(file), currentLanguage());
  if (verdict === undefined) return undefined;
  return verdict.trim() === '' ? fallback : verdict;
}

function AttachmentRow({ attachment, deletable, onDelete }: { attachment: ReturnAttachmentRecord; deletable: boolean; onDelete: () => void }) {
  const { t } = useTranslation('returns');
  const lang = useLanguage();
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadAttachment(attachment)
      .catch((failure: unknown) => showNotice(serverError(failure).message))
      .finally(() => setDownloading(false));
  };
  return (
    <HStack gap="3" borderWidth="1px" rounded="l2" paddingX="3" paddingY="2" align="center" data-testid="return-attachment">
      <Box color="fg.muted" flexShrink={0}>
        <FileTextIcon />
      </Box>
      <Stack gap="0" minWidth="0" flex="1">
        <LinkButton onClick={download} disabled={downloading} title={t('attachment.download', { name: attachment.fileName })} data-testid="return-attachment-download" textAlign="start" wordBreak="break-all">
          {attachment.fileName}
        </LinkButton>
        <Text textStyle="xs" color="fg.muted">
          {[fileSize(attachment.sizeBytes, lang), attachment.createBy, showTime(attachment.createTime)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <IconButton size="xs" variant="ghost" aria-label={t('attachment.download', { name: attachment.fileName })} loading={downloading} onClick={download}>
        <DownloadIcon />
      </IconButton>
      {deletable ? (
        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('attachment.delete', { name: attachment.fileName })} onClick={onDelete} data-testid="return-attachment-delete">
          <TrashIcon />
        </IconButton>
      ) : null}
    </HStack>
  );
}

export function ReturnAttachments({ detail, onChanged }: { detail: ReturnDetail; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('returns');
  const side = useViewerSide();
  const me = useUserInfo()?.username;
  const stateOf = useActionStates();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const { confirm, dialog } = useConfirm();
  const canAttach = detail.actions.includes('attach') && stateOf('attach') === 'visible';
  const attachState = detail.actions.includes('attach') ? stateOf('attach') : 'hidden';
  // The uploader or staff, while the return is open (the server decides again).
  const deletable = (attachment: ReturnAttachmentRecord) => canAttach && (side === 'staff' || (me !== undefined && attachment.createBy === me));

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem(undefined);
    const refused = await attachmentIssue(file, t('attachment.refusedGeneric'));
    if (refused) {
      setProblem(t('attachment.refused', { name: file.name, message: refused }));
      return;
    }
    setUploading(true);
    try {
      await uploadAttachment(detail.id, file);
      toastSuccess(t('attachment.uploaded', { name: file.name }));
      await onChanged();
    } catch (failure) {
      setProblem(serverError(failure).message);
    } finally {
      setUploading(false);
    }
  }

  const askDelete = (attachment: ReturnAttachmentRecord) =>
    confirm({
      title: t('attachment.deleteTitle'),
      description: t('attachment.deleteDescription', { name: attachment.fileName }),
      confirmLabel: t('attachment.deleteConfirm'),
      testId: 'return-attachment-delete-confirm',
      onConfirm: async () => {
        try {
          await deleteAttachment(attachment.id);
          toastSuccess(t('attachment.deleted', { name: attachment.fileName }));
          await onChanged();
        } catch (failure) {
          setProblem(serverError(failure).message);
        }
      },
    });

  return (
    <Stack gap="3" data-testid="return-attachments">
      {attachState !== 'hidden' ? (
        <HStack gap="3" wrap="wrap">
          <VisuallyHidden>
            <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} aria-label={t('attachment.upload')} data-testid="return-attachment-input" onChange={(event) => void pick(event.target.files?.[0])} />
          </VisuallyHidden>
          <Button size="sm" variant="outline" loading={uploading} disabled={attachState === 'disabled'} onClick={() => input.current?.click()} data-testid="return-attachment-upload">
            <UploadIcon />
            {t('attachment.upload')}
          </Button>
          <Text textStyle="xs" color="fg.muted">
            {t('attachment.hint')}
          </Text>
        </HStack>
      ) : null}
      {problem ? (
        <Alert.Root status="error" size="sm" role="alert" data-testid="return-attachment-problem">
          <Alert.Indicator />
          <Alert.Description>{problem}</Alert.Description>
        </Alert.Root>
      ) : null}
      {detail.attachments.length === 0 ? (
        <ListEmpty icon={<FileTextIcon />} title={t('attachment.empty')} testId="return-attachments-empty" />
      ) : (
        <Stack gap="2">
          {detail.attachments.map((attachment) => (
            <AttachmentRow key={attachment.id} attachment={attachment} deletable={deletable(attachment)} onDelete={() => askDelete(attachment)} />
          ))}
        </Stack>
      )}
      {dialog}
    </Stack>
  );
}
