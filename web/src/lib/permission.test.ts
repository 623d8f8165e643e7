import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { guardLoader } from '../app/guard';
import { fakeServer, PERMISSIONS, testUser } from '../test/api';
import { loadPermissions, PERMISSION_CACHE_KEY, permissionStore, resetPermissions } from './permission';
import { clearSession, getToken, setToken, setUserInfo } from './session';


const networkDown = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );

beforeEach(() => {
  setToken('t');
  setUserInfo(testUser({ id: 'u1', username: 'customer' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetPermissions();
});

describe('permissions offline', () => {
  test('a successful load is kept; without a network the kept answer is used, marked offline', async () => {
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    const fresh = await loadPermissions();
    expect(fresh.offline).toBeUndefined();
    expect(localStorage.getItem(PERMISSION_CACHE_KEY)).toContain('"userId":"u1"');

    resetPermissions();
    networkDown();
    const kept = await loadPermissions();
    expect(kept.offline).toBe(true);
    expect(kept.routes).toEqual(fresh.routes);
    expect(permissionStore.get().loaded).toBe(true);
  });

  test('an answer of the server (401, 500) is never replaced by the kept one', async () => {
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    await loadPermissions();
    resetPermissions();
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { status: 500, message: 'down' } });
    await expect(loadPermissions()).rejects.toMatchObject({ status: 500 });
    expect(permissionStore.get().loaded).toBe(false);
  });

  test('another user never gets the kept answer, and signing out forgets it', async () => {
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    await loadPermissions();
    setUserInfo(testUser({ id: 'u2', username: 'someone-else' }));
    resetPermissions();
    networkDown();
    await expect(loadPermissions()).rejects.toMatchObject({ status: 0 });

    clearSession();
    expect(localStorage.getItem(PERMISSION_CACHE_KEY)).toBeNull();
  });

  test('the guard opens the page offline with the kept answer instead of signing out', async () => {
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    await loadPermissions();
    resetPermissions();
    networkDown();
    const request = new Request('http://localhost/account/center');
    await expect(guardLoader({ request, params: {}, context: undefined } as Parameters<typeof guardLoader>[0])).resolves.toBeNull();
    expect(getToken()).toBe('t');
    expect(permissionStore.get().offline).toBe(true);
  });

  test('back online, the real answer replaces the kept one', async () => {
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    await loadPermissions();
    resetPermissions();
    networkDown();
    await loadPermissions();
    const fetchMock = fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(permissionStore.get().offline).toBeUndefined());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
