/**
 * The empty state of a list, tab or tree: an icon, a title and/or a description, and optional
 * actions under them (add, import …). Pass it as a table's `emptyState`; other props style the box.
 *
 * ```tsx
 * <ListTable … emptyState={<ListEmpty icon={<InboxIcon />} title={t('emptyTitle')} description={t('emptyDescription')} testId="x-empty" />} />
 * ```
 */
import { EmptyState, HStack, VStack, type EmptyStateRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ListEmptyProps extends Omit<EmptyStateRootProps, 'title' | 'children' | 'size'> {
  icon: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons under the text. */
  children?: ReactNode;
  size?: 'sm' | 'md';
  testId?: string;
}

export function ListEmpty({ icon, title, description, children, size = 'sm', testId, ...root }: ListEmptyProps) {
  return (
    <EmptyState.Root size={size} data-testid={testId} {...root}>
      <EmptyState.Content>
        <EmptyState.Indicator>{icon}</EmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          {title ? <EmptyState.Title>{title}</EmptyState.Title> : null}
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {children ? (
          <HStack gap="2" wrap="wrap" justify="center">
            {children}
          </HStack>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
