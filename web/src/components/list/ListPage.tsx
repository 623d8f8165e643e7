/**
 * The layout of a list page: the search bar, then a card with the toolbar (beside the title when
 * there is one) and the table; dialogs and drawers after it.
 *
 * ```tsx
 * <ListPage testId="supplier-page" search={<ListSearchBar …/>} toolbar={<ListToolbar …/>} dialogs={<>…</>}>
 *   <ListTable list={page.list} columns={columns} caption={t('caption')} testId="supplier-table" selectable />
 * </ListPage>
 * ```
 */
import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ServerList } from '../../hooks/useServerList';
import { DataTable, type DataTableProps } from '../DataTable';
import { SearchBar, type SearchBarProps } from '../SearchBar';
import { ToolbarInHeader } from './ListToolbar';

export interface ListPageProps {
  /** `data-testid` of the page. */
  testId?: string;
  /** No card (a list inside a drawer, a tab or a dialog): search bar, toolbar and table stacked. */
  plain?: boolean;
  search?: ReactNode;
  /** A card beside the search bar on wide screens (a checker, a summary). */
  aside?: ReactNode;
  /** A heading in the card's header (the toolbar then sits beside it). */
  title?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  toolbar?: ReactNode;
  /** The table (and whatever goes with it in the card). */
  children: ReactNode;
  /** Dialogs and drawers of the page. */
  dialogs?: ReactNode;
}

/** True inside a plain {@link ListPage}: the search bar draws no card of its own. */
const PlainList = createContext(false);

export function ListPage({ testId, plain = false, search, aside, title, subtitle, toolbar, children, dialogs }: ListPageProps) {
  if (plain) {
    return (
      <Stack gap="4" data-testid={testId}>
        <PlainList value={true}>{search}</PlainList>
        {toolbar}
        {children}
        {dialogs}
      </Stack>
    );
  }
  return (
    <Stack gap="4" minWidth="0" data-testid={testId}>
      {aside ? (
        <Flex gap="4" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <Box flex="2" minWidth="0">
            {search}
          </Box>
          <Card.Root size="sm" flex="1" minWidth="0">
            <Card.Body>{aside}</Card.Body>
          </Card.Root>
        </Flex>
      ) : (
        search
      )}
      <Card.Root size="sm" minWidth="0">
        {title ? (
          <>
            <Card.Header>
              <Flex gap="3" wrap="wrap" align="center" justify="space-between">
                <Stack gap="0.5">
                  <Heading size="md">{title}</Heading>
                  {subtitle}
                </Stack>
                <ToolbarInHeader value={true}>{toolbar}</ToolbarInHeader>
              </Flex>
            </Card.Header>
            <Card.Body>{children}</Card.Body>
          </>
        ) : (
          <Card.Body>
            <Stack gap="4">
              {toolbar}
              {children}
            </Stack>
          </Card.Body>
        )}
      </Card.Root>
      {dialogs}
    </Stack>
  );
}

/** A muted line under a list's title. */
export function ListSubtitle({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text textStyle="sm" color="fg.muted" data-testid={testId}>
      {children}
    </Text>
  );
}

export type ListTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'total' | 'loading' | 'page' | 'onPageChange' | 'sort' | 'onSortChange' | 'selectedIds' | 'onSelectionChange'> & {
  list: ServerList<T>;
  /** Row checkboxes for batch actions (usually: the user may use one of them). */
  selectable?: boolean;
  /** A selection held elsewhere (a picker keeps its picks across searches) instead of the list's. */
  selection?: { ids: string[]; onChange: (ids: string[]) => void };
  /** Rows to show instead of the list's (a tree built from them). */
  rows?: T[];
};

/** A {@link DataTable} wired to a server list: rows, total, loading, paging, sort and selection. */
export function ListTable<T>({ list, selectable = false, selection, rows, ...rest }: ListTableProps<T>) {
  return (
    <DataTable<T>
      rows={rows ?? list.rows}
      total={list.total}
      loading={list.loading}
      page={list.page}
      onPageChange={list.setPage}
      sort={list.sort}
      onSortChange={list.setSort}
      selectedIds={selection ? selection.ids : selectable ? list.selection : undefined}
      onSelectionChange={selection ? selection.onChange : selectable ? list.setSelection : undefined}
      {...rest}
    />
  );
}

export type ListSearchBarProps = Omit<SearchBarProps, 'onSearch' | 'onReset' | 'loading'> & {
  page: { search: () => void; reset: () => void; list: { loading: boolean } };
  /** Replaces the plain search (e.g. to refuse an invalid range). */
  onSearch?: () => void;
  /** Replaces the plain reset (e.g. to keep the tab). */
  onReset?: () => void;
};

/** The {@link SearchBar} of a list page: Search applies the draft, Reset empties it. */
export function ListSearchBar({ page, onSearch, onReset, ...rest }: ListSearchBarProps) {
  const plain = useContext(PlainList);
  return (
    <SearchBar
      onSearch={onSearch ?? (() => page.search())}
      onReset={onReset ?? page.reset}
      loading={page.list.loading}
      {...(plain ? { card: false, visibleOnPhone: 2 } : {})}
      {...rest}
    />
  );
}
