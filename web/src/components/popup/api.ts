/**
 * The report calls of the popup picker (docs/api/online.md, "The report calls"): a report's
 * columns by its code, its query fields and a page of its data by its id. With a group id the
 * answers are kept 30 s in memory, keyed by group id, path and parameters (JeecgBoot's
 * `httpGroupRequest`): the pickers of one form ask once for the same page.
 */
import { api } from '../../api/client';
import type { components } from '../../api/schema';
import { currentLanguage } from '../../i18n';

export type RpColumns = components['schemas']['RpColumns'];
export type RpColumn = components['schemas']['RpColumn'];
export type QueryField = components['schemas']['QueryField'];
export type RpData = components['schemas']['RpData'];
/** A dictionary item of `dictOptions` (value, text in the caller's language, colour). */
export type PopupDictOption = components['schemas']['DictOption'];
/** One record of a report: its columns by name. */
export type PopupRow = Record<string, unknown>;

type Params = Record<string, string | number>;

/** How long an answer of a group is kept. */
export const GROUP_CACHE_MS = 30_000;

const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * The cache's key of a call: the group, the path and the parameters in a stable order (and the
 * language: the server answers titles and dictionary texts in it).
 */
function cacheKey(groupId: string, path: string, params: Params): string {
  const sorted = Object.keys(params)
    .toSorted()
    .map((name) => [name, String(params[name])]);
  return JSON.stringify([groupId, currentLanguage(), path, sorted]);
}

/** A GET whose answer (its `result`) is shared for 30 s by the callers of one group; a failure is not kept. */
export function groupGet<T>(path: string, params: Params = {}, groupId?: string, signal?: AbortSignal): Promise<T> {
  const call = () => api.get<T>(path, params, { signal: groupId ? undefined : signal }).then((envelope) => envelope.result);
  if (!groupId) return call();
  const key = cacheKey(groupId, path, params);
  const now = Date.now();
  for (const [stored, entry] of cache) if (now - entry.at >= GROUP_CACHE_MS) cache.delete(stored);
  const kept = cache.get(key);
  if (kept) return kept.answer as Promise<T>;
  const answer = call();
  cache.set(key, { at: now, answer });
  answer.catch(() => cache.delete(key));
  return answer;
}

/** Forgets every kept answer (tests; a page that changed a report). */
export function clearPopupCache(): void {
  cache.clear();
}

export const getRpColumns = (code: string, groupId?: string, signal?: AbortSignal) =>
  groupGet<RpColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`, {}, groupId, signal);

export const getQueryInfo = (id: string, groupId?: string, signal?: AbortSignal) =>
  groupGet<QueryField[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`, {}, groupId, signal);

export const getRpData = (id: string, params: Params, groupId?: string, signal?: AbortSignal) =>
  groupGet<RpData>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, params, groupId, signal).then((data) => ({
    records: (data?.records ?? []) as PopupRow[],
    total: Number(data?.total ?? 0),
  }));

/** The text of a dictionary-rendered value: each of its comma-separated values as its item's text. */
export function dictText(options: readonly PopupDictOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (!options || options.length === 0) return text;
  return text
    .split(',')
    .map((part) => options.find((option) => option.value === part.trim())?.text ?? part)
    .join(',');
}

/**
 * What a picker fills: for each target field, the picked rows' values of the source field at the
 * same place, joined with `,` (JeecgBoot's JPopup).
 */
export function popupValues(rows: readonly PopupRow[], orgFields: string, destFields: string): Record<string, string> {
  const org = orgFields.split(',').map((field) => field.trim());
  const dest = destFields.split(',').map((field) => field.trim());
  const values: Record<string, string> = {};
  dest.forEach((target, index) => {
    const source = org[index] ?? '';
    values[target] = rows.map((row) => (row[source] === null || row[source] === undefined ? '' : String(row[source]))).join(',');
  });
  return values;
}
