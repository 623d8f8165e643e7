/**
 * A drawer holding a list that belongs to one record (a dictionary's items, a menu's data rules):
 * title and a line under it, the list as the body, a close button. Its content mounts when it
 * opens and goes when it closes, so the list's filters start empty each time.
 *
 * ```tsx
 * <ListDrawer open={dict !== undefined} onClose={onClose} title={…} testId="dict-items-drawer">
 *   {dict ? <ItemsPanel dict={dict} /> : null}
 * </ListDrawer>
 * ```
 */
import { Drawer } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DrawerShell, OverlayHeader } from '../overlay';

export interface ListDrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Under the title (a code, a description). */
  subtitle?: ReactNode;
  children: ReactNode;
  testId: string;
}

export function ListDrawer({ open, onClose, title, subtitle, children, testId }: ListDrawerProps) {
  return (
    <DrawerShell open={open} onClose={onClose} testId={testId}>
      <OverlayHeader kind="drawer" title={title} subtitle={subtitle} />
      <Drawer.Body>{children}</Drawer.Body>
    </DrawerShell>
  );
}
