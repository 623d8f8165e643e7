/** Registration and forgotten-password calls (contract "Registration", "Forgotten password"). */
import { ApiError, api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';

/** What `checkOnlyUser` checks: a value still free, or (`tenantId`) a registration link's tenant. */
export type UniqueField = 'username' | 'phone' | 'email' | 'tenantId';

/** `undefined` when the value is free, else the server's reason (taken, malformed). */
export async function checkUnique(field: UniqueField, value: string, signal?: AbortSignal): Promise<string | undefined> {
  try {
    await api.get('/sys/user/checkOnlyUser', { [field]: value }, { notify: false, signal });
    return undefined;
  } catch (failure) {
    if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400)) return failure.message;
    throw failure;
  }
}

export type Registration = components['schemas']['RegisterRequest'];
type Registered = components['schemas']['Registered'];
type Verified = components['schemas']['Verified'];

export function register(body: Registration): Promise<Envelope<Registered>> {
  return api.post<Registered>('/sys/user/register', body, { notify: false });
}

export function verifyPhone(phone: string, smscode: string): Promise<Envelope<Verified>> {
  return api.post<Verified>('/sys/user/phoneVerification', { phone, smscode }, { notify: false });
}

export type PasswordReset = components['schemas']['PasswordReset'];

export function resetPassword(body: PasswordReset): Promise<Envelope<unknown>> {
  return api.put('/sys/user/passwordChange', body, { notify: false });
}

/** The request field a server error names (`result.field`), if any. */
export function errorField(failure: unknown): string | undefined {
  if (!(failure instanceof ApiError)) return undefined;
  const result = failure.envelope?.result;
  if (typeof result === 'object' && result !== null && 'field' in result) {
    const field = (result as { field: unknown }).field;
    return typeof field === 'string' ? field : undefined;
  }
  return undefined;
}
