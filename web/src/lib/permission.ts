/**
 * Menu and button permissions of the session (spec sections 2 and 6), loaded once after sign-in
 * from `getUserPermissionByToken`: the menu becomes routes through the core (`buildRoutes`, then
 * `filterRoutes`), and the `auth`/`allAuth` lists decide buttons through the core (`buttonState`).
 * The store is emptied when the session is cleared.
 */
import { api, ApiError } from '../api/client';
import type { components } from '../api/schema';
import {
  buildRoutes,
  filterRoutes,
  message,
  type ButtonPermission,
  type MenuRoute,
} from '../core';
import { currentLanguage } from '../i18n';
import { getUserInfo, onSessionCleared } from './session';
import { createStore, useStore } from './store';

export const PERMISSION_PATH = '/sys/permission/getUserPermissionByToken';

export type PermissionAnswer = components['schemas']['UserPermissions'];

export interface PermissionState {
  loaded: boolean;
  routes: MenuRoute[];
  auth: ButtonPermission[];
  allAuth: ButtonPermission[];
  /** The lists as JSON, as the core reads them (computed once per load). */
  authJson: string;
  allAuthJson: string;
  /** Taken from the last answer kept in this browser because the server could not be reached. */
  offline?: boolean;
}

const EMPTY: PermissionState = { loaded: false, routes: [], auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' };

export const permissionStore = createStore<PermissionState>(EMPTY);

/** Raised when the menu is not a non-empty array (spec section 4). */
export class PermissionsError extends Error {
  constructor() {
    super(message('permissions_not_array', currentLanguage()));
    this.name = 'PermissionsError';
  }
}

/** Turns the server's answer into the session's permissions; throws {@link PermissionsError}. */
export function permissionsFrom(answer: Partial<Record<keyof PermissionAnswer, unknown>> | null | undefined): PermissionState {
  // The answer may be an older one kept in this browser: every part is checked, not trusted.
  const menu = answer?.menu;
  if (!Array.isArray(menu) || menu.length === 0) throw new PermissionsError();
  const auth: ButtonPermission[] = Array.isArray(answer?.auth) ? (answer.auth as ButtonPermission[]) : [];
  const allAuth: ButtonPermission[] = Array.isArray(answer?.allAuth) ? (answer.allAuth as ButtonPermission[]) : [];
  const codes = auth.filter((entry) => entry.type !== '2').map((entry) => entry.action);
  const routes = filterRoutes(buildRoutes(menu), codes);
  return { loaded: true, routes, auth, allAuth, authJson: JSON.stringify(auth), allAuthJson: JSON.stringify(allAuth) };
}

/** The last answer of the session, kept so that a signed-in page reloads without a network. */
export const PERMISSION_CACHE_KEY = 'Last_Permission_Answer';

interface CachedAnswer {
  userId: string;
  answer: PermissionAnswer;
}

function rememberAnswer(answer: PermissionAnswer): void {
  const userId = getUserInfo()?.id;
  if (!userId) return;
  try {
    localStorage.setItem(PERMISSION_CACHE_KEY, JSON.stringify({ userId, answer } satisfies CachedAnswer));
  } catch {
    // A full storage only costs the offline start.
  }
}

/** The kept answer, if it is the signed-in user's. */
function rememberedAnswer(): PermissionAnswer | undefined {
  const userId = getUserInfo()?.id;
  const raw = localStorage.getItem(PERMISSION_CACHE_KEY);
  if (!userId || raw === null) return undefined;
  try {
    const cached = JSON.parse(raw) as Partial<CachedAnswer>;
    return cached.userId === userId ? cached.answer : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPermissionAnswer(): void {
  localStorage.removeItem(PERMISSION_CACHE_KEY);
}

/** No answer at all (offline, server down): status 0. A 401, 403 or 500 is an answer. */
const unreachable = (error: unknown) => error instanceof ApiError && error.status === 0;

let pending: Promise<PermissionState> | undefined;

/**
 * Fetches the permissions (once at a time) and registers the routes. When the server cannot be
 * reached at all (no network: status 0), the user's last answer kept in this browser is used
 * instead, marked `offline`, and the next `online` event loads the fresh one; any answer of the
 * server (401 included) is never replaced by the kept one.
 */
export function loadPermissions(): Promise<PermissionState> {
  pending ??= api
    .get<PermissionAnswer>(PERMISSION_PATH, undefined, { notify: false })
    .then(
      (envelope) => {
        const state = permissionsFrom(envelope.result);
        rememberAnswer(envelope.result);
        permissionStore.set(state);
        return state;
      },
      (error: unknown) => {
        const kept = unreachable(error) ? rememberedAnswer() : undefined;
        if (!kept) throw error;
        const state: PermissionState = { ...permissionsFrom(kept), offline: true };
        permissionStore.set(state);
        return state;
      },
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

// Back online after an offline start: the real answer replaces the kept one.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (permissionStore.get().offline) loadPermissions().catch(() => undefined);
  });
}

export function resetPermissions(): void {
  permissionStore.set(EMPTY);
}

onSessionCleared(() => {
  resetPermissions();
  forgetPermissionAnswer();
});

export function usePermissions(): PermissionState {
  return useStore(permissionStore);
}
