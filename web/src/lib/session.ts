/**
 * The signed-in session as the browser keeps it: the access token and the tenant id, stored in
 * localStorage for 7 days (spec section 9). Everything that needs the token reads it from here.
 */

export const ACCESS_TOKEN_KEY = 'Access-Token';
export const TENANT_ID_KEY = 'TENANT_ID';
/** Token and user info live 7 days (604800000 ms). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

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

export function clearSession(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  localStorage.removeItem(TENANT_ID_KEY);
}

/** The tenant sent with every request; 0 when the user has none. */
export function getTenantId(): number {
  return read<number>(TENANT_ID_KEY) ?? 0;
}

export function setTenantId(tenantId: number): void {
  write(TENANT_ID_KEY, tenantId);
}
