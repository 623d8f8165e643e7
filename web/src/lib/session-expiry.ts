/**
 * The "sign-in expired" dialog's state (spec section 8). Many calls may fail at once with an
 * expired token; the dialog opens once and stays single until it is answered.
 */
import { createStore, useStore } from './store';

export const sessionExpiredStore = createStore(false);

/** Opens the dialog; a no-op while it is already open. Returns whether this call opened it. */
export function openSessionExpired(): boolean {
  if (sessionExpiredStore.get()) return false;
  sessionExpiredStore.set(true);
  return true;
}

export function closeSessionExpired(): void {
  sessionExpiredStore.set(false);
}

export function useSessionExpired(): boolean {
  return useStore(sessionExpiredStore);
}
