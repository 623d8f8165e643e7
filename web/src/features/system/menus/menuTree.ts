/** Pure helpers over the menu tree of GET /sys/permission/list. */
import type { Language } from '../../../i18n';
import type { PermissionRecord } from './api';

/** The name in the UI language (the Chinese name when there is no English one). */
export function menuName(record: Pick<PermissionRecord, 'name' | 'nameEn'>, language: Language): string {
  return language === 'en-US' ? record.nameEn || record.name : record.name || record.nameEn || '';
}

/** Ids of the records that have children (for "expand all"). */
export function parentIds(records: readonly PermissionRecord[]): string[] {
  const ids: string[] = [];
  const walk = (list: readonly PermissionRecord[] | null | undefined) => {
    for (const record of list ?? []) {
      if (record.children && record.children.length > 0) {
        ids.push(record.id);
        walk(record.children);
      }
    }
  };
  walk(records);
  return ids;
}

export interface ParentOption {
  id: string;
  label: string;
  depth: number;
}

/**
 * The records that may be the parent of `selfId`, depth first with their depth: menus and
 * sub-menus only (a button has no children), never the record itself nor its descendants.
 */
export function parentOptions(records: readonly PermissionRecord[], language: Language, selfId?: string): ParentOption[] {
  const options: ParentOption[] = [];
  const walk = (list: readonly PermissionRecord[] | null | undefined, depth: number) => {
    for (const record of list ?? []) {
      if (Number(record.menuType) === 2 || record.id === selfId) continue;
      options.push({ id: record.id, label: menuName(record, language), depth });
      walk(record.children, depth + 1);
    }
  };
  walk(records, 0);
  return options;
}

/** A JeecgBoot boolean that may come as `true`, `1` or `"1"`. */
export function asFlag(value: unknown, fallback = false): boolean {
  if (value === null || value === undefined || value === '') return fallback;
  return value === true || value === 1 || value === '1' || value === 'true';
}
