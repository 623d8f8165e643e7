import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { routes } from '../../../app/routes';
import { setLanguage } from '../../../i18n';
import { getTenantId, getToken, getUserInfo, setToken } from '../../../lib/session';
import { fakeServer, PERMISSIONS, USER_INFO } from '../../../test/api';
import { renderRoutes } from '../../../test/render';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const submit = () => fireEvent.click(screen.getByTestId('login-submit'));

/** The sign-in page's own question of which single sign-on the server offers, and the other calls. */
const configCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/boot/thirdLogin/config'));
const callsBesidesSso = () => fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/boot/thirdLogin/config'));

/** Types the user name and password into the sign-in form once it shows, and submits it. */
async function signIn(username: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
  submit();
}

describe('login page', () => {
  test('/ without a token lands on the login page with a redirect query', async () => {
    const { router } = renderRoutes(routes, '/');
    // The first render of the file loads the pages' modules: more than the default second on a busy machine.
    await screen.findByTestId('login-card', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fanalysis');
  });

  test('empty submit shows the required messages of the core in Chinese, then in English', async () => {
    renderRoutes(routes, '/user/login');
    await screen.findByTestId('login-card');
    submit();
    expect(await screen.findByText('用户名不能为空!')).toBeTruthy();
    expect(screen.getByText('密码不能为空!')).toBeTruthy();
    expect(callsBesidesSso()).toEqual([]);

    await act(() => setLanguage('en-US'));
    expect(await screen.findByText('Username is required!')).toBeTruthy();
    expect(await screen.findByText('Password is required!')).toBeTruthy();
    expect(screen.queryByText('用户名不能为空!')).toBeNull();
  });

  test('phone tab: a bad number is refused by the core before any request', async () => {
    await setLanguage('en-US');
    renderRoutes(routes, '/user/login');
    fireEvent.click(await screen.findByTestId('tab-phone'));
    fireEvent.change(await screen.findByPlaceholderText('Enter your phone number'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('get-code'));
    expect(await screen.findByText('Your phone number format is incorrect!')).toBeTruthy();
    expect(callsBesidesSso()).toEqual([]);
  });

  test('phone tab: a valid number requests a code and starts the countdown', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: true, message: 'ok', code: 200, result: null, timestamp: 0 }));
    renderRoutes(routes, '/user/login');
    fireEvent.click(await screen.findByTestId('tab-phone'));
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('get-code'));
    await waitFor(() => expect(screen.getByTestId('get-code').textContent).toMatch(/秒后重发/));
    const [url, init] = callsBesidesSso()[0] as [string, RequestInit];
    expect(url).toBe('/boot/sys/sms');
    expect(JSON.parse(init.body as string)).toEqual({ mobile: '13800138000', smsmode: '0' });
  });

  test('a failed sign-in shows the server message inline', async () => {
    fetchMock.mockImplementation(async () => json(404, { success: false, message: '很抱歉，资源未找到!', code: 404, result: null, timestamp: 0 }));
    renderRoutes(routes, '/user/login');
    await signIn('admin', 'Admin@12345');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('很抱歉，资源未找到!');
    const [url, init] = callsBesidesSso()[0] as [string, RequestInit];
    expect(url).toBe('/boot/sys/login');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'Admin@12345', remember_me: true });
  });

  test('a successful sign-in stores the session, loads the menu and follows the redirect query', async () => {
    fetchMock = fakeServer({
      'POST /sys/login': { message: '登录成功', result: { token: 'jwt-token', userInfo: USER_INFO, tenantList: [] } },
      'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS },
    });
    const { router } = renderRoutes(routes, '/user/login?redirect=%2Fdashboard%2Fanalysis');
    await signIn('admin', 'Admin@12345');
    await screen.findByTestId('dashboard-welcome', {}, { timeout: 5000 });
    expect(getToken()).toBe('jwt-token');
    expect(getUserInfo()?.realname).toBe('管理员');
    expect(getTenantId()).toBe(1);
    expect(router.state.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getByTestId('dashboard-greeting').textContent).toMatch(/(早上好|上午好|中午好|下午好|晚上好)，管理员/);
  });

  test('the server refusal (locked account) is shown as it is', async () => {
    fetchMock = fakeServer({
      'POST /sys/login': { status: 429, message: '登录失败次数过多，账号已锁定，请29分钟后再试!', result: { key: 'account_locked' } },
    });
    renderRoutes(routes, '/user/login');
    await signIn('admin', 'Wrong@12345');
    expect((await screen.findByTestId('login-error')).textContent).toContain('账号已锁定，请29分钟后再试');
  });

  test('wrong credentials (401 login_failed) show the server text, not the session notice', async () => {
    fetchMock = fakeServer({ 'POST /sys/login': { status: 401, message: '用户名或密码错误!', result: { key: 'login_failed' } } });
    renderRoutes(routes, '/user/login');
    await signIn('admin', 'Wrong@12345');
    expect((await screen.findByTestId('login-error')).textContent).toContain('用户名或密码错误!');
  });

  test('without a token an unknown path asks for sign-in first', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    await screen.findByTestId('login-card');
    expect(router.state.location.search).toBe('?redirect=%2Fno%2Fsuch%2Fpage');
  });

  test('signed in, an unknown path goes to the 404 page', async () => {
    setToken('t');
    fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS } });
    const { router } = renderRoutes(routes, '/no/such/page');
    await screen.findByTestId('exception-404');
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });
});

