/**
 * Single sign-on's return pages: `/sso/cas?ticket=…` (CAS) and `/sso/third?token=…|error=…` (a
 * third-party sign-in: OpenID Connect), public and lazily loaded, finishing the sign-in as the
 * password sign-in does, or binding an unbound third-party account with a local password.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { routes } from '../../../app/routes';
import { setLanguage } from '../../../i18n';
import { getToken, getUserInfo, setToken } from '../../../lib/session';
import { fakeServer, PERMISSIONS, USER_INFO, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, urlOf } from '../../../test/list';
import { renderRoutes } from '../../../test/render';

const LOGIN = { message: '登录成功', result: { token: 'sso-token', userInfo: USER_INFO, departs: [], multi_depart: 1, tenantList: [], sysAllDictItems: {} } };
const MENU = { 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } };
const UNBOUND = '第三方账号“alice (SSO)”尚未绑定本系统账号，请输入本系统的用户名和密码完成绑定!';

const server = (answers: FakeRoutes) => fakeServer({ ...MENU, ...answers });

beforeEach(() => sessionStorage.clear());

/** Signed in: the session kept and the dashboard shown. */
async function expectSignedIn(router: ReturnType<typeof renderRoutes>['router'], path = '/dashboard/analysis') {
  await waitFor(() => expect(router.state.location.pathname).toBe(path), { timeout: 10_000 });
  expect(getToken()).toBe('sso-token');
  expect(getUserInfo()?.realname).toBe('管理员');
}

describe('CAS return page', () => {
  test('validates the ticket for this service once, then signs in and goes home', async () => {
    const fetchMock = server({ 'GET /cas/client/validateLogin': LOGIN });
    const { router } = renderRoutes(routes, '/sso/cas?ticket=ST-1-abc');
    await screen.findByTestId('dashboard-welcome', {}, { timeout: 10_000 });
    await expectSignedIn(router);
    expect(calls(fetchMock, 'GET', '/cas/client/validateLogin')).toHaveLength(1);
    const url = urlOf(fetchMock, 'GET', '/cas/client/validateLogin');
    expect(url.searchParams.get('ticket')).toBe('ST-1-abc');
    expect(url.searchParams.get('service')).toBe(`${window.location.origin}/sso/cas`);
  });

  test('goes to the redirect the sign-in page kept; an old session is replaced, its token not sent', async () => {
    setToken('old-token');
    sessionStorage.setItem('sso_redirect', '/account/center');
    const fetchMock = server({ 'GET /cas/client/validateLogin': LOGIN, 'GET /sys/user/getUserInfo': { result: { userInfo: USER_INFO } } });
    const { router } = renderRoutes(routes, '/sso/cas?ticket=ST-2');
    await expectSignedIn(router, '/account/center');
    expect(new Headers(calls(fetchMock, 'GET', '/cas/client/validateLogin')[0]?.[1]?.headers).get('X-Access-Token')).toBeNull();
    expect(sessionStorage.getItem('sso_redirect')).toBeNull();
  });

  test("a refused ticket shows the server's reason and the way back to the sign-in page", async () => {
    server({ 'GET /cas/client/validateLogin': { status: 401, message: 'CAS票据验证失败：Ticket ST-3 not recognized' } });
    const { router } = renderRoutes(routes, '/sso/cas?ticket=ST-3');
    expect((await screen.findByTestId('sso-error', {}, { timeout: 10_000 })).textContent).toContain('CAS票据验证失败：Ticket ST-3 not recognized');
    expect(getToken()).toBeUndefined();
    fireEvent.click(screen.getByTestId('sso-back'));
    await screen.findByTestId('login-card');
    expect(router.state.location.pathname).toBe('/user/login');
  });

  test('without a ticket nothing is asked', async () => {
    await setLanguage('en-US');
    const fetchMock = server({});
    renderRoutes(routes, '/sso/cas');
    expect((await screen.findByTestId('sso-error', {}, { timeout: 10_000 })).textContent).toContain('The CAS server sent no ticket back; sign in again.');
    expect(calls(fetchMock, 'GET', '/cas/client/validateLogin')).toHaveLength(0);
  });
});

