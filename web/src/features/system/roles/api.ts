/** Calls of the roles page (contract docs/api/system-admin.md, "Roles"). */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export const ROLE_LIST_PATH = '/sys/role/list';

export type RoleRecord = components['schemas']['RoleRecord'];
export type RoleBody = components['schemas']['RoleForm'];
export type DataRule = components['schemas']['DataRule'];

/** admin/customer: cannot be deleted (`builtIn` may come as a boolean, 0/1 or "0"/"1"). */
export const isBuiltIn = (role: Pick<RoleRecord, 'builtIn'>) => ['true', '1'].includes(String(role.builtIn));

export const { add: addRole, edit: editRole, remove: deleteRole, removeBatch: deleteRoles } = resource<RoleRecord, RoleBody>('/sys/role');

/** What the caller may grant: `{treeList, ids}`. */
export function fetchGrantableTree(): Promise<components['schemas']['GrantTree']> {
  return api
    .get<Partial<components['schemas']['GrantTree']> | null>('/sys/permission/queryTreeList')
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
    .get<Partial<components['schemas']['RoleDataRules']> | null>(
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
