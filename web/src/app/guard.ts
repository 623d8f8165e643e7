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

/** Runs the guard for a navigation; resolves to null to continue, throws a redirect otherwise. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const { pathname, search } = locationOf(request);
  const decision = decideGuard({ pathname, search, hasToken: getToken() !== undefined, menuLoaded: permissionStore.get().loaded });
  if (decision.kind === 'allow') return null;
  if (decision.kind === 'redirect') throw redirect(decision.to);
  try {
    await loadPermissions();
  } catch (error) {
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
