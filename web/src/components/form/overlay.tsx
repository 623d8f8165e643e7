/**
 * The shells of dialogs and drawers: the overlay, the box and its close button (Esc and a click
 * outside close it too). The box's content is mounted at each opening and goes when it closes.
 *
 * ```tsx
 * <DialogShell open={open} onOpenChange={onOpenChange} testId="allocate-dialog">
 *   <Dialog.Header>…</Dialog.Header><Dialog.Body>…</Dialog.Body>
 * </DialogShell>
 * ```
 */
import { CloseButton, Dialog, Drawer, Portal, type DialogContentProps, type DialogRootProps, type DrawerRootProps } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';

/** What a dialog or drawer is given by its page. */
export interface FormOpenProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export type OverlayKind = 'dialog' | 'drawer';

/** The parts of a dialog and of a drawer (the same names in both). */
export const OVERLAY_PARTS = { dialog: Dialog, drawer: Drawer } as const;

interface ShellProps extends FormOpenProps {
  /** `data-testid` of the box. */
  testId: string;
  /** Props of the box (a fixed width…). */
  contentProps?: DialogContentProps;
  children: ReactNode;
}

function OverlayShell({ kind, open, onOpenChange, testId, contentProps, rootProps, children }: ShellProps & { kind: OverlayKind; rootProps: Partial<DialogRootProps> }) {
  const parts = OVERLAY_PARTS[kind];
  // Both roots take the same props but for their placements.
  const Root = parts.Root as ComponentType<DialogRootProps>;
  return (
    <Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit {...rootProps}>
      <Portal>
        <parts.Backdrop />
        <parts.Positioner>
          <parts.Content data-testid={testId} {...contentProps}>
            {children}
            <parts.CloseTrigger asChild>
              <CloseButton size="sm" />
            </parts.CloseTrigger>
          </parts.Content>
        </parts.Positioner>
      </Portal>
    </Root>
  );
}

/** A centred dialog (full screen on phones unless sized otherwise). */
export function DialogShell({ size = { base: 'full', sm: 'md' }, scrollBehavior, ...shell }: ShellProps & Pick<DialogRootProps, 'size' | 'scrollBehavior'>) {
  return <OverlayShell kind="dialog" rootProps={{ placement: 'center', size, scrollBehavior }} {...shell} />;
}

/** A drawer from the end side; `closeOnInteractOutside={false}` where much typing would be lost. */
export function DrawerShell({ size = { base: 'full', md: 'lg' }, placement = 'end', closeOnInteractOutside, ...shell }: ShellProps & Pick<DrawerRootProps, 'size' | 'placement' | 'closeOnInteractOutside'>) {
  return <OverlayShell kind="drawer" rootProps={{ size: size as DialogRootProps['size'], placement: placement as DialogRootProps['placement'], closeOnInteractOutside }} {...shell} />;
}
