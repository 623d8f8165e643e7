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
import { CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

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
    <Drawer.Root open={open} onOpenChange={(details) => (details.open ? undefined : onClose())} size={{ base: 'full', md: 'lg' }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testId}>
            <Drawer.Header>
              <Stack gap="1" minWidth="0">
                <Drawer.Title>{title}</Drawer.Title>
                {subtitle}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
