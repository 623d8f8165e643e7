import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { routes } from '../app/routes';
import { ChangePasswordDialog } from '../features/account/components/ChangePasswordDialog';
import { SwitchDepartDialog } from '../features/account/components/SwitchDepartDialog';
import { logout } from '../lib/logout';
import { getToken, getUserInfo, setToken, setUserInfo } from '../lib/session';
import { updateSettings } from '../lib/settings';
import { fakeServer, PERMISSIONS, USER_INFO } from '../test/api';
import { renderPage, renderRoutes } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

function signedIn(extra: Parameters<typeof fakeServer>[0] = {}) {
  setToken('t');
  setUserInfo(USER_INFO);
  return fakeServer({ 'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS }, ...extra });
}

describe('application shell', () => {
  test('top menu by default, titles in the UI language, breadcrumbs of the route chain', async () => {
    signedIn({ 'GET /sys/user/getUserInfo': { result: { userInfo: USER_INFO, roles: [] } } });
    const { router } = renderRoutes(routes, '/dashboard/analysis');
    const menu = await screen.findByTestId('top-menu', {}, { timeout: 5000 });
    expect(menu.textContent).toContain('工作台');
    expect(menu.textContent).toContain('个人页');
    expect(screen.getByTestId('user-name').textContent).toBe('管理员');
    await router.navigate('/account/center');
    await screen.findByTestId('account-center', {}, { timeout: 5000 });
    const header = screen.getByTestId('page-header');
    expect(header.textContent).toContain('首页');
    expect(header.textContent).toContain('个人页');
    expect(screen.getByTestId('page-title').textContent).toBe('个人中心');
  });

  test('the menu search filters titles and Enter opens the page', async () => {
    signedIn();
    const { router } = renderRoutes(routes, '/dashboard/analysis');
    const input = await screen.findByTestId('menu-search-input', {}, { timeout: 5000 });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: '设置' } });
    const results = await screen.findByTestId('menu-search-results');
    await waitFor(() => expect(within(results).queryByText('个人中心')).toBeNull());
    expect(within(results).getByText('个人设置')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings/base'));
  });

  test('multi-tab mode: visited pages become tabs; the home tab refuses to close', async () => {
    updateSettings({ multipage: true });
    signedIn();
    const { router } = renderRoutes(routes, '/dashboard/analysis');
    await screen.findByTestId('multi-tabs', {}, { timeout: 5000 });
    await router.navigate('/account/settings/base');
    await waitFor(() => expect(screen.getAllByTestId('tab')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('tab-close')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/analysis'));
    expect(screen.getAllByTestId('tab')).toHaveLength(1);
    fireEvent(screen.getByTestId('tab'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(await screen.findByText('最后一页不能关闭')).toBeTruthy();
  });

  test('sign-out clears the session even when the server call fails', async () => {
    signedIn({ 'POST /sys/logout': { status: 500, message: 'down' } });
    await logout();
    expect(getToken()).toBeUndefined();
  });

  test('change password: core messages per field, then the server message on success', async () => {
    const fetchMock = signedIn({ 'PUT /sys/user/updatePassword': { message: '密码修改成功!' } });
    const onOpenChange = vi.fn<(open: boolean) => void>();
    renderPage(<ChangePasswordDialog open onOpenChange={onOpenChange} />);
    await screen.findByTestId('change-password-dialog');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('请输入旧密码!')).toBeTruthy();
    expect(screen.getByText('请输入新密码!')).toBeTruthy();
    fireEvent.change(screen.getByTestId('password-oldpassword'), { target: { value: 'Old@12345' } });
    fireEvent.change(screen.getByTestId('password-password'), { target: { value: 'New@12345' } });
    fireEvent.change(screen.getByTestId('password-confirmpassword'), { target: { value: 'New@99999' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('两次输入的密码不一样！')).toBeTruthy();
    fireEvent.change(screen.getByTestId('password-confirmpassword'), { target: { value: 'New@12345' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('密码修改成功!')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('updatePassword'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: 'admin', oldpassword: 'Old@12345', password: 'New@12345', confirmpassword: 'New@12345' });
    expect(getToken()).toBe('t');
  });

  test('change password: a wrong old password is shown on its field', async () => {
    signedIn({ 'PUT /sys/user/updatePassword': { status: 400, message: '旧密码输入错误!', result: { key: 'old_password_wrong', field: 'oldpassword' } } });
    renderPage(<ChangePasswordDialog open onOpenChange={() => undefined} />);
    fireEvent.change(await screen.findByTestId('password-oldpassword'), { target: { value: 'Old@12345' } });
    fireEvent.change(screen.getByTestId('password-password'), { target: { value: 'New@12345' } });
    fireEvent.change(screen.getByTestId('password-confirmpassword'), { target: { value: 'New@12345' } });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(await screen.findByText('旧密码输入错误!')).toBeTruthy();
  });

  test('switch department: no department warns and closes', async () => {
    signedIn({ 'GET /sys/user/getCurrentUserDeparts': { result: { list: [], orgCode: null } } });
    const onOpenChange = vi.fn<(open: boolean) => void>();
    renderPage(<SwitchDepartDialog open onOpenChange={onOpenChange} />);
    expect(await screen.findByText('您尚未设置部门信息!')).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('switch department: the current one is preselected and sent', async () => {
    const fetchMock = signedIn({
      'GET /sys/user/getCurrentUserDeparts': {
        result: { list: [{ id: '1', orgCode: 'A01', departName: '总部' }, { id: '2', orgCode: 'A02', departName: '华南分部' }], orgCode: 'A02' },
      },
      'POST /sys/selectDepart': { result: { userInfo: { ...USER_INFO, orgCode: 'A02', orgCodeTxt: '华南分部' } } },
    });
    renderPage(<SwitchDepartDialog open onOpenChange={() => undefined} />);
    const option = await screen.findByTestId('depart-A02');
    await waitFor(() => expect(option.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('switch-depart-confirm'));
    expect(await screen.findByText('部门切换成功!')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('selectDepart'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orgCode: 'A02', username: 'admin' });
    expect(getUserInfo()?.orgCodeTxt).toBe('华南分部');
  });
});
