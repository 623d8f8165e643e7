/**
 * The state of a list page: the filters the list shows (applied) and the ones being typed (draft),
 * the page, the sort and the selection, and the list call itself ({@link useServerList}).
 *
 * Applied filters, page, page size and a chosen sort live in the URL's search params
 * (`?keyWord=ups&pageNo=2&pageSize=20&column=code&order=asc`), so a reload or a shared link shows
 * the same page. Defaults are left out of the URL. The draft follows the URL when it changes from
 * outside (back button, a link).
 *
 * ```tsx
 * const page = useListPage<SupplierRecord, Filters>(SUPPLIER_LIST_PATH, { emptyFilters: EMPTY, defaultSort: { column: 'createTime', order: 'desc' } });
 * <ListSearchBar page={page} testId="supplier-search">
 *   <FilterText page={page} name="keyWord" label={…} testId="supplier-search-keyword" />
 * </ListSearchBar>
 * <ListTable list={page.list} columns={columns} … />
 * ```
 */
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_OPTIONS, type PageState, type SortState } from '../DataTable';
import { useServerList, type ListFilters, type ListView, type ServerList, type ServerListOptions } from '../../hooks/useServerList';

/** Filters a list page keeps in the URL: every value is text (`''` = not filtered). */
export type TextFilters = Record<string, string>;

export interface ListPageOptions<F extends TextFilters> extends Omit<ServerListOptions, 'view'> {
  /** Every filter with its empty value; the keys are the URL's parameter names. */
  emptyFilters: F;
  /** What the list call gets from the applied filters (default: the filters as they are). */
  params?: (filters: F) => ListFilters;
}

export interface ListPage<T, F extends TextFilters> {
  list: ServerList<T>;
  /** The filters the list shows. */
  filters: F;
  /** The filters as typed, applied by {@link ListPage.search}. */
  draft: F;
  setDraft: (next: F | ((current: F) => F)) => void;
  /** Changes one draft filter. */
  setDraftValue: (name: keyof F & string, value: string) => void;
  /** Applies the draft (or `next`): back to page 1, nothing selected. */
  search: (next?: F) => void;
  /** Empties draft and filters. */
  reset: () => void;
  /** Changes a filter in the draft and applies it at once (quick filters such as a supplier select). */
  applyNow: (name: keyof F & string, value: string) => void;
}

const PAGE_NO = 'pageNo';
const PAGE_SIZE = 'pageSize';
const COLUMN = 'column';
const ORDER = 'order';

function positive(text: string | null): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** Sets a search param, or removes it when empty. */
function setOrDrop(params: URLSearchParams, name: string, value: string | undefined) {
  if (value === undefined || value === '') params.delete(name);
  else params.set(name, value);
}

/** Page, sort and filters read from and written to the URL's search params. */
function useUrlListState<F extends TextFilters>(emptyFilters: F, defaultPageSize: number) {
  const [searchParams, setSearchParams] = useSearchParams();
  const names = Object.keys(emptyFilters);

  const filterText = JSON.stringify(names.map((name) => searchParams.get(name) ?? emptyFilters[name]));
  // One object per distinct set of values, so the list's key only changes with the filters.
  const filters = useMemo(() => {
    const values = JSON.parse(filterText) as string[];
    return Object.fromEntries(names.map((name, index) => [name, values[index]])) as F;
    // `names` follows `emptyFilters`, a constant of the page.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [filterText]);

  const pageNo = positive(searchParams.get(PAGE_NO)) ?? 1;
  const askedSize = positive(searchParams.get(PAGE_SIZE));
  const pageSize = askedSize !== undefined && PAGE_SIZE_OPTIONS.includes(askedSize) ? askedSize : defaultPageSize;
  const column = searchParams.get(COLUMN);
  const order = searchParams.get(ORDER);
  const chosenSort: SortState | undefined = column && (order === 'asc' || order === 'desc') ? { column, order } : undefined;

  const update = useCallback(
    (change: (params: URLSearchParams) => void) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setFilters = useCallback(
    (next: F) =>
      update((params) => {
        for (const name of Object.keys(next)) setOrDrop(params, name, next[name]?.trim() === '' ? undefined : next[name]);
        params.delete(PAGE_NO);
      }),
    [update],
  );

  const sortColumn = chosenSort?.column;
  const sortOrder = chosenSort?.order;
  const view = useMemo<ListView>(
    () => ({
      page: { pageNo, pageSize },
      setPage: (next: PageState) =>
        update((params) => {
          setOrDrop(params, PAGE_NO, next.pageNo > 1 ? String(next.pageNo) : undefined);
          setOrDrop(params, PAGE_SIZE, next.pageSize !== defaultPageSize ? String(next.pageSize) : undefined);
        }),
      chosenSort: sortColumn && sortOrder ? { column: sortColumn, order: sortOrder } : undefined,
      setChosenSort: (next: SortState | undefined) =>
        update((params) => {
          setOrDrop(params, COLUMN, next?.column);
          setOrDrop(params, ORDER, next?.order);
          params.delete(PAGE_NO);
        }),
    }),
    [pageNo, pageSize, sortColumn, sortOrder, update, defaultPageSize],
  );

  return { filters, setFilters, view };
}

export function useListPage<T, F extends TextFilters>(path: string, options: ListPageOptions<F>): ListPage<T, F> {
  const { emptyFilters, params, pageSize = 10, ...listOptions } = options;
  const url = useUrlListState(emptyFilters, pageSize);
  const [draft, setDraft] = useState<F>(url.filters);

  // The URL changed from outside (or by a search): the fields show what the list shows.
  const [shown, setShown] = useState(url.filters);
  if (shown !== url.filters) {
    setShown(url.filters);
    setDraft(url.filters);
  }

  const callFilters = useMemo(() => (params ? params(url.filters) : url.filters), [params, url.filters]);
  const list = useServerList<T>(path, callFilters, { ...listOptions, pageSize, view: url.view });

  const { setFilters } = url;
  const setDraftValue = useCallback((name: keyof F & string, value: string) => setDraft((current) => ({ ...current, [name]: value })), []);
  const search = useCallback((next?: F) => setFilters(next ?? draft), [setFilters, draft]);
  const reset = useCallback(() => {
    setDraft(emptyFilters);
    setFilters(emptyFilters);
  }, [setFilters, emptyFilters]);
  const applyNow = useCallback(
    (name: keyof F & string, value: string) => {
      const next = { ...draft, [name]: value };
      setDraft(next);
      setFilters(next);
    },
    [draft, setFilters],
  );

  return { list, filters: url.filters, draft, setDraft, setDraftValue, search, reset, applyNow };
}