describe('third-party return page', () => {
  test('a token of a bound account signs in at once', async () => {
    const fetchMock = server({ 'GET /thirdLogin/getLoginUser/tok-1': LOGIN });
    const { router } = renderRoutes(routes, '/sso/third?token=tok-1');
    await screen.findByTestId('dashboard-welcome', {}, { timeout: 10_000 });
    await expectSignedIn(router);
    expect(calls(fetchMock, 'GET', '/thirdLogin/getLoginUser/tok-1')).toHaveLength(1);
  });

  test('an unbound account (409) is bound with a local password: required fields, a refusal kept in the form, then signed in', async () => {
    let attempts = 0;
    const fetchMock = server({
      'GET /thirdLogin/getLoginUser/tok-2': { status: 409, message: UNBOUND },
      'POST /thirdLogin/user/checkPassword': () => {
        attempts += 1;
        return attempts === 1 ? { status: 401, message: '用户名或密码错误!', result: { key: 'login_failed' } } : LOGIN;
      },
    });
    const { router } = renderRoutes(routes, '/sso/third?token=tok-2');
    expect((await screen.findByTestId('sso-unbound', {}, { timeout: 10_000 })).textContent).toBe(UNBOUND);
    expect(screen.getByText('绑定本系统账号')).toBeTruthy();

    fireEvent.click(screen.getByTestId('sso-bind-submit'));
    expect(await screen.findByText('用户名不能为空!')).toBeTruthy();
    expect(screen.getByText('密码不能为空!')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/thirdLogin/user/checkPassword')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('sso-bind-username'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('sso-bind-password'), { target: { value: 'Wrong@123' } });
    fireEvent.click(screen.getByTestId('sso-bind-submit'));
    expect((await screen.findByTestId('sso-bind-error')).textContent).toContain('用户名或密码错误!');
    expect(bodyOf(fetchMock, 'POST', '/thirdLogin/user/checkPassword')).toEqual({ token: 'tok-2', username: 'admin', password: 'Wrong@123' });
    expect(screen.getByTestId('sso-bind-form')).toBeTruthy();
    expect(getToken()).toBeUndefined();

    fireEvent.change(screen.getByTestId('sso-bind-password'), { target: { value: 'Admin@12345' } });
    fireEvent.click(screen.getByTestId('sso-bind-submit'));
    await expectSignedIn(router);
    expect(bodyOf(fetchMock, 'POST', '/thirdLogin/user/checkPassword')).toEqual({ token: 'tok-2', username: 'admin', password: 'Admin@12345' });
    // Only the first answer was asked for: the token names the account, the bind the user.
    expect(calls(fetchMock, 'GET', '/thirdLogin/getLoginUser/tok-2')).toHaveLength(1);
  });

  test('an expired token (401) shows the reason and the way back, no form', async () => {
    server({ 'GET /thirdLogin/getLoginUser/tok-3': { status: 401, message: '第三方登录凭证无效或已过期，请重新登录!', result: { key: 'third_login_token_invalid' } } });
    renderRoutes(routes, '/sso/third?token=tok-3');
    expect((await screen.findByTestId('sso-error', {}, { timeout: 10_000 })).textContent).toContain('第三方登录凭证无效或已过期，请重新登录!');
    expect(screen.queryByTestId('sso-bind-form')).toBeNull();
    expect(screen.getByTestId('sso-back').getAttribute('href')).toBe('/user/login');
  });

  test("the server's error (already in the user's language) is shown as it came, nothing asked", async () => {
    const fetchMock = server({});
    renderRoutes(routes, `/sso/third?error=${encodeURIComponent('Third-party sign-in failed: access_denied')}`);
    expect((await screen.findByTestId('sso-error', {}, { timeout: 10_000 })).textContent).toContain('Third-party sign-in failed: access_denied');
    expect(screen.getByTestId('sso-back')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/thirdLogin/'))).toHaveLength(0);
  });

  test('the bind form follows a switch of language', async () => {
    server({ 'GET /thirdLogin/getLoginUser/tok-4': { status: 409, message: UNBOUND } });
    renderRoutes(routes, '/sso/third?token=tok-4');
    await screen.findByTestId('sso-bind-form', {}, { timeout: 10_000 });
    await act(() => setLanguage('en-US'));
    expect(screen.getByTestId('sso-bind-submit').textContent).toBe('Bind and sign in');
    expect(screen.getByPlaceholderText('Enter your username')).toBeTruthy();
  });
});
