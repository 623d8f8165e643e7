/**
 * The route guard (spec section 2) as router loaders: `decideGuard` says what to do, these do
 * it. Signed-in pages load the menu once per session and continue to the requested path (or the
 * `redirect` query); a failed load signs out and goes to login with a redirect query.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiError, showNotice } from '../api/client';
import { decideGuard, loginPathFor } from '../lib/guard';
import { logout } from '../lib/logout';
import { loadPermissions, permissionStore } from '../lib/permission';
import { getToken } from '../lib/session';

function locationOf(request: Request) {
  const url = new URL(request.url);
  return { pathname: url.pathname, search: url.search };
}

/**
 * Whether the page is being left (a reload, another address typed): the browser then cuts the
 * calls in flight short, and that is no failure of the session. Signing out then would revoke a
 * session the next page is about to use. Cleared again if the page stays (a cancelled leave).
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
    window.setTimeout(() => (leaving = false), 3000);
  });
}

/** Runs the guard for a navigation; resolves to null to continue, throws a redirect otherwise. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = locationOf(request);
  const decision = decideGuard({ pathname, search, hasToken: getToken() !== undefined, menuLoaded: permissionStore.get().loaded });
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') throw redirect(decision.to);
  try {
    await loadPermissions();
  } catch (error) {
    if (leaving) return null;
    // A 401 already tells the user (notice or "sign-in expired" dialog); anything else is shown here.
    if (!(error instanceof ApiError && error.status === 401)) {
      showNotice(error instanceof Error ? error.message : String(error));
    }
    await logout();
    throw redirect(loginPathFor(pathname + search));
  }
  if (decision.target !== pathname + search) throw redirect(decision.target);
  return null;
}
