import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, cleanUpAfterEach } from '../../../test/list';
import { renderPage } from '../../../test/render';
import type { UserRecord } from './api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDrawer } from './UserFormDrawer';

const ROLES = [
  { id: 'r1', roleName: '管理员', roleCode: 'admin' },
  { id: 'r2', roleName: '客服', roleCode: 'service' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/role/queryall': { result: ROLES },
    'GET /sys/sysDepart/queryTreeList': { result: [] },
    'GET /sys/position/list': { result: { records: [] } },
    'GET /sys/duplicate/check': { message: '该值可用！' },
    'GET /sys/checkRule/checkByCode': { message: 'ok' },
    ...extra,
  });
}

const field = (name: string) => within(screen.getByTestId('user-drawer')).getByTestId(name);
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

cleanUpAfterEach();

describe('user form', () => {
  test('a new user needs a username, a name and a matching password; then it is sent with its roles', async () => {
    const fetchMock = server({ 'POST /sys/user/add': { message: '添加成功！', result: { id: 'u9' } } });
    const onSaved = vi.fn<() => void>();
    const onOpenChange = vi.fn<(open: boolean) => void>();
    renderPage(<UserFormDrawer open onOpenChange={onOpenChange} onSaved={onSaved} />);
    await screen.findByTestId('user-drawer');

    fireEvent.click(field('user-save'));
    await waitFor(() => expect(field('user-error-username').textContent).not.toBe(''));
    expect(field('user-error-realname').textContent).not.toBe('');
    expect(field('user-error-password').textContent).not.toBe('');
    expect(calls(fetchMock, 'POST', '/sys/user/add')).toHaveLength(0);

    type('user-username', 'clerk02');
    type('user-realname', 'Clerk Two');
    type('user-password', 'Passw0rd!');
    type('user-confirmpassword', 'Passw0rd?');
    fireEvent.blur(field('user-confirmpassword'));
    await waitFor(() => expect(field('user-error-confirmpassword').textContent).not.toBe(''));
    type('user-confirmpassword', 'Passw0rd!');
    fireEvent.click(await within(field('user-roles')).findByText('客服'));
    await waitFor(() => expect(within(field('user-roles')).getAllByRole('checkbox', { hidden: true }).filter((box) => (box as HTMLInputElement).checked)).toHaveLength(1));

    fireEvent.click(field('user-save'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/user/add')).toHaveLength(1), { timeout: 3000 });
    expect(bodyOf(fetchMock, 'POST', '/sys/user/add')).toMatchObject({
      username: 'clerk02',
      realname: 'Clerk Two',
      password: 'Passw0rd!',
      confirmpassword: 'Passw0rd!',
      selectedroles: 'r2',
      userKind: 'staff',
      sex: null,
      birthday: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  test('an edited user keeps its username, gets its roles and shows a refusal under the field named', async () => {
    const user = { id: 'u1', username: 'clerk01', realname: 'Clerk One', userKind: 'staff', sex: 2, birthday: '1990-05-06 00:00:00' } as UserRecord;
    const fetchMock = server({
      'GET /sys/user/queryUserRole': { result: ['r1'] },
      'GET /sys/user/userDepartList': { result: [] },
      'PUT /sys/user/edit': { status: 400, message: '角色不存在', result: { field: 'selectedroles' } },
    });
    renderPage(<UserFormDrawer open onOpenChange={() => undefined} user={user} onSaved={() => undefined} />);
    await screen.findByTestId('user-drawer');
    expect(field('user-username').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByTestId('user-password')).toBeNull();
    await waitFor(() => expect(within(field('user-roles')).getAllByRole('checkbox', { hidden: true }).filter((box) => (box as HTMLInputElement).checked)).toHaveLength(1));

    fireEvent.click(field('user-save'));
    await waitFor(() => expect(field('user-error-roles').textContent).toBe('角色不存在'));
    expect(bodyOf(fetchMock, 'PUT', '/sys/user/edit')).toMatchObject({ id: 'u1', realname: 'Clerk One', selectedroles: 'r1', sex: 2, birthday: '1990-05-06' });
  });
});

describe('reset password', () => {
  test('the confirmation must match; the new password is sent for the user', async () => {
    const fetchMock = fakeServer({ 'PUT /sys/user/changePassword': { message: '密码重置成功!' } });
    const onClose = vi.fn<() => void>();
    renderPage(<ResetPasswordDialog user={{ id: 'u1', username: 'clerk01' } as UserRecord} onClose={onClose} />);
    const dialog = await screen.findByTestId('reset-password-dialog');
    expect(within(dialog).getByText(/clerk01/)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('reset-password'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(within(dialog).getByTestId('reset-confirmpassword'), { target: { value: 'Other0rd!' } });
    fireEvent.click(within(dialog).getByTestId('reset-password-submit'));
    await waitFor(() => expect(dialog.querySelector('[data-part="error-text"]')?.textContent).toBeTruthy());
    expect(calls(fetchMock, 'PUT', '/sys/user/changePassword')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('reset-confirmpassword'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(within(dialog).getByTestId('reset-password-submit'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/sys/user/changePassword')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'PUT', '/sys/user/changePassword')).toEqual({ username: 'clerk01', password: 'Passw0rd!', confirmpassword: 'Passw0rd!' });
    expect(await screen.findByText('密码重置成功!')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
