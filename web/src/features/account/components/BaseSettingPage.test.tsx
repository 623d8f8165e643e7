import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearSession, setToken, setUserInfo } from '../../../lib/session';
import { fakeServer } from '../../../test/api';
import { bodyOf, calls } from '../../../test/list';
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
});
