/**
 * Where a visitor without a session ends up, as src/app/routes.tsx and its guard decide it, so
 * that the app can start on the sign-in page without loading react-router (src/app/start.tsx):
 * the sign-in URL to show, or null when the path shows another page (the other public account
 * pages, the exception pages), which only the whole app renders. `signInLocation.test.tsx`
 * checks this against the routes themselves.
 */
import { HOME_PATH, LOGIN_PATH, decideGuard } from '../lib/guard';

/** Pages a visitor without a session sees at their own path (react-router matches them without case). */
export const PATHS_WITHOUT_SIGN_IN = ['/user/register', '/user/register-result', '/user/alteration', '/sso/cas', '/sso/third', '/track', '/track/search', '/track/result', '/403', '/404', '/500'];

/** Paths the routes send straight to the sign-in page, without a redirect query. */
const TO_SIGN_IN = ['/user'];

export function signInLocation(pathname: string, search: string): string | null {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (PATHS_WITHOUT_SIGN_IN.includes(path)) return null;
  if (TO_SIGN_IN.includes(path)) return LOGIN_PATH;
  // `/` goes home first, and home asks for a session.
  const target = path === '/' ? { pathname: HOME_PATH, search: '' } : { pathname, search };
  // Anything else asks for a session, but the sign-in page itself (allowed as it is).
  const decision = decideGuard({ ...target, hasToken: false, menuLoaded: false });
  return decision.kind === 'redirect' ? decision.to : target.pathname + target.search;
}
