import { Badge, Skeleton, Text, type BadgeProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useDict } from '../hooks/useDict';
import { dictColor } from '../lib/dict';

export interface DictTagProps extends Omit<BadgeProps, 'children' | 'colorPalette'> {
  /** The dictionary code, e.g. `priority`. */
  code: string;
  /** The stored value; shown as the item's text in the item's colour. */
  value: unknown;
  /** Shown for an empty value (default "—"). */
  empty?: ReactNode;
}

/**
 * A dictionary value as a badge: the item's text (in the UI language) in the item's colour. A value
 * the dictionary does not know shows as it is, in gray.
 *
 * ```tsx
 * <DictTag code="priority" value={row.priority} />
 * ```
 */
export function DictTag({ code, value, empty = '—', ...badge }: DictTagProps) {
  const { find, loading } = useDict(code);
  if (value === null || value === undefined || value === '') {
    return (
      <Text as="span" color="fg.subtle">
        {empty}
      </Text>
    );
  }
  const item = find(value);
  if (!item && loading) return <Skeleton display="inline-block" height="5" width="12" verticalAlign="middle" data-testid="dict-tag-loading" />;
  return (
    <Badge size="sm" variant="subtle" colorPalette={dictColor(item?.color)} data-value={String(value)} data-testid="dict-tag" {...badge}>
      {item?.text ?? String(value)}
    </Badge>
  );
}
