/** Sign-in calls (spec section 7, Auth) and their hooks. */
import { useMutation } from '@tanstack/react-query';
import { api, type Envelope } from '../../../api/client';
import { setToken } from '../../../lib/session';

export interface LoginResult {
  token: string;
  userInfo?: Record<string, unknown>;
  sysAllDictItems?: Record<string, unknown>;
}

export interface PasswordCredentials {
  username: string;
  password: string;
  remember_me: boolean;
}

export interface PhoneCredentials {
  mobile: string;
  captcha: string;
  remember_me: boolean;
}

export type LoginRequest = { kind: 'password'; body: PasswordCredentials } | { kind: 'phone'; body: PhoneCredentials };

/** Login succeeds on code 200 (spec section 4); errors are shown inline by the form, not as notices. */
export async function login(request: LoginRequest): Promise<LoginResult> {
  const path = request.kind === 'password' ? '/sys/login' : '/sys/phoneLogin';
  const envelope = await api.post<LoginResult>(path, request.body, { notify: false });
  if (envelope.code !== 200 || !envelope.result?.token) {
    throw new Error(envelope.message);
  }
  return envelope.result;
}

/** Signs in and keeps the token (7 days); the caller navigates. */
export function useLogin(onSignedIn: (result: LoginResult) => void) {
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      setToken(result.token);
      onSignedIn(result);
    },
  });
}

/** Asks the server to text a login code (smsmode 0 = login). */
export function requestSmsCode(mobile: string): Promise<Envelope<unknown>> {
  return api.post<unknown>('/sys/sms', { mobile, smsmode: '0' }, { notify: false });
}
