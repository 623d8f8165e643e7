/**
 * The shells of dialogs and drawers and their common parts.
 *
 * - {@link DialogShell}, {@link DrawerShell}: the overlay, the box and its close button (Esc and a
 *   click outside close it too). The box's content is mounted at each opening and goes when it
 *   closes.
 * - {@link OverlayHeader}: the title, and a line under it.
 * - {@link CloseFooter}: a footer with one Close button (`FormFooter` in `form/` has Cancel and Save).
 *
 * ```tsx
 * <DialogShell open={record !== undefined} onClose={onClose} testId="allocate-dialog">
 *   <OverlayHeader title={t('allocate.title')} />
 *   <Dialog.Body>…</Dialog.Body>
 *   <CloseFooter />
 * </DialogShell>
 * ```
 */
import { Button, CloseButton, Dialog, Drawer, Portal, Stack, type ButtonProps, type DialogContentProps, type DialogRootProps, type DrawerRootProps } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a dialog or drawer is given by its page. */
export interface FormOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export type OverlayKind = 'dialog' | 'drawer';

/** The parts of a dialog and of a drawer (the same names in both). */
export const OVERLAY_PARTS = { dialog: Dialog, drawer: Drawer } as const;

interface ShellProps {
  open: boolean;
  /** Told of every change, open or closed. */
  onOpenChange?: (open: boolean) => void;
  /** Told when the box closes (Esc, a click outside, a close button). */
  onClose?: () => void;
  /** `data-testid` of the box. */
  testId: string;
  /** Props of the box (a fixed width…). */
  contentProps?: DialogContentProps;
  /** The close button in the corner: shown (default), `'disabled'` (while something runs) or none (`false`). */
  closeButton?: boolean | 'disabled';
  /** The close button's accessible name (default: the button's own, "Close"). */
  closeLabel?: string;
  children: ReactNode;
}

/** Options of the root both shells pass on as they are. */
type RootOptions = Pick<DialogRootProps, 'role' | 'initialFocusEl' | 'closeOnEscape' | 'closeOnInteractOutside'>;

function OverlayShell({
  kind,
  shell: { open, onOpenChange, onClose, testId, contentProps, closeButton = true, closeLabel, children },
  rootProps,
}: {
  kind: OverlayKind;
  shell: ShellProps;
  rootProps: Partial<DialogRootProps>;
}) {
  const parts = OVERLAY_PARTS[kind];
  // Both roots take the same props but for their placements.
  const Root = parts.Root as ComponentType<DialogRootProps>;
  const change = (next: boolean) => {
    onOpenChange?.(next);
    if (!next) onClose?.();
  };
  return (
    <Root open={open} onOpenChange={(details) => change(details.open)} lazyMount unmountOnExit {...rootProps}>
      <Portal>
        <parts.Backdrop />
        {/* A dialog taller than the window starts at its top, where centring would cut its head off unreachably. */}
        <parts.Positioner alignItems={kind === 'dialog' ? 'safe center' : undefined}>
          <parts.Content data-testid={testId} {...contentProps}>
            {children}
            {closeButton ? (
              <parts.CloseTrigger asChild disabled={closeButton === 'disabled'}>
                <CloseButton size="sm" aria-label={closeLabel} />
              </parts.CloseTrigger>
            ) : null}
          </parts.Content>
        </parts.Positioner>
      </Portal>
    </Root>
  );
}

export type DialogShellProps = ShellProps & RootOptions & Pick<DialogRootProps, 'size' | 'scrollBehavior'>;

/** A centred dialog (full screen on phones unless sized otherwise). */
export function DialogShell({ open, onOpenChange, onClose, testId, contentProps, closeButton, closeLabel, children, size = { base: 'full', sm: 'md' }, ...root }: DialogShellProps) {
  return <OverlayShell kind="dialog" shell={{ open, onOpenChange, onClose, testId, contentProps, closeButton, closeLabel, children }} rootProps={{ placement: 'center', size, ...root }} />;
}

export type DrawerShellProps = ShellProps & RootOptions & Pick<DrawerRootProps, 'size' | 'placement'>;

/** A drawer from the end side; `closeOnInteractOutside={false}` where much typing would be lost. */
export function DrawerShell({ open, onOpenChange, onClose, testId, contentProps, closeButton, closeLabel, children, size = { base: 'full', md: 'lg' }, placement = 'end', ...root }: DrawerShellProps) {
  return (
    <OverlayShell
      kind="drawer"
      shell={{ open, onOpenChange, onClose, testId, contentProps, closeButton, closeLabel, children }}
      rootProps={{ size: size as DialogRootProps['size'], placement: placement as DialogRootProps['placement'], ...root }}
    />
  );
}

/** The title of a dialog or drawer and a line under it (a name, a code); `bordered` draws a line below. */
export function OverlayHeader({ kind = 'dialog', title, subtitle, bordered = false }: { kind?: OverlayKind; title: ReactNode; subtitle?: ReactNode; bordered?: boolean }) {
  const { Header, Title } = OVERLAY_PARTS[kind];
  return (
    <Header borderBottomWidth={bordered ? '1px' : undefined}>
      <Stack gap="1" minWidth="0">
        <Title>{title}</Title>
        {subtitle}
      </Stack>
    </Header>
  );
}

/** A footer with one button that closes the dialog or drawer ("Close" unless told). */
export function CloseFooter({ kind = 'dialog', label, variant, testId }: { kind?: OverlayKind; label?: ReactNode; variant?: ButtonProps['variant']; testId?: string }) {
  const { t } = useTranslation('dataTable');
  const { Footer, ActionTrigger } = OVERLAY_PARTS[kind];
  return (
    <Footer>
      <ActionTrigger asChild>
        <Button size="sm" variant={variant} data-testid={testId}>
          {label ?? t('action.close')}
        </Button>
      </ActionTrigger>
    </Footer>
  );
}
