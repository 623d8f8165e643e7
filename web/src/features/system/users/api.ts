/** Calls of the users page (contract docs/api/system-admin.md, "Users"). */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import { resource } from '../../../api/resource';
import type { components } from '../../../api/schema';

export const USER_LIST_PATH = '/sys/user/list';

/** 1 normal, 2 frozen. */
export type UserStatus = 1 | 2;

export type UserRecord = components['schemas']['UserInfo'];

export interface UserFilters {
  username: string;
  realname: string;
  phone: string;
  status: string;
  departId: string;
  [key: string]: string;
}

export type UserBody = components['schemas']['UserForm'];
/** A role of the tenant (names in the UI language). */
export type RoleOption = components['schemas']['RoleRecord'];
export type DepartNode = components['schemas']['DepartNode'];
export type PositionOption = components['schemas']['PositionRecord'];

export const { add: addUser, remove: deleteUser, removeBatch: deleteUsers } = resource<UserRecord, UserBody>('/sys/user');
/** The body carries the user's id. */
export const editUser = (body: UserBody) => api.put<UserRecord>('/sys/user/edit', body, { notify: false });

export function freezeUsers(ids: string[], status: UserStatus): Promise<Envelope<unknown>> {
  return api.put('/sys/user/frozenBatch', { ids: ids.join(','), status });
}

export function resetPassword(body: components['schemas']['ResetPassword']): Promise<Envelope<unknown>> {
  return api.put('/sys/user/changePassword', body, { notify: false });
}

export function fetchUserRoles(userid: string): Promise<string[]> {
  return api.get<string[] | null>('/sys/user/queryUserRole', { userid }).then((envelope) => envelope.result ?? []);
}

export function fetchUserDeparts(userId: string): Promise<string[]> {
  return api
    .get<components['schemas']['TreeOption'][] | null>('/sys/user/userDepartList', { userId })
    .then((envelope) => (envelope.result ?? []).map((entry) => entry.value ?? entry.key));
}

/** The tenant's roles (names in the UI language). */
export function useAllRoles(enabled = true) {
  return useQuery({
    queryKey: ['system', 'roles', 'all'],
    queryFn: () => api.get<RoleOption[] | null>('/sys/role/queryall').then((envelope) => envelope.result ?? []),
    enabled,
  });
}

/** The department tree. */
export function useDepartTree() {
  return useQuery({
    queryKey: ['system', 'departs', 'tree'],
    queryFn: () => api.get<DepartNode[] | null>('/sys/sysDepart/queryTreeList').then((envelope) => envelope.result ?? []),
  });
}

/** Positions for the post field (quietly empty when the caller may not list them). */
export function usePositions(enabled = true) {
  return useQuery({
    queryKey: ['system', 'positions', 'options'],
    queryFn: () =>
      api
        .get<{ records?: PositionOption[] } | null>('/sys/position/list', { pageNo: 1, pageSize: 1000 }, { notify: false })
        .then((envelope) => envelope.result?.records ?? [])
        .catch(() => [] as PositionOption[]),
    enabled,
    retry: false,
  });
}

/** The department tree as a flat list with depths (for pickers). */
export function flattenDeparts(
  nodes: readonly DepartNode[] | undefined,
  language: 'zh-CN' | 'en-US',
  depth = 0,
): { id: string; name: string; depth: number }[] {
  const out: { id: string; name: string; depth: number }[] = [];
  for (const node of nodes ?? []) {
    const name = language === 'en-US' ? node.departNameEn || node.title || node.departName : node.departName || node.title || '';
    out.push({ id: node.id ?? node.key ?? node.value ?? '', name, depth });
    out.push(...flattenDeparts(node.children ?? [], language, depth + 1));
  }
  return out;
}
