/**
 * The state of a list page: the filters the list shows (applied) and the ones being typed (draft),
 * the page, the sort and the selection, and the list call itself ({@link useServerList}).
 *
 * Applied filters, page, page size and a chosen sort live in the URL's search params
 * (`?keyWord=ups&pageNo=2&pageSize=20&column=code&order=asc`), so a reload or a shared link shows
 * the same page. Defaults are left out of the URL. The draft follows the URL when it changes from
 * outside (back button, a link). A list inside a drawer, a tab or a picker passes `inUrl: false`:
 * its state is its own (the page's URL belongs to the page's list).
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

export interface ListPageOptions<F extends TextFilters> extends Omit<ServerListOptions, 'view' | 'defaultSort'> {
  /** Every filter with its empty value; the keys are the URL's parameter names. */
  emptyFilters: F;
  /** What the list call gets from the applied filters (default: the filters as they are). */
  params?: (filters: F) => ListFilters;
  /** The sort when the user chose none; a function when it depends on the filters. */
  defaultSort?: SortState | ((filters: F) => SortState | undefined);
  /** Keep filters, page and sort in the URL (default) or in the component (drawers, tabs, pickers). */
  inUrl?: boolean;
}

/** How {@link ListPage.search} applies filters. */
export interface SearchOptions {
  /** Back to the default sort in the same step (a different view of the list). */
  resetSort?: boolean;
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
  search: (next?: F, options?: SearchOptions) => void;
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
function useUrlListState<F extends TextFilters>(emptyFilters: F, defaultPageSize: number): ListState<F> {
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
    (next: F, options: SearchOptions = {}) =>
      update((params) => {
        for (const name of Object.keys(next)) setOrDrop(params, name, next[name]?.trim() === '' ? undefined : next[name]);
        params.delete(PAGE_NO);
        if (options.resetSort) {
          params.delete(COLUMN);
          params.delete(ORDER);
        }
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

/** The same state held by the component (a list in a drawer, a tab or a picker). */
function useLocalListState<F extends TextFilters>(emptyFilters: F, defaultPageSize: number): ListState<F> {
  const [state, setState] = useState<{ filters: F; page: PageState; chosenSort?: SortState }>({ filters: emptyFilters, page: { pageNo: 1, pageSize: defaultPageSize } });
  const setFilters = useCallback(
    (next: F, options: SearchOptions = {}) =>
      setState((current) => ({
        filters: next,
        page: { ...current.page, pageNo: 1 },
        chosenSort: options.resetSort ? undefined : current.chosenSort,
      })),
    [],
  );
  const view = useMemo<ListView>(
    () => ({
      page: state.page,
      setPage: (page: PageState) => setState((current) => ({ ...current, page })),
      chosenSort: state.chosenSort,
      setChosenSort: (chosenSort: SortState | undefined) => setState((current) => ({ ...current, chosenSort, page: { ...current.page, pageNo: 1 } })),
    }),
    [state.page, state.chosenSort],
  );
  return { filters: state.filters, setFilters, view };
}

interface ListState<F extends TextFilters> {
  filters: F;
  setFilters: (next: F, options?: SearchOptions) => void;
  view: ListView;
}

/** Filters of a list that is not a server page (a tree, a short list answered whole). */
export type ListFiltersState<F extends TextFilters> = Omit<ListPage<unknown, F>, 'list'> & { view: ListView };

/**
 * The filters of a list (applied and draft) in the URL or in the component, with page and sort
 * ({@link useListPage} adds the list call; lists answered whole use this with `useStaticList`).
 */
export function useListFilters<F extends TextFilters>(emptyFilters: F, { inUrl = true, pageSize = 10 }: { inUrl?: boolean; pageSize?: number } = {}): ListFiltersState<F> {
  const inUrlState = useUrlListState(emptyFilters, pageSize);
  const localState = useLocalListState(emptyFilters, pageSize);
  const state = inUrl ? inUrlState : localState;
  const [draft, setDraft] = useState<F>(state.filters);

  // The URL changed from outside (or by a search): the fields show what the list shows.
  const [shown, setShown] = useState(state.filters);
  if (shown !== state.filters) {
    setShown(state.filters);
    setDraft(state.filters);
  }

  const { setFilters } = state;
  const setDraftValue = useCallback((name: keyof F & string, value: string) => setDraft((current) => ({ ...current, [name]: value })), []);
  const search = useCallback((next?: F, searchOptions?: SearchOptions) => setFilters(next ?? draft, searchOptions), [setFilters, draft]);
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

  return { filters: state.filters, draft, setDraft, setDraftValue, search, reset, applyNow, view: state.view };
}

export function useListPage<T, F extends TextFilters>(path: string, options: ListPageOptions<F>): ListPage<T, F> {
  const { emptyFilters, params, pageSize = 10, defaultSort, inUrl = true, ...listOptions } = options;
  const { view, ...state } = useListFilters(emptyFilters, { inUrl, pageSize });
  const callFilters = useMemo(() => (params ? params(state.filters) : state.filters), [params, state.filters]);
  const sort = typeof defaultSort === 'function' ? defaultSort(state.filters) : defaultSort;
  const list = useServerList<T>(path, callFilters, { ...listOptions, defaultSort: sort, pageSize, view });
  return { list, ...state };
}
