import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PRIORITIES, type Priority } from './api';

/** Spec: L = general (gray), M = important (orange), H = urgent (red). */
export const PRIORITY_COLORS: Record<Priority, string> = { L: 'gray', M: 'orange', H: 'red' };

export function isPriority(value: unknown): value is Priority {
  return typeof value === 'string' && (PRIORITIES as readonly string[]).includes(value);
}

/** An announcement's priority as a coloured tag. */
export function PriorityTag({ priority, ...badge }: { priority: string | null | undefined } & Omit<BadgeProps, 'children' | 'colorPalette'>) {
  const { t } = useTranslation('notice');
  if (!isPriority(priority)) return null;
  return (
    <Badge size="sm" variant="subtle" colorPalette={PRIORITY_COLORS[priority]} flexShrink={0} data-testid="priority-tag" data-priority={priority} {...badge}>
      {t(`priority.${priority}`)}
    </Badge>
  );
}
