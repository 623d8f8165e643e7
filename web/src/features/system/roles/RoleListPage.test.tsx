import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer } from '../../../test/api';
import { grant } from '../../../test/list';
import { renderPage } from '../../../test/render';
import RoleListPage from './RoleListPage';

const ROLES = [
  { id: 'r1', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator', builtIn: true, createTime: '2025-01-01 00:00:00' },
  { id: 'r2', roleCode: 'clerk', roleName: '文员', roleNameEn: 'Clerk', builtIn: false, createTime: '2025-01-02 00:00:00' },
];

const TREE = [
  {
    key: 'sys',
    title: '系统管理',
    menuType: 0,
    children: [
      { key: 'user', title: '用户管理', menuType: 1, isLeaf: true },
      { key: 'role', title: '角色管理', menuType: 1, isLeaf: true },
    ],
  },
];

describe('roles page', () => {
  test('built-in roles cannot be deleted', async () => {
    grant('system:role:delete');
    fakeServer({ 'GET /sys/role/list': { result: { records: ROLES, total: 2 } } });
    renderPage(<RoleListPage />);
    const adminRow = (await screen.findByText('管理员')).closest('tr')!;
    const clerkRow = screen.getByText('文员').closest('tr')!;
    expect((within(adminRow).getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(true);
    expect((within(clerkRow).getByTestId('role-delete') as HTMLButtonElement).disabled).toBe(false);
  });

  test('authorize saves the new set with the previous one', async () => {
    grant('system:role:authorize');
    const fetchMock = fakeServer({
      'GET /sys/role/list': { result: { records: ROLES, total: 2 } },
      'GET /sys/permission/queryTreeList': { result: { treeList: TREE, ids: ['sys', 'user', 'role'] } },
      'GET /sys/permission/queryRolePermission': { result: ['sys', 'user'] },
      'POST /sys/permission/saveRolePermission': { message: '保存成功！' },
    });
    renderPage(<RoleListPage />);
    const clerkRow = (await screen.findByText('文员')).closest('tr')!;
    fireEvent.click(within(clerkRow).getByTestId('role-authorize'));
    await screen.findByText('角色管理');
    fireEvent.click(screen.getByTestId('tree-check-role'));
    await waitFor(() => expect(screen.getByTestId('tree-node-sys').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('role-permission-save-close'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).includes('saveRolePermission'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('saveRolePermission'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ roleId: 'r2', permissionIds: 'sys,user,role', lastpermissionIds: 'sys,user' });
    expect(await screen.findByText('保存成功！')).toBeTruthy();
  });
});
