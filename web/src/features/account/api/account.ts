/** Calls of the signed-in user about their own account (contract "Signed-in user"). */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

export type Depart = Schemas['DepartInfo'];
/** `GET /sys/user/getUserInfo`: the user, their departments, roles, tenant, company and last sign-in. */
export type Profile = Schemas['AccountOverview'];

export const PROFILE_QUERY = ['account', 'profile'] as const;

export function fetchProfile(): Promise<Profile> {
  return api.get<Profile>('/sys/user/getUserInfo').then((envelope) => envelope.result);
}

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY, queryFn: fetchProfile });
}

export type PasswordChange = Schemas['ChangePassword'];

/** Errors come back to the form (field messages), so no notice here. */
export function updatePassword(body: PasswordChange): Promise<Envelope<unknown>> {
  return api.put('/sys/user/updatePassword', body, { notify: false });
}

export function fetchCurrentDeparts(): Promise<Schemas['CurrentDeparts']> {
  return api
    .get<Partial<Schemas['CurrentDeparts']> | null>('/sys/user/getCurrentUserDeparts')
    .then((envelope) => ({ list: envelope.result?.list ?? [], orgCode: envelope.result?.orgCode }));
}

export function selectDepart(orgCode: string, username: string): Promise<Envelope<Schemas['SelectedDepart']>> {
  return api.post<Schemas['SelectedDepart']>('/sys/selectDepart', { orgCode, username }, { notify: false });
}

export type ProfileEdit = Schemas['ProfileEdit'];

export function editProfile(body: ProfileEdit): Promise<Envelope<Schemas['ProfileSaved']>> {
  return api.put<Schemas['ProfileSaved']>('/sys/user/appEdit', body, { notify: false });
}

/** One third-party identity (CAS, OpenID Connect) bound to the signed-in user. */
export type ThirdAccount = Schemas['ThirdAccount'];

export const THIRD_ACCOUNTS_QUERY = ['account', 'thirdAccounts'] as const;

export function useThirdAccounts() {
  return useQuery({
    queryKey: THIRD_ACCOUNTS_QUERY,
    queryFn: () => api.get<ThirdAccount[]>('/sys/thirdApp/getThirdAccountByUserId').then((envelope) => envelope.result ?? []),
  });
}

/** Unbinds one of the user's own identities; the client shows a refusal. */
export function unbindThirdAccount(id: string): Promise<Envelope<unknown>> {
  return api.delete('/sys/thirdApp/deleteThirdAccount', { id });
}
