/**
 * Single sign-on as the sign-in page offers it (`GET /thirdLogin/config`): CAS (the CAS server's
 * login page, which comes back to `/sso/cas?ticket=…`) and OpenID Connect (the server's
 * `/boot/thirdLogin/render/oidc`, which comes back to `/sso/third?token=…`). Small on purpose:
 * the sign-in page's first load carries it; the return pages' calls (and the way on from them)
 * are in api/ssoLogin.ts.
 */
import { useEffect, useState } from 'react';
import { api, BASE_PATH } from '../../api/client';

/** What the server offers (null: not configured). */
export interface SsoConfig {
  cas: { loginUrl: string } | null;
  oidc: { name: string } | null;
}

/** Where the CAS server sends the browser back (the `service` of the ticket). */
export const CAS_RETURN_PATH = '/sso/cas';
/** Where OpenID Connect sign-in starts (the server redirects to the provider). */
export const OIDC_START_URL = `${BASE_PATH}/thirdLogin/render/oidc`;

/** The `service` the CAS ticket is issued for and validated against. */
export const casService = () => window.location.origin + CAS_RETURN_PATH;

/** The CAS server's login page, coming back to this app. */
export const casLoginHref = (loginUrl: string) => `${loginUrl}${loginUrl.includes('?') ? '&' : '?'}service=${encodeURIComponent(casService())}`;

/** The SSO the server offers; null until known, or when it cannot be read (then no button shows). */
export function useSsoConfig(): SsoConfig | null {
  const [config, setConfig] = useState<SsoConfig | null>(null);
  useEffect(() => {
    let live = true;
    api.get<SsoConfig | null>('/thirdLogin/config', undefined, { notify: false }).then(
      (envelope) => live && setConfig(envelope.result),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}

/** Where the sign-in page's `redirect` query waits while the browser is at the provider (this tab only). */
export const SSO_REDIRECT_KEY = 'sso_redirect';

/** Keeps the sign-in page's `redirect` query for the return page (or forgets an older one). */
export function rememberSsoRedirect(redirect: string | null): void {
  try {
    if (redirect) sessionStorage.setItem(SSO_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(SSO_REDIRECT_KEY);
  } catch {
    // Storage refused (private mode): the return page goes home.
  }
}
