/** Where the app lands after sign-in when no redirect is asked for (spec section 9). */
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';

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
