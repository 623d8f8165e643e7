/** Calls of the roles page (contract docs/api/system-admin.md, "Roles"). */
import { api, type Envelope } from '../../../api/client';
import type { TreeNode } from '../../../components/permission/PermissionTree';

export const ROLE_LIST_PATH = '/sys/role/list';

export interface RoleRecord {
  id: string;
  roleCode: string;
  roleName: string;
  roleNameEn?: string | null;
  description?: string | null;
  createTime?: string | null;
  /** admin/customer: cannot be deleted. */
  builtIn?: boolean | number | string | null;
}

export interface RoleBody {
  id?: string;
  roleCode: string;
  roleName: string;
  roleNameEn?: string;
  description?: string;
}

export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn?: string | null;
  ruleConditions?: string | null;
  ruleValue?: string | null;
  status?: string | number | null;
}

/** `builtIn` may come as a boolean, 0/1 or "0"/"1". */
export const isBuiltIn = (role: RoleRecord) => role.builtIn === true || role.builtIn === 1 || role.builtIn === '1' || role.builtIn === 'true';

export function addRole(body: RoleBody): Promise<Envelope<RoleRecord>> {
  return api.post<RoleRecord>('/sys/role/add', body, { notify: false });
}

export function editRole(body: RoleBody): Promise<Envelope<RoleRecord>> {
  return api.put<RoleRecord>('/sys/role/edit', body, { notify: false });
}

export function deleteRole(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/role/delete', { id });
}

export function deleteRoles(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/role/deleteBatch', { ids: ids.join(',') });
}

/** What the caller may grant: `{treeList, ids}`. */
export function fetchGrantableTree(): Promise<{ treeList: TreeNode[]; ids: string[] }> {
  return api
    .get<{ treeList?: TreeNode[] | null; ids?: string[] | null } | null>('/sys/permission/queryTreeList')
    .then((envelope) => ({ treeList: envelope.result?.treeList ?? [], ids: envelope.result?.ids ?? [] }));
}

export function fetchRolePermissions(roleId: string): Promise<string[]> {
  return api.get<string[] | null>('/sys/permission/queryRolePermission', { roleId }).then((envelope) => envelope.result ?? []);
}

export function saveRolePermissions(roleId: string, permissionIds: string[], lastpermissionIds: string[]): Promise<Envelope<unknown>> {
  return api.post('/sys/permission/saveRolePermission', {
    roleId,
    permissionIds: permissionIds.join(','),
    lastpermissionIds: lastpermissionIds.join(','),
  });
}

/** The rules of a menu and those the role selected (none: an empty list). */
export function fetchRoleDataRules(permissionId: string, roleId: string): Promise<{ rules: DataRule[]; checked: string[] }> {
  return api
    .get<{ datarule?: DataRule[] | null; drChecked?: string | null } | null>(
      `/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`,
    )
    .then((envelope) => ({
      rules: envelope.result?.datarule ?? [],
      checked: (envelope.result?.drChecked ?? '').split(',').filter(Boolean),
    }));
}

export function saveRoleDataRules(permissionId: string, roleId: string, dataRuleIds: string[]): Promise<Envelope<unknown>> {
  return api.post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });
}
