import { api } from '../../api/client';

/** The page size of option lists (the server's cap). */
export const OPTIONS_PAGE_SIZE = 1000;

/**
 * Every record of a list call, by code, for a select. Quiet on failure: without the list's
 * permission the select is just empty (the page's own list call reports real trouble).
 */
export function fetchOptions<T>(path: string, signal: AbortSignal): Promise<T[]> {
  return api
    .get<{ records?: T[] } | null>(path, { pageNo: 1, pageSize: OPTIONS_PAGE_SIZE, column: 'code', order: 'asc' }, { signal, notify: false })
    .then((envelope) => envelope.result?.records ?? []);
}
