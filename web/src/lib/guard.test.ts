import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { routes } from '../app/routes';
import { fakeServer, PERMISSIONS } from '../test/api';
import { renderRoutes } from '../test/render';
import { decideGuard, isPublicPath } from './guard';
import { permissionStore } from './permission';
import { getToken, setToken } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

const decide = (pathname: string, search = '', hasToken = false, menuLoaded = false) =>
  decideGuard({ pathname, search, hasToken, menuLoaded });

describe('guard decisions (spec section 2)', () => {
  test('public paths need no session', () => {
    for (const path of ['/user/login', '/user/register', '/user/register-result', '/user/alteration', '/track/search', '/track/result']) {
      expect(isPublicPath(path)).toBe(true);
      expect(decide(path)).toEqual({ kind: 'allow' });
    }
    expect(isPublicPath('/dashboard/analysis')).toBe(false);
  });

  test('with a token, the login page goes to the dashboard; other public pages stay', () => {
    expect(decide('/user/login', '?redirect=%2Fx', true)).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(decide('/user/register', '', true)).toEqual({ kind: 'allow' });
  });

  test('no token on a private path: login with the path as redirect query', () => {
    expect(decide('/account/center', '?tab=2')).toEqual({ kind: 'redirect', to: '/user/login?redirect=%2Faccount%2Fcenter%3Ftab%3D2' });
  });

  test('token without menu: load first, then the path or the redirect query', () => {
    expect(decide('/account/center', '', true)).toEqual({ kind: 'load', target: '/account/center' });
    expect(decide('/dashboard/analysis', '?redirect=%2Faccount%2Fcenter', true)).toEqual({ kind: 'load', target: '/account/center' });
    expect(decide('/dashboard/analysis', '?redirect=https%3A%2F%2Fevil.example', true)).toEqual({ kind: 'load', target: '/dashboard/analysis' });
  });

  test('token and menu: go on', () => {
    expect(decide('/account/center', '', true, true)).toEqual({ kind: 'allow' });
  });
});

describe('guard loader', () => {
  test('fetches the permissions once, registers the routes and opens the page', async () => {
    setToken('t');
    const fetchMock = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS },
      'GET /sys/user/getUserInfo': { result: { userInfo: { id: '1', username: 'admin' } } },
    });
    const { router } = renderRoutes(routes, '/account/settings/base');
    await screen.findByTestId('account-settings', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/settings/base');
    expect(permissionStore.get().routes.map((r) => r.path)).toEqual(['/dashboard/analysis', '/account']);
    await router.navigate('/dashboard/analysis');
    await screen.findByTestId('dashboard-welcome');
    const permissionCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('getUserPermissionByToken'));
    expect(permissionCalls).toHaveLength(1);
  });

  test('a parent menu path leads to its redirect', async () => {
    setToken('t');
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS },
      'GET /sys/user/getUserInfo': { result: { userInfo: { id: '1', username: 'admin' }, roles: [] } },
    });
    const { router } = renderRoutes(routes, '/account');
    await screen.findByTestId('account-center', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/center');
  });

  test('continues to the redirect query after loading', async () => {
    setToken('t');
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS },
      'GET /sys/user/getUserInfo': { result: { userInfo: { id: '1', username: 'admin' } } },
    });
    const { router } = renderRoutes(routes, '/dashboard/analysis?redirect=%2Faccount%2Fsettings%2Fbase');
    await screen.findByTestId('account-settings', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/settings/base');
  });

  test('an empty menu is refused: signed out, login with redirect, the error shown', async () => {
    setToken('t');
    const fetchMock = fakeServer({
      'GET /sys/permission/getUserPermissionByToken': { result: { menu: [], auth: [], allAuth: [] } },
      'POST /sys/logout': { message: '退出登录成功！' },
    });
    const { router } = renderRoutes(routes, '/account/center');
    await screen.findByTestId('login-card');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Faccount%2Fcenter');
    expect(getToken()).toBeUndefined();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/sys/logout'))).toBe(true);
    await waitFor(() => expect(document.body.textContent).toContain('permissions must be a non-null array'));
  });

  test('a failed permission call signs out and asks for login', async () => {
    setToken('t');
    fakeServer({
      'GET /sys/permission/getUserPermissionByToken': { status: 500, message: '服务器内部错误，请稍后再试!' },
    });
    const { router } = renderRoutes(routes, '/dashboard/analysis');
    await screen.findByTestId('login-card');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fanalysis');
    expect(getToken()).toBeUndefined();
  });

  test('an unknown component shows the localized "page not available" state', async () => {
    setToken('t');
    const menu = [...PERMISSIONS.menu, { path: '/reports/daily', name: 'daily', component: 'reports/Daily', route: '1', hidden: false, meta: { title: '日报' } }];
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: { ...PERMISSIONS, menu } } });
    renderRoutes(routes, '/reports/daily');
    expect((await screen.findByTestId('page-unavailable')).textContent).toContain('页面暂不可用');
  });
});
