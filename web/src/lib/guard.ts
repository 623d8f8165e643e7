/**
 * The route guard of spec section 2 as a pure decision, so that it is tested without a browser:
 * the router's loader asks it what to do with a navigation.
 */

export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

/** Paths anyone may open without signing in. */
export const PUBLIC_PATHS = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/track/search',
  '/track/result',
] as const;

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_PATHS as readonly string[]).includes(path);
}

/** The `redirect` query if it is a path of this app (never another origin), else home. */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return HOME_PATH;
  }
  return redirect.startsWith(LOGIN_PATH) ? HOME_PATH : redirect;
}

/** `/user/login?redirect=<path>` for a page that needs a session. */
export function loginPathFor(target: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: target }).toString()}`;
}

export type GuardDecision =
  /** Go on to the page. */
  | { kind: 'allow' }
  /** Go elsewhere instead. */
  | { kind: 'redirect'; to: string }
  /** Load the menu first; then go to `target` (the page itself, or the `redirect` query). */
  | { kind: 'load'; target: string };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  menuLoaded: boolean;
}

export function decideGuard({ pathname, search, hasToken, menuLoaded }: GuardInput): GuardDecision {
  const target = pathname + search;
  if (isPublicPath(pathname)) {
    if (hasToken && pathname.replace(/\/+$/, '') === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
    return { kind: 'allow' };
  }
  if (!hasToken) return { kind: 'redirect', to: loginPathFor(target) };
  if (menuLoaded) return { kind: 'allow' };
  const redirect = new URLSearchParams(search).get('redirect');
  return { kind: 'load', target: redirect ? safeRedirect(redirect) : target };
}
