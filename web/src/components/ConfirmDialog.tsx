/**
 * Confirmation before a destructive action (delete, freeze, ...). The confirm button is red by
 * default and shows a spinner while `onConfirm` runs; the dialog closes when it resolves and stays
 * open when it rejects (the API client has already shown the notice). Esc cancels, Enter confirms.
 *
 * Controlled: `<ConfirmDialog open={open} onOpenChange={setOpen} title=… onConfirm={…} />`, or
 * imperative through {@link useConfirm}:
 *
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * confirm({ title: t('confirm.deleteTitle', { ns: 'dataTable' }), description: …, onConfirm: () => deleteUser(id) });
 * return <>{…}{dialog}</>;
 * ```
 */
import { Dialog, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from './form/FormFooter';
import { DialogShell, OverlayHeader } from './overlay';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The action; a promise keeps the button loading until it settles. */
  onConfirm: () => unknown;
  /** Confirm button text (default "确定 / OK") and colour (default red). */
  confirmLabel?: string;
  cancelLabel?: string;
  colorPalette?: string;
  testId?: string;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel,
  cancelLabel,
  colorPalette = 'red',
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation('dataTable');
  const [running, setRunning] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  async function run() {
    if (running) return;
    setRunning(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Kept open: the failure was shown by the API client (or by the caller).
    } finally {
      setRunning(false);
    }
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        if (!running) onOpenChange(next);
      }}
      role="alertdialog"
      size="sm"
      initialFocusEl={() => confirmRef.current}
      testId={testId}
      closeButton={running ? 'disabled' : true}
      contentProps={{
        mx: '4',
        onKeyDown: (event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing && (event.target as HTMLElement).tagName !== 'BUTTON') {
            event.preventDefault();
            void run();
          }
        },
      }}
    >
      <OverlayHeader title={title} />
      {description ? <Dialog.Body>{typeof description === 'string' ? <Text color="fg.muted">{description}</Text> : description}</Dialog.Body> : null}
      <FormFooter
        kind="dialog"
        saving={running}
        onConfirm={() => void run()}
        submitRef={confirmRef}
        colorPalette={colorPalette}
        submitLabel={confirmLabel ?? t('confirm.ok')}
        submitTestId={`${testId}-confirm`}
        cancelLabel={cancelLabel ?? t('confirm.cancel')}
        cancelDisabled={running}
        cancelTestId={`${testId}-cancel`}
      />
    </DialogShell>
  );
}

/** What {@link useConfirm}'s `confirm` takes: the dialog's texts and action. */
export type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onOpenChange'>;

/** An imperative confirmation: `confirm(options)` opens the dialog; render `dialog` once. */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions>();
  const [open, setOpen] = useState(false);
  const confirm = useCallback((next: ConfirmOptions) => {
    setOptions(next);
    setOpen(true);
  }, []);
  const dialog = options ? <ConfirmDialog {...options} open={open} onOpenChange={setOpen} /> : null;
  return { confirm, dialog };
}
