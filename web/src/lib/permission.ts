/**
 * Menu and button permissions of the session (spec sections 2 and 6), loaded once after sign-in
 * from `getUserPermissionByToken`: the menu becomes routes through the core (`buildRoutes`, then
 * `filterRoutes`), and the `auth`/`allAuth` lists decide buttons through the core (`buttonState`).
 * The store is emptied when the session is cleared.
 */
import { api } from '../api/client';
import {
  buildRoutes,
  filterRoutes,
  message,
  type ButtonPermission,
  type MenuRoute,
} from '../core';
import { currentLanguage } from '../i18n';
import { onSessionCleared } from './session';
import { createStore, useStore } from './store';

export const PERMISSION_PATH = '/sys/permission/getUserPermissionByToken';

export interface PermissionAnswer {
  menu: unknown;
  auth?: ButtonPermission[];
  allAuth?: ButtonPermission[];
  sysSafeMode?: boolean;
}

export interface PermissionState {
  loaded: boolean;
  routes: MenuRoute[];
  auth: ButtonPermission[];
  allAuth: ButtonPermission[];
  /** The lists as JSON, as the core reads them (computed once per load). */
  authJson: string;
  allAuthJson: string;
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
export function permissionsFrom(answer: PermissionAnswer | null | undefined): PermissionState {
  const menu = answer?.menu;
  if (!Array.isArray(menu) || menu.length === 0) throw new PermissionsError();
  const auth = Array.isArray(answer?.auth) ? answer.auth : [];
  const allAuth = Array.isArray(answer?.allAuth) ? answer.allAuth : [];
  const codes = auth.filter((entry) => entry.type !== '2').map((entry) => entry.action);
  const routes = filterRoutes(buildRoutes(menu), codes);
  return { loaded: true, routes, auth, allAuth, authJson: JSON.stringify(auth), allAuthJson: JSON.stringify(allAuth) };
}

let pending: Promise<PermissionState> | undefined;

/** Fetches the permissions (once at a time) and registers the routes. */
export function loadPermissions(): Promise<PermissionState> {
  pending ??= api
    .get<PermissionAnswer>(PERMISSION_PATH, undefined, { notify: false })
    .then((envelope) => {
      const state = permissionsFrom(envelope.result);
      permissionStore.set(state);
      return state;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

export function resetPermissions(): void {
  permissionStore.set(EMPTY);
}

onSessionCleared(resetPermissions);

export function usePermissions(): PermissionState {
  return useStore(permissionStore);
}
