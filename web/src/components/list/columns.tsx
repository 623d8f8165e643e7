/** Columns several lists share: a record's code and its two-language name, times, tags. */
import { Badge, Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { showTime } from '../../lib/utcTime';
import type { DataColumn } from '../DataTable';
import { StatusBadge } from '../StatusBadge';

/** A code and, under it, a muted second line (a name, a hint) when there is one. */
export function TwoLines({ first, second, mono = false }: { first: ReactNode; second?: ReactNode; mono?: boolean }) {
  return (
    <Box>
      {mono ? (
        <Text fontFamily="mono" textStyle="sm">
          {first}
        </Text>
      ) : (
        <Text>{first}</Text>
      )}
      {second ? (
        <Text textStyle="xs" color="fg.muted">
          {second}
        </Text>
      ) : null}
    </Box>
  );
}

/** The sortable `code` column, in monospace. */
export function codeColumn<T extends { code: string }>(header: ReactNode): DataColumn<T> {
  return monoColumn<T>('code', header, (row) => row.code, { sortable: true, strong: true });
}

/** The sortable `name` column with the English name under it. */
export function nameColumn<T extends { name: string; nameEn?: string | null }>(header: ReactNode): DataColumn<T> {
  return { id: 'name', header, sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.name} second={row.nameEn} /> };
}

/** A column of a server time, shown in the browser's zone on one line (`—` when there is none). */
export function timeColumn<T>(id: string, header: ReactNode, value: (row: T) => string | null | undefined, column: Partial<Omit<DataColumn<T>, 'id' | 'header' | 'cell'>> = {}): DataColumn<T> {
  return { id, header, ...column, cell: (row) => <Text whiteSpace="nowrap">{showTime(value(row)) || '—'}</Text> };
}

/** A sortable creation time column in the browser's zone (hidden on phones). */
export function createTimeColumn<T extends { createTime?: string | null }>(header: ReactNode, hideBelow: DataColumn<T>['hideBelow'] = 'md'): DataColumn<T> {
  return timeColumn<T>('createTime', header, (row) => row.createTime, { sortable: true, hideBelow });
}

/** A column of a short label as a coloured tag (`—` when there is none). */
export function tagColumn<T>({ label, colorPalette, ...column }: Omit<DataColumn<T>, 'cell'> & { label: (row: T) => ReactNode; colorPalette: string }): DataColumn<T> {
  return {
    ...column,
    cell: (row) => {
      const text = label(row);
      return text ? (
        <Badge size="sm" variant="subtle" colorPalette={colorPalette}>
          {text}
        </Badge>
      ) : (
        '—'
      );
    },
  };
}

/** A status column: a green (on) or grey (off) badge with its label. */
export function statusColumn<T>(header: ReactNode, isOn: (row: T) => boolean, label: (row: T) => string, id = 'status'): DataColumn<T> {
  return { id, header, cell: (row) => <StatusBadge active={isOn(row)} label={label(row)} /> };
}

/** A column of a value in monospace (`—` when empty); `strong` for a row's key. */
export function monoColumn<T>(
  id: string,
  header: ReactNode,
  value: (row: T) => ReactNode,
  { size = 'sm', strong = false, ...column }: Partial<Omit<DataColumn<T>, 'id' | 'header' | 'cell'>> & { size?: 'xs' | 'sm'; strong?: boolean } = {},
): DataColumn<T> {
  return {
    id,
    header,
    ...column,
    cell: (row) => {
      const text = value(row);
      return text === null || text === undefined || text === '' ? (
        '—'
      ) : (
        <Text fontFamily="mono" textStyle={size} fontWeight={strong ? 'medium' : undefined}>
          {text}
        </Text>
      );
    },
  };
}

/** A column of long text cut to one line, whole in the tooltip (`—` when empty). */
export function truncatedColumn<T>(id: string, header: ReactNode, value: (row: T) => string | null | undefined, maxWidth: string, column: Partial<Omit<DataColumn<T>, 'id' | 'header' | 'cell'>> = {}): DataColumn<T> {
  return {
    id,
    header,
    ...column,
    cell: (row) => (
      <Text truncate maxWidth={maxWidth} title={value(row) ?? undefined}>
        {value(row) || '—'}
      </Text>
    ),
  };
}
