import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERLAY_PARTS, type OverlayKind } from './overlay';

export interface FormFooterProps {
  kind: OverlayKind;
  /** The save runs: its button spins. */
  saving: boolean;
  submitTestId?: string;
  /** Default: "Save". */
  submitLabel?: ReactNode;
  /** Default: "Cancel". */
  cancelLabel?: ReactNode;
  submitDisabled?: boolean;
  /** Without it the button submits its form; with it, a click runs it. */
  onConfirm?: () => void;
  size?: 'sm' | 'md';
  /** Before the buttons (e.g. a secondary action). */
  children?: ReactNode;
}

/** The footer of a form in a dialog or drawer: Cancel (closes) and Save (submits). */
export function FormFooter({ kind, saving, submitTestId, submitLabel, cancelLabel, submitDisabled, onConfirm, size = 'sm', children }: FormFooterProps) {
  const { t } = useTranslation('dataTable');
  const { Footer, ActionTrigger } = OVERLAY_PARTS[kind];
  return (
    <Footer borderTopWidth={kind === 'drawer' ? '1px' : undefined}>
      {children}
      <ActionTrigger asChild>
        <Button variant="outline" size={size}>
          {cancelLabel ?? t('action.cancel')}
        </Button>
      </ActionTrigger>
      <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} size={size} loading={saving} disabled={submitDisabled} data-testid={submitTestId}>
        {submitLabel ?? t('action.save')}
      </Button>
    </Footer>
  );
}
