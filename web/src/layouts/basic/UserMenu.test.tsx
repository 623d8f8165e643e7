import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { routes } from '../../app/routes';
import { getDictCache, setDictCache, setToken, setUserInfo } from '../../lib/session';
import { fakeServer, PERMISSIONS, USER_INFO, type FakeRoutes } from '../../test/api';
import { renderRoutes } from '../../test/render';

const PRIORITY = [{ value: 'H', text: '紧急', color: 'red' }];

const calls = (fetchMock: ReturnType<typeof fakeServer>, path: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(path));

function signedIn(extra: FakeRoutes) {
  setToken('t');
  setUserInfo(USER_INFO);
  setDictCache({ old: [{ value: '1', text: '旧' }] });
  return fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS }, ...extra });
}

/** Opens the user menu and picks "clear cache" with the keyboard (arrows to it, then Enter). */
async function clearCache() {
  fireEvent.click(await screen.findByTestId('user-menu', {}, { timeout: 5000 }));
  const item = await screen.findByTestId('menu-clear-cache');
  const content = item.closest('[role="menu"]') as HTMLElement;
  for (let step = 0; step < 10 && !item.hasAttribute('data-highlighted'); step += 1) {
    fireEvent.keyDown(content, { key: 'ArrowDown' });
    await waitFor(() => expect(content.querySelector('[data-highlighted]')).toBeTruthy());
  }
  fireEvent.keyDown(content, { key: 'Enter' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('clear cache', () => {
  test('refreshes the server dictionary cache, then reloads permissions and dictionaries', async () => {
    const fetchMock = signedIn({
      'GET /sys/dict/refleshCache': { message: '刷新缓存完成！' },
      'GET /sys/dict/queryAllDictItems': { result: { priority: PRIORITY } },
    });
    renderRoutes(routes, '/dashboard/analysis');
    await clearCache();
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
    expect(calls(fetchMock, 'refleshCache')).toHaveLength(1);
    expect(calls(fetchMock, 'getUserPermissionByToken')).toHaveLength(2);
    await waitFor(() => expect(getDictCache()).toEqual({ priority: PRIORITY }));
  });

  test('a failed refresh says so and keeps the local cache', async () => {
    signedIn({ 'GET /sys/dict/refleshCache': { status: 500, message: 'down' } });
    renderRoutes(routes, '/dashboard/analysis');
    await clearCache();
    expect(await screen.findByText('刷新缓存失败！')).toBeTruthy();
    expect(Object.keys(getDictCache() ?? {})).toEqual(['old']);
  });
});
