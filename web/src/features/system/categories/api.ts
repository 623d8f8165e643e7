/** Category dictionary of the tenant, a tree (contract dicts-notices.md, "Categories"). */
import { api, type Envelope } from '../../../api/client';

export const CATEGORY_ROOT_LIST_PATH = '/sys/category/rootList';

export interface CategoryRecord {
  id: string;
  /** "0" for a root. */
  pid: string;
  name: string;
  nameEn?: string | null;
  /** The name in the request's language. */
  title?: string | null;
  /** A01, A01A01, … assigned by the server. */
  code: string;
  hasChild?: boolean | string | number | null;
  sortOrder?: number | null;
  createTime?: string | null;
}

export interface CategoryInput {
  id?: string;
  pid?: string;
  name: string;
  nameEn?: string | null;
  sortOrder?: number | null;
}

export const categoryKeys = {
  all: ['system', 'categories'] as const,
  children: (pid: string) => ['system', 'categories', 'children', pid] as const,
};

/** `hasChild` comes as a boolean or as JeecgBoot's "1"/"0". */
export const hasChildren = (record: CategoryRecord) => record.hasChild === true || String(record.hasChild) === '1' || record.hasChild === 'true';

export const isRoot = (record: CategoryRecord) => !record.pid || record.pid === '0';

export function fetchChildren(pid: string, signal?: AbortSignal): Promise<CategoryRecord[]> {
  return api.get<CategoryRecord[] | null>('/sys/category/childList', { pid }, { signal }).then((envelope) => envelope.result ?? []);
}

/** Form saves show their errors in the form: no notice. */
export function addCategory(body: CategoryInput): Promise<Envelope<CategoryRecord>> {
  return api.post<CategoryRecord>('/sys/category/add', body, { notify: false });
}

export function editCategory(body: CategoryInput & { id: string }): Promise<Envelope<CategoryRecord>> {
  return api.put<CategoryRecord>('/sys/category/edit', body, { notify: false });
}

/** A category with children is refused (400); the API client shows the server's message. */
export function deleteCategory(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/category/delete', { id });
}
