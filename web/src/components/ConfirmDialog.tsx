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
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!running) onOpenChange(details.open);
      }}
      role="alertdialog"
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
      initialFocusEl={() => confirmRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            mx="4"
            data-testid={testId}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.nativeEvent.isComposing && (event.target as HTMLElement).tagName !== 'BUTTON') {
                event.preventDefault();
                void run();
              }
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {description ? (
              <Dialog.Body>
                {typeof description === 'string' ? <Text color="fg.muted">{description}</Text> : description}
              </Dialog.Body>
            ) : null}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" size="sm" disabled={running} data-testid={`${testId}-cancel`}>
                  {cancelLabel ?? t('confirm.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button ref={confirmRef} size="sm" colorPalette={colorPalette} loading={running} onClick={() => void run()} data-testid={`${testId}-confirm`}>
                {confirmLabel ?? t('confirm.ok')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={running}>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
