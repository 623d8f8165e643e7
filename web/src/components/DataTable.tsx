/**
 * A server-driven table: the server pages and sorts, the table shows one page (TanStack Table v8
 * with manual pagination and sorting, drawn with Chakra's Table).
 *
 * ```tsx
 * const list = useServerList<UserRecord>('/sys/user/list', filters, { defaultSort: { column: 'createTime', order: 'desc' } });
 * <DataTable
 *   columns={[
 *     { id: 'username', header: t('field.username'), sortable: true },
 *     { id: 'status', header: t('field.status'), cell: (row) => <StatusTag status={row.status} /> },
 *     { id: 'actions', header: t('action.actions', { ns: 'dataTable' }), cell: (row) => <RowActions row={row} />, sticky: true },
 *   ]}
 *   rows={list.rows} total={list.total} loading={list.loading}
 *   page={list.page} onPageChange={list.setPage} sort={list.sort} onSortChange={list.setSort}
 *   selectedIds={list.selection} onSelectionChange={list.setSelection}
 *   getRowId={(row) => row.id}
 * />
 * ```
 *
 * Tree tables (menus, departments) pass `getSubRows` (and usually `pagination={false}`); the
 * column named by `treeColumn` (default: the first) carries the expand/collapse toggle.
 */
import {
  Box,
  ButtonGroup,
  Checkbox,
  Flex,
  HStack,
  IconButton,
  NativeSelect,
  Pagination,
  RadioGroup,
  Skeleton,
  Table,
  Text,
  VStack,
  chakra,
} from '@chakra-ui/react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type Row,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';
import { ListEmpty } from './list/ListEmpty';
import { ChevronLeftIcon, ChevronRightIcon, InboxIcon } from './icons';

/** Sort order as JeecgBoot's list calls take it (`column=...&order=asc|desc`). */
export type SortOrder = 'asc' | 'desc';

/** The server sort: a column name the list call accepts, and the order. */
export interface SortState {
  column: string;
  order: SortOrder;
}

/** The page asked of the server (1-based). */
export interface PageState {
  pageNo: number;
  pageSize: number;
}

/** One column of a {@link DataTable}. */
export interface DataColumn<T> {
  /** Unique id; for sortable columns also the `column` sent to the server. */
  id: string;
  /** Header content (already translated). */
  header: ReactNode;
  /** Cell content; without it the row's property named `id` is shown as text (empty shows "—"). */
  cell?: (row: T, info: { index: number; depth: number }) => ReactNode;
  /** A click on the header sorts by this column on the server. */
  sortable?: boolean;
  /** CSS width or min width of the column, e.g. "120px". */
  width?: string;
  minWidth?: string;
  textAlign?: 'start' | 'center' | 'end';
  /** Keeps the column visible at the right edge while scrolling sideways (actions). */
  sticky?: boolean;
  /** Hide the column below this breakpoint (e.g. "md"): phones see fewer columns. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl' | '2xl';
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  /** The rows of the current page (for tree tables: the roots). */
  rows: T[];
  /** Records on the server for the current filters (shown as "共 N 条 / N items"). */
  total?: number;
  /** While the page loads: skeleton rows when there are none yet, dimmed rows otherwise. */
  loading?: boolean;
  /** The row's stable id (selection, expansion, React keys). Defaults to `row.id`. */
  getRowId?: (row: T) => string;
  /** Current page and its change; `pagination={false}` hides the footer (tree tables). */
  page?: PageState;
  onPageChange?: (page: PageState) => void;
  pagination?: boolean;
  /** Page-size choices (default 10, 20, 50, 100). */
  pageSizeOptions?: number[];
  /** Current server sort and its change (`undefined` = back to the list's default sort). */
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
  /** Row selection (a checkbox column) is on when `onSelectionChange` is given; ids are controlled. */
  selectedIds?: string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Rows that may not be selected (their checkbox is disabled). */
  isRowSelectable?: (row: T) => boolean;
  /** One row at most: a radio per row and no "select all" (a picker of one record). */
  singleSelect?: boolean;
  /** The footer's "N selected · clear" (default true; off where the page shows its own). */
  selectionSummary?: boolean;
  /** Tree rows: the children of a row. */
  getSubRows?: (row: T) => T[] | undefined;
  /** The column that shows the tree toggle (default: the first column). */
  treeColumn?: string;
  /** Expanded rows of a tree table: `true` for all, or a map id → expanded. Uncontrolled without it. */
  expanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;
  /** Initial expansion when uncontrolled (default: nothing expanded). */
  defaultExpanded?: ExpandedState;
  /** Replaces the default empty state ("暂无数据 / No data"). */
  emptyState?: ReactNode;
  /** A click on a row (not on a control inside it). Give the row a button too, for the keyboard. */
  onRowClick?: (row: T) => void;
  /** Accessible name of the table. */
  caption?: string;
  /** Sets `data-testid` on the root, rows get `${testId}-row`. */
  testId?: string;
}

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];
const SKELETON_ROWS = 5;

