/**
 * Menus, button permissions and their data rules (contract "Menus and button permissions",
 * platform only). Lists come back as a tree; a `name` filter answers the matches flat.
 */
import { api, type Envelope } from '../../../api/client';

/** 0 top-level menu, 1 sub-menu, 2 button. */
export type MenuType = 0 | 1 | 2;

export interface PermissionRecord {
  id: string;
  parentId?: string | null;
  name: string;
  nameEn?: string | null;
  url?: string | null;
  component?: string | null;
  componentName?: string | null;
  redirect?: string | null;
  menuType: MenuType;
  perms?: string | null;
  /** "1" show/hide, "2" disable. */
  permsType?: string | null;
  sortNo?: number | null;
  alwaysShow?: boolean | null;
  icon?: string | null;
  route?: boolean | string | null;
  keepAlive?: boolean | null;
  hidden?: boolean | null;
  internalOrExternal?: boolean | null;
  /** "1" on, "0" off. */
  status?: string | null;
  platformOnly?: boolean | null;
  leaf?: boolean | null;
  ruleFlag?: boolean | number | null;
  children?: PermissionRecord[] | null;
}

/** What add and edit send: every field of the record except the computed ones. */
export type PermissionInput = Omit<PermissionRecord, 'id' | 'leaf' | 'ruleFlag' | 'children'> & { id?: string };

export interface DataRule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  /** "1" on, "0" off. */
  status: string;
}

export type DataRuleInput = Omit<DataRule, 'id'> & { id?: string };

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

export function addPermission(body: PermissionInput): Promise<Envelope<PermissionRecord>> {
  return api.post<PermissionRecord>('/sys/permission/add', body, { notify: false });
}

export function editPermission(body: PermissionInput & { id: string }): Promise<Envelope<PermissionRecord>> {
  return api.put<PermissionRecord>('/sys/permission/edit', body, { notify: false });
}

export function deletePermission(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/permission/delete', { id });
}

export function deletePermissions(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/permission/deleteBatch', { ids: ids.join(',') });
}

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
