/** Calls of the users page (contract docs/api/system-admin.md, "Users"). */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';

export const USER_LIST_PATH = '/sys/user/list';

/** 1 normal, 2 frozen. */
export type UserStatus = 1 | 2;

export interface UserRecord {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  /** 1 man, 2 woman. */
  sex?: number | null;
  birthday?: string | null;
  email?: string | null;
  phone?: string | null;
  telephone?: string | null;
  workNo?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  post?: string | null;
  status: number;
  userKind?: 'admin' | 'staff' | 'customer' | 'sub_account' | string | null;
  mainAccountId?: string | null;
  tenantId?: number | null;
  createTime?: string | null;
  createBy?: string | null;
}

export interface UserFilters {
  username: string;
  realname: string;
  phone: string;
  status: string;
  departId: string;
  [key: string]: string;
}

export interface UserBody {
  id?: string;
  username?: string;
  realname: string;
  password?: string;
  confirmpassword?: string;
  avatar?: string;
  phone?: string;
  email?: string;
  sex?: number | null;
  birthday?: string | null;
  telephone?: string;
  workNo?: string;
  post?: string;
  userKind?: 'staff' | 'admin';
  selectedroles: string;
  selecteddeparts: string;
}

export interface RoleOption {
  id: string;
  roleCode: string;
  roleName: string;
  roleNameEn?: string | null;
}

export interface DepartNode {
  id: string;
  key?: string;
  value?: string;
  title?: string;
  parentId?: string | null;
  departName: string;
  departNameEn?: string | null;
  orgCode?: string;
  children?: DepartNode[] | null;
}

export interface PositionOption {
  id: string;
  code: string;
  name: string;
  nameEn?: string | null;
}

/** Form saves show their errors in the form: no notice. */
export function addUser(body: UserBody): Promise<Envelope<UserRecord>> {
  return api.post<UserRecord>('/sys/user/add', body, { notify: false });
}

export function editUser(body: UserBody): Promise<Envelope<UserRecord>> {
  return api.put<UserRecord>('/sys/user/edit', body, { notify: false });
}

export function deleteUser(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/user/delete', { id });
}

export function deleteUsers(ids: string[]): Promise<Envelope<unknown>> {
  return api.delete('/sys/user/deleteBatch', { ids: ids.join(',') });
}

export function freezeUsers(ids: string[], status: UserStatus): Promise<Envelope<unknown>> {
  return api.put('/sys/user/frozenBatch', { ids: ids.join(','), status });
}

export function resetPassword(body: { username: string; password: string; confirmpassword: string }): Promise<Envelope<unknown>> {
  return api.put('/sys/user/changePassword', body, { notify: false });
}

export function fetchUserRoles(userid: string): Promise<string[]> {
  return api.get<string[] | null>('/sys/user/queryUserRole', { userid }).then((envelope) => envelope.result ?? []);
}

export function fetchUserDeparts(userId: string): Promise<string[]> {
  return api
    .get<{ key: string; value: string; title: string }[] | null>('/sys/user/userDepartList', { userId })
    .then((envelope) => (envelope.result ?? []).map((entry) => entry.value ?? entry.key));
}

/** Uploads an avatar image; resolves with the stored path. */
export function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'avatar');
  return api
    .upload<{ url?: string } | string>('/sys/common/upload', form, { notify: false })
    .then((envelope) => (typeof envelope.result === 'string' ? envelope.result : (envelope.result?.url ?? envelope.message)));
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