const defaultRowId = (row: unknown): string => String((row as { id?: unknown }).id ?? '');

function plainValue(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function resolve<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

/** A server-driven table; see the file comment. */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    total,
    loading = false,
    getRowId = defaultRowId,
    page,
    onPageChange,
    pagination = true,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    sort,
    onSortChange,
    selectedIds,
    onSelectionChange,
    isRowSelectable,
    singleSelect = false,
    selectionSummary = true,
    getSubRows,
    treeColumn,
    expanded: controlledExpanded,
    onExpandedChange,
    defaultExpanded = {},
    emptyState,
    onRowClick,
    caption,
    testId,
  } = props;
  const { t } = useTranslation('dataTable');
  const [ownExpanded, setOwnExpanded] = useState<ExpandedState>(defaultExpanded);
  const expanded = controlledExpanded ?? ownExpanded;
  const selectable = onSelectionChange !== undefined;
  const selected = useMemo(() => new Set(selectedIds ?? []), [selectedIds]);
  const toggleColumnId = treeColumn ?? columns[0]?.id;

  const sorting: SortingState = useMemo(() => (sort ? [{ id: sort.column, desc: sort.order === 'desc' }] : []), [sort]);

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: () => column.header,
        enableSorting: column.sortable === true,
        cell: ({ row }) => (column.cell ? column.cell(row.original, { index: row.index, depth: row.depth }) : plainValue(row.original, column.id)),
      })),
    [columns],
  );

  // TanStack's table object is recreated on purpose each render; no React Compiler memoization here.
  // oxlint-disable-next-line react/incompatible-library
  const table = useReactTable<T>({
    data: rows,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    getSubRows,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getSubRows ? getExpandedRowModel() : undefined,
    manualPagination: true,
    manualSorting: true,
    state: { sorting, expanded },
    onExpandedChange: (updater) => {
      const next = resolve(updater, expanded);
      if (controlledExpanded === undefined) setOwnExpanded(next);
      onExpandedChange?.(next);
    },
  });

  const visibleRows = table.getRowModel().rows;
  const allRows = table.getCoreRowModel().flatRows;
  const selectableRows = allRows.filter((row) => !isRowSelectable || isRowSelectable(row.original));
  const selectedOnPage = selectableRows.filter((row) => selected.has(row.id)).length;
  const headerChecked: boolean | 'indeterminate' =
    selectableRows.length > 0 && selectedOnPage === selectableRows.length ? true : selectedOnPage > 0 ? 'indeterminate' : false;

  function toggleAll(checked: boolean) {
    if (!onSelectionChange) return;
    const next = new Set(selected);
    for (const row of selectableRows) {
      if (checked) next.add(row.id);
      else next.delete(row.id);
    }
    onSelectionChange([...next]);
  }

  function toggleRow(id: string, checked: boolean) {
    if (!onSelectionChange) return;
    if (singleSelect) {
      onSelectionChange(checked ? [id] : []);
      return;
    }
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectionChange([...next]);
  }

  function cycleSort(columnId: string) {
    if (!onSortChange) return;
    if (sort?.column !== columnId) onSortChange({ column: columnId, order: 'asc' });
    else if (sort.order === 'asc') onSortChange({ column: columnId, order: 'desc' });
    else onSortChange(undefined);
  }

  const columnCount = columns.length + (selectable ? 1 : 0);
  const showSkeleton = loading && rows.length === 0;
  const showEmpty = !loading && rows.length === 0;
  const byId = new Map(columns.map((column) => [column.id, column]));

  const stickyProps = (column: DataColumn<T> | undefined) =>
    column?.sticky
      ? { position: 'sticky' as const, insetInlineEnd: 0, bg: 'bg', zIndex: 1, boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)' }
      : {};

  const renderRow = (row: Row<T>) => {
    const isSelected = selected.has(row.id);
    const canSelect = !isRowSelectable || isRowSelectable(row.original);
    return (
      <Table.Row
        key={row.id}
        data-testid={testId ? `${testId}-row` : undefined}
        data-selected={isSelected ? '' : undefined}
        aria-selected={selectable ? isSelected : undefined}
        cursor={onRowClick ? 'pointer' : undefined}
        onClick={
          onRowClick
            ? (event) => {
                // Buttons, links and checkboxes inside the row do their own thing.
                if ((event.target as Element).closest('button, a, input, label, select, textarea, [role="checkbox"]')) return;
                onRowClick(row.original);
              }
            : undefined
        }
      >
        {selectable && singleSelect ? (
          <Table.Cell width="10" paddingEnd="0">
            <RadioGroup.Root size="sm" value={isSelected ? row.id : null} disabled={!canSelect} onValueChange={(details) => toggleRow(row.id, details.value === row.id)}>
              <RadioGroup.Item value={row.id}>
                <RadioGroup.ItemHiddenInput aria-label={t('selectRow')} data-testid="row-radio" />
                <RadioGroup.ItemIndicator />
              </RadioGroup.Item>
            </RadioGroup.Root>
          </Table.Cell>
        ) : selectable ? (
          <Table.Cell width="10" paddingEnd="0">
            <Checkbox.Root
              size="sm"
              checked={isSelected}
              disabled={!canSelect}
              onCheckedChange={(details) => toggleRow(row.id, details.checked === true)}
            >
              <Checkbox.HiddenInput aria-label={t('selectRow')} data-testid="row-checkbox" />
              <Checkbox.Control />
            </Checkbox.Root>
          </Table.Cell>
        ) : null}
        {row.getVisibleCells().map((cell) => {
          const column = byId.get(cell.column.id);
          const content = cell.column.columnDef.cell;
          const rendered = typeof content === 'function' ? content(cell.getContext()) : content;
          const isToggleColumn = getSubRows !== undefined && cell.column.id === toggleColumnId;
          return (
            <Table.Cell key={cell.id} textAlign={column?.textAlign} hideBelow={column?.hideBelow} {...stickyProps(column)}>
              {isToggleColumn ? (
                <HStack gap="1" paddingStart={`calc(${row.depth} * var(--chakra-spacing-5))`}>
                  {row.getCanExpand() ? (
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={row.getIsExpanded() ? t('collapse') : t('expand')}
                      aria-expanded={row.getIsExpanded()}
                      onClick={row.getToggleExpandedHandler()}
                    >
                      <ChevronRightIcon transform={row.getIsExpanded() ? 'rotate(90deg)' : undefined} transition="transform 0.15s" />
                    </IconButton>
                  ) : (
                    <Box width="6" flexShrink={0} />
                  )}
                  <Box minWidth="0">{rendered as ReactNode}</Box>
                </HStack>
              ) : (
                (rendered as ReactNode)
              )}
            </Table.Cell>
          );
        })}
      </Table.Row>
    );
  };

  const pageNo = page?.pageNo ?? 1;
  const pageSize = page?.pageSize ?? pageSizeOptions[0] ?? 10;
  const count = total ?? rows.length;

  return (
    <VStack align="stretch" gap="3" data-testid={testId}>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxWidth="100%">
        <Table.Root size="sm" interactive={!showEmpty && !showSkeleton} aria-busy={loading} aria-label={caption} minWidth="max-content" width="full">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {selectable && singleSelect ? (
                <Table.ColumnHeader width="10" paddingEnd="0" />
              ) : selectable ? (
                <Table.ColumnHeader width="10" paddingEnd="0">
                  <Checkbox.Root
                    size="sm"
                    checked={headerChecked}
                    disabled={selectableRows.length === 0}
                    onCheckedChange={(details) => toggleAll(details.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={t('selectAll')} data-testid="select-all" />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
              ) : null}
              {table.getHeaderGroups()[0]?.headers.map((header) => {
                const column = byId.get(header.column.id);
                const active = sort?.column === header.column.id ? sort.order : undefined;
                const label = column?.header;
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    width={column?.width}
                    minWidth={column?.minWidth}
                    textAlign={column?.textAlign}
                    hideBelow={column?.hideBelow}
                    whiteSpace="nowrap"
                    aria-sort={column?.sortable ? (active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none') : undefined}
                    {...stickyProps(column)}
                    bg={column?.sticky ? 'bg.subtle' : undefined}
                  >
                    {column?.sortable && onSortChange ? (
                      <chakra.button
                        type="button"
                        display="inline-flex"
                        alignItems="center"
                        gap="1"
                        fontWeight="inherit"
                        cursor="pointer"
                        rounded="sm"
                        _hover={{ color: 'fg' }}
                        focusVisibleRing="outside"
                        data-testid={`sort-${header.column.id}`}
                        onClick={() => cycleSort(header.column.id)}
                      >
                        {label}
                        <SortMark order={active} />
                      </chakra.button>
                    ) : (
                      label
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body opacity={loading && !showSkeleton ? 0.6 : 1} transition="opacity 0.15s">
            {showSkeleton
              ? Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, index) => (
                  <Table.Row key={`skeleton-${index}`} data-testid="skeleton-row">
                    {Array.from({ length: columnCount }, (__, cell) => (
                      <Table.Cell key={cell}>
                        <Skeleton height="4" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))
              : null}
            {showEmpty ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} padding="0">
                  {emptyState ?? <ListEmpty icon={<InboxIcon />} title={t('empty.title')} description={t('empty.description')} testId="table-empty" />}
                </Table.Cell>
              </Table.Row>
            ) : null}
            {!showSkeleton ? visibleRows.map(renderRow) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {pagination && page ? (
        <Flex wrap="wrap" gap="3" align="center" justify={{ base: 'center', md: 'space-between' }}>
          <HStack gap="3" wrap="wrap">
            <Text textStyle="sm" color="fg.muted" data-testid="table-total">
              {t('total', { count })}
            </Text>
            {selectable && selectionSummary && selected.size > 0 ? (
              <HStack gap="2">
                <Text textStyle="sm" color="fg.muted" data-testid="table-selected">
                  {t('selected', { count: selected.size })}
                </Text>
                <LinkButton onClick={() => onSelectionChange?.([])}>{t('clearSelection')}</LinkButton>
              </HStack>
            ) : null}
          </HStack>
          <HStack gap="3" wrap="wrap" justify="center">
            <Pagination.Root
              count={count}
              pageSize={pageSize}
              page={pageNo}
              siblingCount={1}
              onPageChange={(details) => onPageChange?.({ pageNo: details.page, pageSize })}
              aria-label={t('pagination')}
              translations={{
                prevTriggerLabel: t('prevPage'),
                nextTriggerLabel: t('nextPage'),
              }}
            >
              <ButtonGroup variant="ghost" size="sm" gap="1" attached={false}>
                <Pagination.PrevTrigger asChild>
                  <IconButton data-testid="page-prev">
                    <ChevronLeftIcon />
                  </IconButton>
                </Pagination.PrevTrigger>
                <Box hideBelow="sm" display="contents">
                  <Pagination.Items
                    render={(item) => (
                      <IconButton variant={{ base: 'ghost', _selected: 'outline' }} data-testid={`page-${item.value}`}>
                        {item.value}
                      </IconButton>
                    )}
                  />
                </Box>
                <Pagination.PageText hideFrom="sm" format={(details) => t('page', { page: details.page, pages: Math.max(details.totalPages, 1) })} textStyle="sm" paddingX="2" />
                <Pagination.NextTrigger asChild>
                  <IconButton data-testid="page-next">
                    <ChevronRightIcon />
                  </IconButton>
                </Pagination.NextTrigger>
              </ButtonGroup>
            </Pagination.Root>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label={t('pageSizeLabel')}
                data-testid="page-size"
                value={String(pageSize)}
                onChange={(event) => onPageChange?.({ pageNo: 1, pageSize: Number(event.currentTarget.value) })}
              >
                {pageSizeOptions.map((size) => (
                  <option key={size} value={size}>
                    {t('pageSize', { size })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Flex>
      ) : null}
    </VStack>
  );
}

/** The little up/down mark of a sortable header. */
function SortMark({ order }: { order: SortOrder | undefined }) {
  return (
    <chakra.svg viewBox="0 0 8 12" width="2" height="3" aria-hidden="true" flexShrink={0}>
      <chakra.path d="M4 0 8 5H0z" fill={order === 'asc' ? 'colorPalette.solid' : 'fg.subtle'} />
      <chakra.path d="M4 12 0 7h8z" fill={order === 'desc' ? 'colorPalette.solid' : 'fg.subtle'} />
    </chakra.svg>
  );
}