describe('single sign-on on the sign-in page', () => {
  const SSO = { cas: { loginUrl: 'https://cas.example.com/cas/login' }, oidc: { name: 'TestID' } };

  beforeEach(() => sessionStorage.clear());

  test('no button when the server offers none', async () => {
    fetchMock = fakeServer({ 'GET /thirdLogin/config': { result: { cas: null, oidc: null } } });
    renderRoutes(routes, '/user/login');
    await screen.findByTestId('login-card');
    await waitFor(() => expect(configCalls()).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByTestId('sso-cas')).toBeNull();
    expect(screen.queryByTestId('sso-oidc')).toBeNull();
  });

  test('no button either when the server cannot say (an older server: 404)', async () => {
    renderRoutes(routes, '/user/login');
    await screen.findByTestId('login-card');
    await waitFor(() => expect(configCalls()).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByTestId('sso-cas')).toBeNull();
  });

  test('CAS goes to the CAS server with this app as the service; OIDC starts at the server; the redirect waits', async () => {
    fetchMock = fakeServer({ 'GET /thirdLogin/config': { result: SSO } });
    renderRoutes(routes, '/user/login?redirect=%2Faccount%2Fcenter');
    const cas = await screen.findByTestId('sso-cas');
    expect(cas.textContent).toBe('CAS 单点登录');
    expect(cas.getAttribute('href')).toBe(`https://cas.example.com/cas/login?service=${encodeURIComponent(`${window.location.origin}/sso/cas`)}`);
    const oidc = screen.getByTestId('sso-oidc');
    expect(oidc.textContent).toBe('使用 TestID 登录');
    expect(oidc.getAttribute('href')).toBe('/boot/thirdLogin/render/oidc');

    // The browser would leave for the provider; the test stays.
    window.addEventListener('click', (event) => event.preventDefault(), { capture: true, once: true });
    fireEvent.click(oidc);
    expect(sessionStorage.getItem('sso_redirect')).toBe('/account/center');
  });

  test('only what is configured shows, in the language of the page', async () => {
    await setLanguage('en-US');
    fetchMock = fakeServer({ 'GET /thirdLogin/config': { result: { cas: null, oidc: { name: 'Okta' } } } });
    renderRoutes(routes, '/user/login');
    expect((await screen.findByTestId('sso-oidc')).textContent).toBe('Sign in with Okta');
    expect(screen.queryByTestId('sso-cas')).toBeNull();
    await act(() => setLanguage('zh-CN'));
    expect(screen.getByTestId('sso-oidc').textContent).toBe('使用 Okta 登录');
  });
});
