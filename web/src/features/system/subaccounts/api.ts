/** Calls of the sub-accounts page (contract docs/api/system-admin.md, "Sub-accounts"). */
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';
import type { UserRecord } from '../users/api';

export type { UserRecord as SubAccountRecord } from '../users/api';

export const SUB_ACCOUNT_LIST_PATH = '/erp/user/sub/list';

/** Add and edit (edit with the `id`; without `permissionIds` the grants stay as they are). */
export type SubAccountAdd = components['schemas']['SubForm'];
export type SubAccountEdit = components['schemas']['SubForm'] & { id: string };
export type SubPermissionTree = components['schemas']['SubPermissionTree'];

export function addSubAccount(body: SubAccountAdd): Promise<Envelope<UserRecord>> {
  return api.post<UserRecord>('/erp/user/sub/add', body, { notify: false });
}

export function editSubAccount(body: SubAccountEdit): Promise<Envelope<UserRecord>> {
  return api.put<UserRecord>('/erp/user/sub/edit', body, { notify: false });
}

export function freezeSubAccounts(ids: string[], status: 1 | 2): Promise<Envelope<unknown>> {
  return api.put('/erp/user/sub/frozenBatch', { ids: ids.join(','), status });
}

export function deleteSubAccount(id: string): Promise<Envelope<unknown>> {
  return api.delete('/erp/user/sub/delete', { id });
}

/** What the main account may hand out, and what `userId` holds. */
export function fetchSubPermissionTree(userId?: string): Promise<SubPermissionTree> {
  return api
    .get<Partial<SubPermissionTree> | null>('/erp/user/sub/permissionTree', userId ? { userId } : undefined)
    .then((envelope) => ({
      treeList: envelope.result?.treeList ?? [],
      ids: envelope.result?.ids ?? [],
      checked: envelope.result?.checked ?? [],
    }));
}
