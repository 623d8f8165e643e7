/** Dictionaries and their items (contract docs/api/dicts-notices.md, "Dictionaries"). */
import type { QueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import { codeRule } from '../../../components/form/serverError';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';
import { dictKeys } from '../../../hooks/useDict';
import { loadAllDicts } from '../../../lib/dict';

export const DICT_LIST_PATH = '/sys/dict/list';
export const DICT_ITEM_LIST_PATH = '/sys/dictItem/list';

/** A dictionary code: a letter, then letters, digits or underscores (64 at most): core's rule and message. */
export const dictCodeRule = codeRule('dictCode');

/** The Chakra palettes an item's colour may name, in the contract's order. */
export const DICT_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;
export type DictColor = (typeof DICT_COLORS)[number];

export const isDictColor = (value: string | null | undefined): value is DictColor => (DICT_COLORS as readonly string[]).includes(value ?? '');

export type DictRecord = components['schemas']['DictRecord'];
export type DictInput = components['schemas']['DictForm'];
export type DictItemRecord = components['schemas']['DictItemRecord'];
export type DictItemInput = components['schemas']['DictItemForm'];

/** Seeded with the platform: cannot be deleted (the flag may come as 1/"1" from JeecgBoot-style answers). */
export const isSystemDict = (dict: Pick<DictRecord, 'systemFlag'>) => ['true', '1'].includes(String(dict.systemFlag));

const dicts = resource<DictRecord, DictInput>('/sys/dict');
export const { add: addDict, edit: editDict, remove: deleteDict, removeBatch: deleteDicts } = dicts;

/** Every instance drops its dictionary cache; the page shows its own toast either way. */
export function refreshDictCache(): Promise<Envelope<unknown>> {
  return api.get('/sys/dict/refleshCache', undefined, { notify: false });
}

const dictItems = resource<DictItemRecord, DictItemInput>('/sys/dictItem');
export const { add: addDictItem, remove: deleteDictItem } = dictItems;

/** The switch in the list shows a notice when refused; the form shows it itself. */
export const editDictItem = (body: DictItemInput & { id: string }, notify = false) => (notify ? api.put<DictItemRecord>('/sys/dictItem/edit', body) : dictItems.edit(body));

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
