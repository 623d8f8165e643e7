/**
 * Dictionaries of the whole app (contract "Dictionaries"): the login answer's `sysAllDictItems`
 * and `GET /sys/dict/queryAllDictItems` fill one cache (kept with the session, see
 * `lib/session.ts`); a code missing from it is read with `GET /sys/dict/getDictItems/{code}`.
 * Item texts come in the request's language, so the cache is loaded again when the language
 * changes. Dictionary-item reads carry no `_t` timestamp (spec section 7, see `api/client.ts`).
 */
import { api } from '../api/client';
import { getDictCache, onSessionCleared, setDictCache, type DictCache } from './session';

/** One item of a dictionary, as the server sends it. */
export interface DictItem {
  value: string;
  /** The text in the request's language (`title` and `label` repeat it). */
  text: string;
  title?: string;
  label?: string;
  /** A Chakra palette name (gray, red, orange, yellow, green, teal, blue, cyan, purple, pink). */
  color?: string | null;
}

/** Dictionary code to its items. */
export type DictMap = Record<string, DictItem[]>;

/** The palettes an item colour may name; anything else shows gray. */
export const DICT_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
export type DictColor = (typeof DICT_COLORS)[number];

export const ALL_DICT_ITEMS_PATH = '/sys/dict/queryAllDictItems';
export const DICT_ITEMS_PATH = '/sys/dict/getDictItems';
export const REFRESH_DICT_CACHE_PATH = '/sys/dict/refleshCache';

/** The palette of an item colour (gray when unset or unknown). */
export function dictColor(color: string | null | undefined): DictColor {
  const name = color?.trim().toLowerCase();
  return (DICT_COLORS as readonly string[]).includes(name ?? '') ? (name as DictColor) : 'gray';
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Items as the app uses them: values as strings, a text always present; malformed entries left out. */
export function normalizeItems(raw: unknown): DictItem[] {
  if (!Array.isArray(raw)) return [];
  const items: DictItem[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const value = text(record.value);
    if (value === undefined) continue;
    const label = text(record.text) ?? text(record.title) ?? text(record.label) ?? value;
    items.push({ value, text: label, title: text(record.title), label: text(record.label), color: text(record.color) ?? null });
  }
  return items;
}

/** The items of `code` in a cache, or `undefined` when the cache does not have that code. */
export function dictItemsOf(cache: DictCache | undefined, code: string): DictItem[] | undefined {
  if (!cache || !Object.hasOwn(cache, code)) return undefined;
  return normalizeItems(cache[code]);
}

/** The item of `value` among `items` (values compared as strings). */
export function findDictItem(items: readonly DictItem[], value: unknown): DictItem | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const wanted = String(value);
  return items.find((item) => item.value === wanted);
}

/** `GET /sys/dict/getDictItems/{code}`: the enabled items of one dictionary (unknown code → none). */
export async function fetchDictItems(code: string, signal?: AbortSignal): Promise<DictItem[]> {
  const envelope = await api.get<unknown>(`${DICT_ITEMS_PATH}/${encodeURIComponent(code)}`, undefined, { notify: false, signal });
  return normalizeItems(envelope.result);
}

let generation = 0;

// Signing out forgets the dictionaries; an answer still on its way must not bring them back.
onSessionCleared(() => {
  generation += 1;
});

/**
 * `GET /sys/dict/queryAllDictItems` into the cache. When calls overlap (two quick language
 * switches), only the last one's answer is kept.
 */
export async function loadAllDicts(): Promise<void> {
  const mine = ++generation;
  const envelope = await api.get<unknown>(ALL_DICT_ITEMS_PATH, undefined, { notify: false });
  if (mine !== generation) return;
  setDictCache(envelope.result ?? {});
}

/** Whether the cache has no dictionary at all (none kept, or the login answer's `{}`). */
export function dictCacheEmpty(): boolean {
  const cache = getDictCache();
  return !cache || Object.keys(cache).length === 0;
}

/** `GET /sys/dict/refleshCache`: every server instance drops its dictionary cache. */
export async function refreshServerDictCache(): Promise<string> {
  const envelope = await api.get<unknown>(REFRESH_DICT_CACHE_PATH, undefined, { notify: false });
  return envelope.message;
}
