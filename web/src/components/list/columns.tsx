/** Columns several lists share: a record's code and its two-language name. */
import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DataColumn } from '../DataTable';

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
  return {
    id: 'code',
    header,
    sortable: true,
    cell: (row) => (
      <Text fontFamily="mono" textStyle="sm" fontWeight="medium">
        {row.code}
      </Text>
    ),
  };
}

/** The sortable `name` column with the English name under it. */
export function nameColumn<T extends { name: string; nameEn?: string | null }>(header: ReactNode): DataColumn<T> {
  return { id: 'name', header, sortable: true, minWidth: '160px', cell: (row) => <TwoLines first={row.name} second={row.nameEn} /> };
}
