/**
 * Dictionary items for components:
 *
 * ```tsx
 * const { items, loading, find } = useDict('priority');
 * find('H')?.text; // "紧急" / "Urgent"
 * ```
 *
 * The items come from the session's dictionary cache (login answer, `queryAllDictItems`); a code
 * the cache does not have is fetched with `GET /sys/dict/getDictItems/{code}` (cached per
 * language). `useDictionarySync` (mounted once by the signed-in layout) fills the cache when it is
 * empty and loads it again when the language changes, since the server localizes the texts.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLanguage, type Language } from '../i18n';
import { dictCacheEmpty, dictItemsOf, fetchDictItems, findDictItem, loadAllDicts, type DictItem } from '../lib/dict';
import { getToken, useDictCache } from '../lib/session';

export interface DictState {
  items: DictItem[];
  /** The items are being fetched (the code is not in the cache). */
  loading: boolean;
  /** The item of a value, if the dictionary has it. */
  find: (value: unknown) => DictItem | undefined;
}

const EMPTY: DictItem[] = [];

export const dictKeys = {
  all: ['dict'] as const,
  items: (code: string, lang: Language) => ['dict', 'items', code, lang] as const,
};

export function useDict(code: string): DictState {
  const cache = useDictCache();
  const lang = useLanguage();
  const cached = useMemo(() => dictItemsOf(cache, code), [cache, code]);
  const query = useQuery({
    queryKey: dictKeys.items(code, lang),
    queryFn: ({ signal }) => fetchDictItems(code, signal),
    enabled: cached === undefined && code !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
  const items = cached ?? query.data ?? EMPTY;
  const find = useCallback((value: unknown) => findDictItem(items, value), [items]);
  return { items, loading: cached === undefined && query.isFetching, find };
}

/**
 * Keeps the dictionary cache filled and in the UI language: loads it when it is empty, and again
 * after every language switch. Mounted once inside the signed-in layout.
 */
export function useDictionarySync(): void {
  const lang = useLanguage();
  const last = useRef<Language | undefined>(undefined);
  useEffect(() => {
    const previous = last.current;
    last.current = lang;
    if (!getToken()) return;
    const stale = previous === undefined ? dictCacheEmpty() : previous !== lang;
    if (stale) {
      loadAllDicts().catch(() => {
        // Components fall back to one-dictionary calls; nothing to tell the user.
      });
    }
  }, [lang]);
}
