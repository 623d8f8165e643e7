import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { routes } from '../../../app/routes';
import { setLanguage } from '../../../i18n';
import { getToken } from '../../../lib/session';
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

describe('login page', () => {
  test('/ without a token lands on the login page with a redirect query', async () => {
    const { router } = renderRoutes(routes, '/');
    await screen.findByTestId('login-card');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard%2Fanalysis');
  });

  test('empty submit shows the required messages of the core in Chinese, then in English', async () => {
    renderRoutes(routes, '/user/login');
    await screen.findByTestId('login-card');
    submit();
    expect(await screen.findByText('用户名不能为空!')).toBeTruthy();
    expect(screen.getByText('密码不能为空!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('phone tab: a valid number requests a code and starts the countdown', async () => {
    fetchMock.mockResolvedValue(json(200, { success: true, message: 'ok', code: 200, result: null, timestamp: 0 }));
    renderRoutes(routes, '/user/login');
    fireEvent.click(await screen.findByTestId('tab-phone'));
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByTestId('get-code'));
    await waitFor(() => expect(screen.getByTestId('get-code').textContent).toMatch(/秒后重发/));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/boot/sys/sms');
    expect(JSON.parse(init.body as string)).toEqual({ mobile: '13800138000', smsmode: '0' });
  });

  test('a failed sign-in shows the server message inline', async () => {
    fetchMock.mockResolvedValue(json(404, { success: false, message: '很抱歉，资源未找到!', code: 404, result: null, timestamp: 0 }));
    renderRoutes(routes, '/user/login');
    fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'Admin@12345' } });
    submit();
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('很抱歉，资源未找到!');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/boot/sys/login');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'Admin@12345', remember_me: true });
  });

  test('a successful sign-in stores the token and follows the redirect query', async () => {
    fetchMock.mockResolvedValue(
      json(200, { success: true, message: '登录成功', code: 200, result: { token: 'jwt-token', userInfo: {} }, timestamp: 0 }),
    );
    const { router } = renderRoutes(routes, '/user/login?redirect=%2Fdashboard%2Fanalysis');
    fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'Admin@12345' } });
    submit();
    await screen.findByTestId('dashboard-welcome');
    expect(getToken()).toBe('jwt-token');
    expect(router.state.location.pathname).toBe('/dashboard/analysis');
  });

  test('an unknown path goes to the 404 page', async () => {
    const { router } = renderRoutes(routes, '/no/such/page');
    await screen.findByTestId('exception-404');
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });
});
