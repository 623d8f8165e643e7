/** Sign-in calls (contract "Auth") and their hooks. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type Envelope } from '../../../api/client';
import type { components } from '../../../api/schema';
import { setDictCache, setTenantId, setToken, setUserInfo } from '../../../lib/session';

export type LoginResult = components['schemas']['LoginResult'];

export type PasswordCredentials = components['schemas']['LoginRequest'];

export type PhoneCredentials = components['schemas']['PhoneLoginRequest'];

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

/** Keeps what the session needs for 7 days: token, user, tenant, dictionaries. */
export function rememberLogin(result: LoginResult): void {
  setToken(result.token);
  if (result.userInfo) setUserInfo(result.userInfo);
  const tenant = result.userInfo?.tenantId ?? result.tenantList?.[0]?.id;
  if (typeof tenant === 'number') setTenantId(tenant);
  setDictCache(result.sysAllDictItems);
}

export interface LoginState {
  /** Signs in with these credentials (the latest call wins the state below). */
  mutate: (request: LoginRequest) => void;
  isPending: boolean;
  error: Error | undefined;
  /** Forgets the pending state and the error (switching tabs); a sign-in under way still lands. */
  reset: () => void;
}

/**
 * Signs in and keeps the session; the caller navigates. A plain hook rather than TanStack
 * Query's `useMutation`, so the sign-in page does not download the query library.
 */
export function useLogin(onSignedIn: (result: LoginResult) => void): LoginState {
  const [state, setState] = useState<{ isPending: boolean; error: Error | undefined }>({ isPending: false, error: undefined });
  const latest = useRef(0);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });

  const mutate = useCallback((request: LoginRequest) => {
    const call = (latest.current += 1);
    setState({ isPending: true, error: undefined });
    login(request).then(
      (result) => {
        rememberLogin(result);
        if (call === latest.current) setState({ isPending: false, error: undefined });
        signedIn.current(result);
      },
      (error: unknown) => {
        if (call === latest.current) setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
  }, []);
  const reset = useCallback(() => {
    latest.current += 1;
    setState({ isPending: false, error: undefined });
  }, []);
  return { mutate, reset, ...state };
}

/** Why a code is asked for: sign-in, registration or a forgotten password. */
export type SmsMode = 'login' | 'register' | 'forget';
const SMS_MODES: Record<SmsMode, string> = { login: '0', register: '1', forget: '2' };

/** Asks the server to text a code; resolves with the server's confirmation. */
export function requestSmsCode(mobile: string, mode: SmsMode = 'login'): Promise<Envelope<unknown>> {
  return api.post<unknown>('/sys/sms', { mobile, smsmode: SMS_MODES[mode] }, { notify: false });
}
