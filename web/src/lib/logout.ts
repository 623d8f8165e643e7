/**
 * Signing out (spec section 4): tell the server, forget the session (token, user, dictionary
 * cache, menu) whatever the server says, so the user always ends up signed out.
 */
import { api } from '../api/client';
import { clearSession, getToken } from './session';

export async function logout(): Promise<void> {
  try {
    if (getToken()) await api.post('/sys/logout', undefined, { notify: false });
  } catch {
    // Signing out locally must work even when the server call fails.
  } finally {
    clearSession();
  }
}
