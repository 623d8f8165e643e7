import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearSession, setToken, setUserInfo } from '../../../lib/session';
import { fakeServer } from '../../../test/api';
import { bodyOf, calls, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import BaseSettingPage from './BaseSettingPage';

const ME = { id: 'u1', username: 'jane', realname: 'Jane', phone: '13800138000', email: '', sex: 2, birthday: '1990-05-06 00:00:00', avatar: '' };

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('profile settings', () => {
  test('the profile fills the form; a name is needed; the edit is sent and a field refusal shows on its field', async () => {
    setToken('t');
    setUserInfo(ME as never);
    const fetchMock = fakeServer({
      'GET /sys/user/getUserInfo': { result: { userInfo: ME } },
      'PUT /sys/user/appEdit': { status: 400, message: '手机号已被使用', result: { field: 'phone' } },
    });
    renderPage(<BaseSettingPage />);
    const name = await screen.findByTestId('settings-realname');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Jane'));
    expect((screen.getByTestId('settings-birthday') as HTMLInputElement).value).toBe('1990-05-06');

    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(calls(fetchMock, 'PUT', '/sys/user/appEdit')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Jane Doe' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/sys/user/appEdit')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT', '/sys/user/appEdit')).toEqual({ realname: 'Jane Doe', avatar: '', phone: '13800138000', email: '', sex: 2, birthday: '1990-05-06' });
    expect(await screen.findByText('手机号已被使用')).toBeTruthy();
    expect(screen.getByTestId('settings-phone').getAttribute('aria-invalid')).toBe('true');
  });

  test('bound sign-in accounts are listed and one is unbound after a confirmation; none shows the empty state', async () => {
    setToken('t');
    setUserInfo(ME as never);
    let bound = [{ id: 'b1', thirdType: 'oidc', thirdUserId: 'alice-sub', realname: 'Alice', createTime: '2026-12-06T10:00:00Z' }];
    const fetchMock = fakeServer({
      'GET /sys/user/getUserInfo': { result: { userInfo: ME } },
      'GET /sys/thirdApp/getThirdAccountByUserId': () => ({ result: bound }),
      'DELETE /sys/thirdApp/deleteThirdAccount': () => {
        bound = [];
        return { message: '解绑成功!' };
      },
    });
    renderPage(<BaseSettingPage />);
    const row = await screen.findByTestId('third-account');
    expect(row.textContent).toContain('Alice');
    expect(row.textContent).toContain('OpenID Connect');
    expect(row.textContent).toContain('alice-sub');

    fireEvent.click(within(row).getByTestId('third-account-unbind'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Alice');
    expect(calls(fetchMock, 'DELETE', '/sys/thirdApp/deleteThirdAccount')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/sys/thirdApp/deleteThirdAccount')).toHaveLength(1));
    expect(urlOf(fetchMock, 'DELETE', '/sys/thirdApp/deleteThirdAccount').searchParams.get('id')).toBe('b1');
    expect(await screen.findByTestId('third-accounts-empty')).toBeTruthy();
    expect(screen.queryByTestId('third-account')).toBeNull();
  });
});
