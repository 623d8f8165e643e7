/**
 * The signed-in session as the browser keeps it: the access token, the tenant id and the user's
 * profile, stored in localStorage for 7 days (spec section 9), plus the dictionary cache of the
 * login answer. Everything that needs the token reads it from here; clearing the session tells
 * the listeners (the permission store) so that no menu of a previous user survives.
 */
import type { components } from '../api/schema';
import { createStore, useStore } from './store';

export const ACCESS_TOKEN_KEY = 'Access-Token';
export const TENANT_ID_KEY = 'TENANT_ID';
export const USER_INFO_KEY = 'Login_Userinfo';
export const DICT_CACHE_KEY = 'UI_CACHE_DB_DICT_DATA';
/** Token and user info live 7 days (604800000 ms). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The signed-in user as the server describes it (`userInfo`). */
export type UserInfo = components['schemas']['UserInfo'];

interface Stored<T> {
  value: T;
  expires: number;
}

function read<T>(key: string): T | undefined {
  const raw = localStorage.getItem(key);
  if (raw === null) return undefined;
  try {
    const stored = JSON.parse(raw) as Stored<T>;
    if (typeof stored.expires !== 'number' || stored.expires < Date.now()) {
      localStorage.removeItem(key);
      return undefined;
    }
    return stored.value;
  } catch {
    localStorage.removeItem(key);
    return undefined;
  }
}

function write<T>(key: string, value: T, ttlMs = SESSION_TTL_MS): void {
  const stored: Stored<T> = { value, expires: Date.now() + ttlMs };
  localStorage.setItem(key, JSON.stringify(stored));
}

export function getToken(): string | undefined {
  return read<string>(ACCESS_TOKEN_KEY);
}

export function setToken(token: string): void {
  write(ACCESS_TOKEN_KEY, token);
}

/** The tenant sent with every request; 0 when the user has none. */
export function getTenantId(): number {
  return read<number>(TENANT_ID_KEY) ?? 0;
}

export function setTenantId(tenantId: number): void {
  write(TENANT_ID_KEY, tenantId);
}

const userStore = createStore<UserInfo | undefined>(undefined);
let userLoaded = false;

export function getUserInfo(): UserInfo | undefined {
  if (!userLoaded) {
    userLoaded = true;
    userStore.set(read<UserInfo>(USER_INFO_KEY));
  }
  return userStore.get();
}

export function setUserInfo(user: UserInfo): void {
  userLoaded = true;
  write(USER_INFO_KEY, user);
  userStore.set(user);
}

/** The signed-in user, re-rendering when the profile changes (department switch, profile edit). */
export function useUserInfo(): UserInfo | undefined {
  getUserInfo();
  return useStore(userStore);
}

/** The dictionaries of the session as stored: dictionary code to its items (see `lib/dict.ts`). */
export type DictCache = Record<string, unknown>;

const dictStore = createStore<DictCache | undefined>(undefined);
let dictLoaded = false;

/** The cached dictionaries (`undefined` when none are kept: signed out, cleared, expired). */
export function getDictCache(): DictCache | undefined {
  if (!dictLoaded) {
    dictLoaded = true;
    const stored = read<unknown>(DICT_CACHE_KEY);
    dictStore.set(typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as DictCache) : undefined);
  }
  return dictStore.get();
}

/** The cached dictionaries, re-rendering when they are replaced or cleared. */
export function useDictCache(): DictCache | undefined {
  getDictCache();
  return useStore(dictStore);
}

/** Keeps the login answer's dictionaries (`sysAllDictItems`, or a later reload) for the session. */
export function setDictCache(dictionaries: unknown): void {
  const value = typeof dictionaries === 'object' && dictionaries !== null && !Array.isArray(dictionaries) ? (dictionaries as DictCache) : {};
  write(DICT_CACHE_KEY, value);
  dictLoaded = true;
  dictStore.set(value);
}

export function clearDictCache(): void {
  localStorage.removeItem(DICT_CACHE_KEY);
  dictLoaded = true;
  dictStore.set(undefined);
}

const clearedListeners = new Set<() => void>();

/** Runs `listener` whenever the session is cleared (sign-out, expiry). */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Forgets token, tenant, user and dictionary cache, and tells the listeners. */
export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(TENANT_ID_KEY);
  localStorage.removeItem(USER_INFO_KEY);
  clearDictCache();
  userLoaded = true;
  userStore.set(undefined);
  for (const listener of clearedListeners) listener();
}
