import { useCallback, useMemo, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ServerList } from '../../hooks/useServerList';
import type { PageState } from '../DataTable';

export interface StaticListOptions {
  /** Page the rows here (default: all rows, for trees and short lists). */
  paged?: boolean;
  pageSize?: number;
}

const noSort = () => undefined;

/**
 * A list the server answers whole (a tree, a department's users, a menu's rules), in the shape of
 * a server list so that {@link ListTable}, the delete hook and the toolbar work the same: its
 * rows (a page of them when `paged`), loading, selection and refetch.
 */
export function useStaticList<T>(query: Pick<UseQueryResult<T[]>, 'data' | 'isFetching' | 'refetch'>, { paged = false, pageSize = 10 }: StaticListOptions = {}): ServerList<T> {
  const [page, setPage] = useState<PageState>({ pageNo: 1, pageSize });
  const [selection, setSelection] = useState<string[]>([]);
  const all = useMemo(() => query.data ?? [], [query.data]);
  const start = (page.pageNo - 1) * page.pageSize;
  const rows = useMemo(() => (paged ? all.slice(start, start + page.pageSize) : all), [all, paged, start, page.pageSize]);
  const clearSelection = useCallback(() => setSelection([]), []);
  const { refetch } = query;
  return {
    path: '',
    rows,
    total: all.length,
    loading: query.isFetching,
    error: undefined,
    page,
    setPage,
    sort: undefined,
    setSort: noSort,
    refetch,
    selection,
    setSelection,
    clearSelection,
    params: {},
  };
}
