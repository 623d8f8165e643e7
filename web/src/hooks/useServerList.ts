/**
 * State and data of a JeecgBoot-style list call (`GET …/list?pageNo&pageSize&column&order&<filters>`
 * → `result = {records, total}`), for {@link DataTable}:
 *
 * ```ts
 * const list = useServerList<RoleRecord>('/sys/role/list', filters, { defaultSort: { column: 'createTime', order: 'desc' } });
 * // list.rows, list.total, list.loading, list.page, list.setPage, list.sort, list.setSort,
 * // list.selection, list.setSelection, list.clearSelection, list.refetch, list.params
 * ```
 *
 * Empty filters (`''`, `null`, `undefined`, `[]`) are not sent. Changing the filters goes back to
 * page 1 and clears the selection; so does changing the sort. When a delete leaves the current page
 * empty, the previous page is shown. The query key is `['list', path, params]`, so
 * `queryClient.invalidateQueries({ queryKey: ['list', path] })` refreshes the list.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../api/client';
import type { PageState, SortState } from '../components/DataTable';

/** The page object of a list call. */
export interface ListResult<T> {
  records: T[];
  total: number;
  size?: number;
  current?: number;
  pages?: number;
}

export type ListFilters = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

export interface ServerListOptions {
  /** The sort used when the user has not chosen one (and after a third click on a header). */
  defaultSort?: SortState;
  /** Initial page size (default 10). */
  pageSize?: number;
  /** Set false to hold the call (e.g. until a parent id is known). */
  enabled?: boolean;
  /**
   * Where page and sort live when not in this hook's own state (the URL, see `useListPage`). The
   * holder goes back to page 1 itself when filters or sort change.
   */
  view?: ListView;
}

/** Page and chosen sort of a list, held outside {@link useServerList} (e.g. in the URL). */
export interface ListView {
  page: PageState;
  setPage: (page: PageState) => void;
  /** The sort the user chose (`undefined`: the list's default). */
  chosenSort: SortState | undefined;
  setChosenSort: (sort: SortState | undefined) => void;
}

export interface ServerList<T> {
  /** The list call's path (the query key is `['list', path, …]`). */
  path: string;
  rows: T[];
  total: number;
  /** A call is in flight (first load or refresh). */
  loading: boolean;
  /** The last call failed (the client already showed the notice). */
  error: unknown;
  page: PageState;
  setPage: (page: PageState) => void;
  /** The sort in force (the default unless the user chose one). */
  sort: SortState | undefined;
  setSort: (sort: SortState | undefined) => void;
  refetch: () => Promise<unknown>;
  /** Selected row ids (kept across pages, cleared when filters or sort change). */
  selection: string[];
  setSelection: (ids: string[]) => void;
  clearSelection: () => void;
  /** The query parameters of the current call, without paging (for exports). */
  params: Record<string, string | number | boolean>;
}

/** Query parameters of a filter object: empty values dropped, arrays comma-joined. */
export function filterParams(filters: ListFilters, sort?: SortState): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params[key] = value.join(',');
      continue;
    }
    if (typeof value === 'string' && value.trim() === '') continue;
    params[key] = typeof value === 'string' ? value.trim() : (value as number | boolean);
  }
  if (sort) {
    params.column = sort.column;
    params.order = sort.order;
  }
  return params;
}

/** Fetches one page of a list call. */
export function fetchListPage<T>(path: string, params: Record<string, string | number | boolean>, signal?: AbortSignal): Promise<ListResult<T>> {
  return api.get<ListResult<T> | null>(path, params, { signal }).then((envelope) => ({
    ...envelope.result,
    records: envelope.result?.records ?? [],
    total: Number(envelope.result?.total ?? 0),
  }));
}

export function useServerList<T>(path: string, filters: ListFilters = {}, options: ServerListOptions = {}): ServerList<T> {
  const { defaultSort, pageSize: initialPageSize = 10, enabled = true, view } = options;
  const [ownPage, setOwnPage] = useState<PageState>({ pageNo: 1, pageSize: initialPageSize });
  const [ownSort, setOwnSort] = useState<SortState | undefined>();
  const [selection, setSelection] = useState<string[]>([]);
  const page = view ? view.page : ownPage;
  const setPageState = view ? view.setPage : setOwnPage;
  const chosenSort = view ? view.chosenSort : ownSort;
  const setChosenSort = view ? view.setChosenSort : setOwnSort;
  const sort = chosenSort ?? defaultSort;

  const params = useMemo(() => filterParams(filters, sort), [filters, sort]);
  const filterKey = JSON.stringify(params);

  // New filters or sort: back to page 1, nothing selected (state adjusted during render).
  const [lastKey, setLastKey] = useState(filterKey);
  if (lastKey !== filterKey) {
    setLastKey(filterKey);
    if (!view) setOwnPage((current) => (current.pageNo === 1 ? current : { ...current, pageNo: 1 }));
    setSelection([]);
  }

  const query = useQuery({
    queryKey: ['list', path, params, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => fetchListPage<T>(path, { ...params, pageNo: page.pageNo, pageSize: page.pageSize }, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });

  const rows = useMemo(() => query.data?.records ?? [], [query.data]);
  const total = query.data?.total ?? 0;

  // A delete emptied the last page (or a shared link names a page past the end): show the one
  // before. Own state is adjusted during render; a view outside (the URL) in an effect.
  const emptied = !query.isFetching && !query.isPlaceholderData && query.data !== undefined && query.data.records.length === 0 && page.pageNo > 1 && query.data.total > 0;
  const previousPage = emptied ? Math.min(page.pageNo - 1, Math.max(1, Math.ceil((query.data?.total ?? 0) / page.pageSize))) : page.pageNo;
  if (emptied && !view) setOwnPage({ ...page, pageNo: previousPage });
  useEffect(() => {
    if (emptied && view) view.setPage({ ...view.page, pageNo: previousPage });
  }, [emptied, view, previousPage]);

  const setPage = useCallback((next: PageState) => setPageState(next), [setPageState]);
  const setSort = useCallback((next: SortState | undefined) => setChosenSort(next), [setChosenSort]);
  const clearSelection = useCallback(() => setSelection([]), []);
  const refetch = useCallback(() => query.refetch(), [query]);

  return {
    path,
    rows,
    total,
    loading: query.isFetching || (enabled && query.isPending),
    error: query.error,
    page,
    setPage,
    sort,
    setSort,
    refetch,
    selection,
    setSelection,
    clearSelection,
    params,
  };
}
