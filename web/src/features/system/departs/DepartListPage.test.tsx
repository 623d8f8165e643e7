import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmSends, openPage, paged, rowOf, urlOf } from '../../../test/list';
import DepartListPage from './DepartListPage';

const TREE = [
  {
    id: 'd1',
    key: 'd1',
    title: '总部',
    departName: '总部',
    departNameEn: 'Head office',
    orgCode: 'A01',
    orgCategory: '1',
    departOrder: 0,
    children: [{ id: 'd2', key: 'd2', title: '财务部', parentId: 'd1', departName: '财务部', departNameEn: 'Finance', orgCode: 'A01A01', orgCategory: '2', departOrder: 0 }],
  },
];

const HAS_USERS = '该部门下存在用户，无法删除!';

function server(extra: FakeRoutes = {}) {
  return fakeServer({ 'GET /sys/sysDepart/queryTreeList': { result: TREE }, ...extra });
}

async function selectDepart(id: string, name: string) {
  fireEvent.click(await screen.findByTestId(`depart-node-${id}`));
  await waitFor(() => expect(screen.getByTestId('depart-selected-name').textContent).toBe(name));
}

describe('departments page', () => {
  test('shows the tree and, once a department is chosen, its details', async () => {
    openPage(<DepartListPage />, server(), 'system:depart:list', 'system:depart:edit');
    expect(await screen.findByTestId('depart-no-selection')).toBeTruthy();
    // The top level starts expanded, so the child is visible.
    await selectDepart('d2', '财务部');
    expect((screen.getByTestId('depart-name') as HTMLInputElement).value).toBe('财务部');
    expect((screen.getByTestId('depart-org-code') as HTMLInputElement).value).toBe('A01A01');
    expect(screen.queryByTestId('depart-delete')).toBeNull();
  });

  test('delete asks for confirmation first, and shows the server refusal', async () => {
    const fetchMock = openPage(<DepartListPage />, server({ 'DELETE /sys/sysDepart/delete': { status: 400, message: HAS_USERS } }), 'system:depart:list', 'system:depart:delete');
    await selectDepart('d1', '总部');

    fireEvent.click(screen.getByTestId('depart-delete'));
    const dialog = await screen.findByTestId('depart-delete-confirm');
    expect(dialog.textContent).toContain('总部');
    expect(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')).toHaveLength(0);

    // Cancel: nothing is deleted.
    fireEvent.click(screen.getByTestId('depart-delete-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('depart-delete-confirm')).toBeNull());
    expect(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')).toHaveLength(0);

    // Confirm: the call goes out; the server refuses because of users, and says so.
    fireEvent.click(screen.getByTestId('depart-delete'));
    fireEvent.click(await screen.findByTestId('depart-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')).toHaveLength(1));
    const url = urlOf(fetchMock, 'DELETE', '/sys/sysDepart/delete', 0);
    expect(url.searchParams.get('id')).toBe('d1');
    expect(await screen.findByText(HAS_USERS)).toBeTruthy();
    // The department is still there and still selected.
    expect(screen.getByTestId('depart-selected-name').textContent).toBe('总部');
  });

  test('a confirmed delete of an empty department removes it', async () => {
    const fetchMock = openPage(<DepartListPage />, server({ 'DELETE /sys/sysDepart/delete': { message: '删除成功!' } }), 'system:depart:list', 'system:depart:delete');
    await selectDepart('d2', '财务部');
    fireEvent.click(screen.getByTestId('depart-delete'));
    fireEvent.click(await screen.findByTestId('depart-delete-confirm-confirm'));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')).toHaveLength(1);
    await screen.findByTestId('depart-no-selection');
  });

  test("the roles tab lists the department's roles and deletes one after confirmation", async () => {
    const roles = [{ id: 'r1', departId: 'd2', roleName: '出纳', roleCode: 'cashier', description: null, createTime: '2026-01-01 10:00:00' }];
    const fetchMock = openPage(
      <DepartListPage />,
      server({ 'GET /sys/sysDepartRole/list': paged(roles), 'DELETE /sys/sysDepartRole/delete': { message: '删除成功!' } }),
      'system:depart:list',
      'system:depart:role',
    );
    await selectDepart('d2', '财务部');
    fireEvent.click(screen.getByTestId('depart-tab-roles'));
    const row = await rowOf('cashier');
    const list = urlOf(fetchMock, 'GET', '/sys/sysDepartRole/list');
    expect(list.searchParams.get('deptId')).toBe('d2');
    expect(list.searchParams.get('column')).toBe('createTime');
    expect(list.searchParams.get('pageNo')).toBe('1');
    fireEvent.click(within(row).getByTestId('depart-role-delete'));
    await confirmSends(fetchMock, 'depart-role-delete-confirm', '出纳', 'DELETE', '/sys/sysDepartRole/delete');
    expect(urlOf(fetchMock, 'DELETE', '/sys/sysDepartRole/delete').searchParams.get('id')).toBe('r1');
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  test('the users tab pages the users the server answers all at once', async () => {
    const users = Array.from({ length: 12 }, (_, index) => ({ id: `u${index}`, username: `user${String(index).padStart(2, '0')}`, realname: `用户${index}`, status: index === 0 ? 2 : 1 }));
    openPage(<DepartListPage />, server({ 'GET /sys/user/queryUserByDepId': { result: users } }), 'system:depart:list');
    await selectDepart('d2', '财务部');
    fireEvent.click(screen.getByTestId('depart-tab-users'));
    expect(await screen.findByText('user00')).toBeTruthy();
    expect(within(screen.getByTestId('depart-users')).getAllByTestId('depart-users-row')).toHaveLength(10);
    expect(screen.getByTestId('table-total').textContent).toContain('12');
    expect(screen.queryByText('user10')).toBeNull();
  });
});
