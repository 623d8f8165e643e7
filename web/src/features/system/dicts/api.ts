/** Dictionaries and their items (contract docs/api/dicts-notices.md, "Dictionaries"). */
import type { QueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import { dictKeys } from '../../../hooks/useDict';
import { loadAllDicts } from '../../../lib/dict';

export const DICT_LIST_PATH = '/sys/dict/list';
export const DICT_ITEM_LIST_PATH = '/sys/dictItem/list';

/** A dictionary code: a letter, then letters, digits or underscores (64 at most). */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The Chakra palettes an item's colour may name, in the contract's order. */
export const DICT_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
export type DictColor = (typeof DICT_COLORS)[number];

export const isDictColor = (value: string | null | undefined): value is DictColor => (DICT_COLORS as readonly string[]).includes(value ?? '');

export interface DictRecord {
  id: string;
  dictName: string;
  dictNameEn?: string | null;
  /** The name in the request's language. */
  title?: string | null;
  dictCode: string;
  description?: string | null;
  /** Seeded with the platform: cannot be deleted. */
  systemFlag?: boolean | number | string | null;
  itemCount?: number | null;
  createTime?: string | null;
}

export interface DictInput {
  id?: string;
  dictName: string;
  dictNameEn?: string | null;
  dictCode: string;
  description?: string | null;
}

export interface DictItemRecord {
  id: string;
  dictId: string;
  itemText: string;
  itemTextEn?: string | null;
  title?: string | null;
  itemValue: string;
  itemColor?: string | null;
  description?: string | null;
  sortOrder?: number | null;
  /** 1 enabled, 0 disabled. */
  status?: number | null;
  createTime?: string | null;
}

export interface DictItemInput {
  id?: string;
  dictId: string;
  itemText: string;
  itemTextEn?: string | null;
  itemValue: string;
  itemColor?: string | null;
  description?: string | null;
  sortOrder?: number | null;
  status?: number;
}

/** The system flag comes as a boolean, or as 1/"1" from JeecgBoot-style answers. */
export const isSystemDict = (dict: DictRecord) => dict.systemFlag === true || String(dict.systemFlag) === '1' || dict.systemFlag === 'true';

/** Form saves show their errors in the form: no notice. */
export function addDict(body: DictInput): Promise<Envelope<DictRecord>> {
  return api.post<DictRecord>('/sys/dict/add', body, { notify: false });
}

export function editDict(body: DictInput & { id: string }): Promise<Envelope<DictRecord>> {
  return api.put<DictRecord>('/sys/dict/edit', body, { notify: false });
}

export function deleteDict(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/dict/delete', { id });
}

export function deleteDicts(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/dict/deleteBatch', { ids: ids.join(',') });
}

/** Every instance drops its dictionary cache; the page shows its own toast either way. */
export function refreshDictCache(): Promise<Envelope<unknown>> {
  return api.get('/sys/dict/refleshCache', undefined, { notify: false });
}

export function addDictItem(body: DictItemInput): Promise<Envelope<DictItemRecord>> {
  return api.post<DictItemRecord>('/sys/dictItem/add', body, { notify: false });
}

export function editDictItem(body: DictItemInput & { id: string }, notify = false): Promise<Envelope<DictItemRecord>> {
  return api.put<DictItemRecord>('/sys/dictItem/edit', body, { notify });
}

export function deleteDictItem(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/dictItem/delete', { id });
}

/** The record as the edit call takes it (every field, so nothing is cleared). */
export function itemInput(item: DictItemRecord): DictItemInput & { id: string } {
  return {
    id: item.id,
    dictId: item.dictId,
    itemText: item.itemText,
    itemTextEn: item.itemTextEn ?? null,
    itemValue: item.itemValue,
    itemColor: item.itemColor ?? null,
    description: item.description ?? null,
    sortOrder: item.sortOrder ?? null,
    status: Number(item.status ?? 1) === 0 ? 0 : 1,
  };
}

/**
 * After a change: the session's dictionary cache (tags and selects all over the app) is loaded
 * again, quietly; a failure leaves the old texts until the next sign-in or language switch.
 */
export async function reloadClientDicts(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: dictKeys.all });
  await loadAllDicts().catch(() => undefined);
}
