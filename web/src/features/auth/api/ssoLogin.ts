/**
 * The calls of the single sign-on return pages (public, no token): CAS ticket validation, the
 * one-time token of a third-party sign-in, and binding a third-party account to a local one with
 * its password. Each answers what `POST /sys/login` answers; the page finishes the sign-in as the
 * password sign-in does (`rememberLogin`, then the `redirect`).
 */
import { api, ApiError, type Envelope } from '../../../api/client';
import { clearSession, getToken } from '../../../lib/session';
import { safeRedirect } from '../redirect';
import { casService, SSO_REDIRECT_KEY } from '../sso';
import type { LoginResult } from './login';

/** A sign-in answer, or why not (the server's message). */
function loginResult(envelope: Envelope<LoginResult>): LoginResult {
  if (envelope.code !== 200 || !envelope.result?.token) throw new Error(envelope.message);
  return envelope.result;
}

/** A new sign-in replaces any session this browser still holds (its token is not sent along). */
function signedOut(): void {
  if (getToken() !== undefined) clearSession();
}

/** `GET /cas/client/validateLogin`: the CAS server's ticket for this app's `/sso/cas`. */
export function validateCasTicket(ticket: string): Promise<LoginResult> {
  signedOut();
  return api.get<LoginResult>('/cas/client/validateLogin', { ticket, service: casService() }, { notify: false }).then(loginResult);
}

/** `GET /thirdLogin/getLoginUser/{token}`: the user a third-party sign-in's one-time token stands for (409: not bound yet). */
export function thirdLoginUser(token: string): Promise<LoginResult> {
  signedOut();
  return api.get<LoginResult>(`/thirdLogin/getLoginUser/${encodeURIComponent(token)}`, undefined, { notify: false }).then(loginResult);
}

/** `POST /thirdLogin/user/checkPassword`: binds the third-party account of `token` to this username, if the password is right. */
export function bindThirdAccount(token: string, username: string, password: string): Promise<LoginResult> {
  signedOut();
  return api.post<LoginResult>('/thirdLogin/user/checkPassword', { token, username, password }, { notify: false }).then(loginResult);
}

/** Whether a failed call says the third-party account is not bound yet (HTTP 409). */
export const isUnbound = (failure: unknown) => failure instanceof ApiError && failure.status === 409;

/** The server's message of a failed call, as it said it. */
export function failureMessage(failure: unknown): string {
  if (failure instanceof ApiError) return failure.envelope?.message || failure.message;
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * One call per ticket or token however often a page asks while it is under way (a ticket is
 * good once; React runs a page's effects twice in development).
 */
const underWay = new Map<string, Promise<LoginResult>>();

export function once(key: string, call: () => Promise<LoginResult>): Promise<LoginResult> {
  let promise = underWay.get(key);
  if (!promise) {
    promise = call();
    underWay.set(key, promise);
    const forget = () => underWay.delete(key);
    promise.then(forget, forget);
  }
  return promise;
}

/** Where a finished SSO sign-in goes: the `redirect` the sign-in page kept (once), else home. */
export function takeSsoRedirect(): string {
  let redirect: string | null = null;
  try {
    redirect = sessionStorage.getItem(SSO_REDIRECT_KEY);
    sessionStorage.removeItem(SSO_REDIRECT_KEY);
  } catch {
    // Storage refused (private mode): home.
  }
  return safeRedirect(redirect);
}
