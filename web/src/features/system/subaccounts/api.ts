/** Calls of the sub-accounts page (contract docs/api/system-admin.md, "Sub-accounts"). */
import { api, type Envelope } from '../../../api/client';
import type { TreeNode } from '../../../components/permission/PermissionTree';
import type { UserRecord } from '../users/api';

export type { UserRecord as SubAccountRecord } from '../users/api';

export const SUB_ACCOUNT_LIST_PATH = '/erp/user/sub/list';

export interface SubAccountAdd {
  username: string;
  realname: string;
  password: string;
  phone?: string;
  email?: string;
  permissionIds: string;
}

export interface SubAccountEdit {
  id: string;
  realname: string;
  phone?: string;
  email?: string;
  /** Left out when the tree could not be loaded: the grants stay as they are. */
  permissionIds?: string;
}

export interface SubPermissionTree {
  treeList: TreeNode[];
  ids: string[];
  checked: string[];
}

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
