/** Category dictionary of the tenant, a tree (contract dicts-notices.md, "Categories"). */
import { api } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export const CATEGORY_ROOT_LIST_PATH = '/sys/category/rootList';

export type CategoryRecord = components['schemas']['CategoryRecord'];
export type CategoryInput = components['schemas']['CategoryForm'];

export const categoryKeys = {
  all: ['system', 'categories'] as const,
  children: (pid: string) => ['system', 'categories', 'children', pid] as const,
};

/** `hasChild` comes as a boolean (or as JeecgBoot's "1"/"0"). */
export const hasChildren = (record: Pick<CategoryRecord, 'hasChild'>) => ['true', '1'].includes(String(record.hasChild));

export const isRoot = (record: CategoryRecord) => !record.pid || record.pid === '0';

export function fetchChildren(pid: string, signal?: AbortSignal): Promise<CategoryRecord[]> {
  return api.get<CategoryRecord[] | null>('/sys/category/childList', { pid }, { signal }).then((envelope) => envelope.result ?? []);
}

/** Delete refuses a category with children (400); the API client shows the server's message. */
export const { add: addCategory, edit: editCategory, remove: deleteCategory } = resource<CategoryRecord, CategoryInput>('/sys/category');
