/**
 * Menus, button permissions and their data rules (contract "Menus and button permissions",
 * platform only). Lists come back as a tree; a `name` filter answers the matches flat.
 */
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

/** 0 top-level menu, 1 sub-menu, 2 button. */
export type MenuType = 0 | 1 | 2;

/** A menu or button (`menuType` 0 top-level menu, 1 sub-menu, 2 button), with its children in a tree. */
export type PermissionRecord = components['schemas']['PermissionRecord'];
/** What add and edit send: every field of the record except the computed ones. */
export type PermissionInput = components['schemas']['MenuForm'];
/** A data rule of a menu (`status` "1" on, "0" off). */
export type DataRule = components['schemas']['DataRule'];
export type DataRuleInput = components['schemas']['RuleBody'];

/** The search of a menu's rules. */
export interface DataRuleFilters {
  ruleName?: string;
  ruleValue?: string;
}

/** The rule operators the server understands (contract "Data rules"). */
export const RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;

/** Columns of the users page a rule may filter on. */
export const RULE_COLUMNS = ['username', 'realname', 'org_code', 'create_by', 'status', 'sex', 'work_no', 'post', 'user_kind'] as const;

/** Placeholders the server replaces in a rule's value. */
export const RULE_VARIABLES = ['#{sys_user_code}', '#{sys_user_id}', '#{sys_org_code}'] as const;

export const menuKeys = {
  all: ['system', 'menus'] as const,
  list: (name: string) => [...menuKeys.all, 'list', name] as const,
  rules: (permissionId: string, filters: DataRuleFilters) => [...menuKeys.all, 'rules', permissionId, filters] as const,
};

export function fetchPermissionList(name?: string, signal?: AbortSignal): Promise<PermissionRecord[]> {
  return api
    .get<PermissionRecord[] | null>('/sys/permission/list', { name: name?.trim() || undefined }, { signal })
    .then((envelope) => envelope.result ?? []);
}

export const { add: addPermission, edit: editPermission, remove: deletePermission, removeBatch: deletePermissions } = resource<PermissionRecord, PermissionInput>('/sys/permission');

/** A menu's data rules; with a filter the server's search (`queryPermissionRule`). */
export function fetchDataRules(permissionId: string, filters: DataRuleFilters, signal?: AbortSignal): Promise<DataRule[]> {
  const ruleName = filters.ruleName?.trim() || undefined;
  const ruleValue = filters.ruleValue?.trim() || undefined;
  const request =
    ruleName || ruleValue
      ? api.get<DataRule[] | null>('/sys/permission/queryPermissionRule', { permissionId, ruleName, ruleValue }, { signal })
      : api.get<DataRule[] | null>('/sys/permission/getPermRuleListByPermId', { permissionId }, { signal });
  return request.then((envelope) => envelope.result ?? []);
}

export function addDataRule(body: DataRuleInput): Promise<Envelope<DataRule>> {
  return api.post<DataRule>('/sys/permission/addPermissionRule', body, { notify: false });
}

export function editDataRule(body: DataRuleInput & { id: string }): Promise<Envelope<DataRule>> {
  return api.put<DataRule>('/sys/permission/editPermissionRule', body, { notify: false });
}

export function deleteDataRule(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/permission/deletePermissionRule', { id });
}
