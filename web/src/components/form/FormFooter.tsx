import { Button } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERLAY_PARTS, type OverlayKind } from '../overlay';

export interface FormFooterProps {
  kind: OverlayKind;
  /** The save runs: its button spins. */
  saving: boolean;
  submitTestId?: string;
  /** Default: "Save". */
  submitLabel?: ReactNode;
  /** Default: "Cancel". */
  cancelLabel?: ReactNode;
  cancelTestId?: string;
  submitDisabled?: boolean;
  /** Cancel cannot be used (while the action runs, where it must not be left). */
  cancelDisabled?: boolean;
  /** Without it the button submits its form; with it, a click runs it. */
  onConfirm?: () => void;
  /** The colour of the main button (red for a destructive action). */
  colorPalette?: string;
  /** The main button (to focus it first). */
  submitRef?: Ref<HTMLButtonElement>;
  size?: 'sm' | 'md';
  /** Before the buttons (e.g. a secondary action). */
  children?: ReactNode;
}

/** The footer of a form in a dialog or drawer: Cancel (closes) and Save (submits, or runs `onConfirm`). */
export function FormFooter({
  kind,
  saving,
  submitTestId,
  submitLabel,
  cancelLabel,
  cancelTestId,
  submitDisabled,
  cancelDisabled,
  onConfirm,
  colorPalette,
  submitRef,
  size = 'sm',
  children,
}: FormFooterProps) {
  const { t } = useTranslation('dataTable');
  const { Footer, ActionTrigger } = OVERLAY_PARTS[kind];
  return (
    <Footer borderTopWidth={kind === 'drawer' ? '1px' : undefined}>
      {children}
      <ActionTrigger asChild>
        <Button variant="outline" size={size} disabled={cancelDisabled} data-testid={cancelTestId}>
          {cancelLabel ?? t('action.cancel')}
        </Button>
      </ActionTrigger>
      <Button
        ref={submitRef}
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        size={size}
        colorPalette={colorPalette}
        loading={saving}
        disabled={submitDisabled}
        data-testid={submitTestId}
      >
        {submitLabel ?? t('action.save')}
      </Button>
    </Footer>
  );
}
