/** Calls of the signed-in user about their own account (contract "Signed-in user"). */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import type { UserInfo } from '../../../lib/session';

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

export interface Profile {
  userInfo: UserInfo;
  departs?: Depart[];
  roles?: { roleCode: string; roleName: string }[];
  tenant?: { id: number; name: string } | null;
  company?: {
    companyName?: string;
    contactPerson?: string;
    country?: string;
    address?: string;
    taxNumber?: string | null;
  } | null;
  lastLogin?: { time?: string; ip?: string } | null;
}

export const PROFILE_QUERY = ['account', 'profile'] as const;

export function fetchProfile(): Promise<Profile> {
  return api.get<Profile>('/sys/user/getUserInfo').then((envelope) => envelope.result);
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY, queryFn: fetchProfile });
}

export interface PasswordChange {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Errors come back to the form (field messages), so no notice here. */
export function updatePassword(body: PasswordChange): Promise<Envelope<unknown>> {
  return api.put('/sys/user/updatePassword', body, { notify: false });
}

export function fetchCurrentDeparts(): Promise<{ list: Depart[]; orgCode?: string | null }> {
  return api
    .get<{ list: Depart[] | null; orgCode?: string | null }>('/sys/user/getCurrentUserDeparts')
    .then((envelope) => ({ list: envelope.result?.list ?? [], orgCode: envelope.result?.orgCode }));
}

export function selectDepart(orgCode: string, username: string): Promise<Envelope<{ userInfo: UserInfo }>> {
  return api.post<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }, { notify: false });
}

export interface ProfileEdit {
  realname: string;
  avatar: string;
  phone: string;
  email: string;
  sex: number | null;
  birthday: string | null;
}

export function editProfile(body: ProfileEdit): Promise<Envelope<{ userInfo: UserInfo }>> {
  return api.put<{ userInfo: UserInfo }>('/sys/user/appEdit', body, { notify: false });
}

/** Uploads an avatar image; resolves with its URL. */
export function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', 'avatar');
  return api
    .upload<{ url?: string } | string>('/sys/common/upload', form, { notify: false })
    .then((envelope) => (typeof envelope.result === 'string' ? envelope.result : (envelope.result?.url ?? envelope.message)));
}
