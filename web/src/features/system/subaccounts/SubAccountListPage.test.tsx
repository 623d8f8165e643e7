import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer } from '../../../test/api';
import { bodyOf, calls, grant } from '../../../test/list';
import { renderPage } from '../../../test/render';
import SubAccountListPage from './SubAccountListPage';

const SUBS = [{ id: 's1', username: 'clerk01', realname: 'Clerk One', status: 1, createTime: '2025-01-01 00:00:00' }];
const TREE = [
  {
    key: 'orders',
    title: '订单管理',
    menuType: 0,
    children: [{ key: 'orders-list', title: '订单列表', menuType: 1, isLeaf: true }],
  },
];

describe('sub-accounts page', () => {
  test('adds a sub-account with the checked permissions', async () => {
    grant('erp:user:sub:add');
    const fetchMock = fakeServer({
      'GET /erp/user/sub/list': { result: { records: SUBS, total: 1 } },
      'GET /erp/user/sub/permissionTree': { result: { treeList: TREE, ids: ['orders', 'orders-list'], checked: [] } },
      'GET /sys/duplicate/check': { message: '该值可用！' },
      'POST /erp/user/sub/add': { message: '添加成功！', result: { id: 's2' } },
    });
    renderPage(<SubAccountListPage />);
    await screen.findByText('clerk01');
    fireEvent.click(screen.getByTestId('sub-add'));
    const drawer = await screen.findByTestId('sub-account-drawer');
    fireEvent.change(within(drawer).getByTestId('sub-username'), { target: { value: 'clerk02' } });
    fireEvent.change(within(drawer).getByTestId('sub-realname'), { target: { value: 'Clerk Two' } });
    fireEvent.change(within(drawer).getByTestId('sub-password'), { target: { value: 'Passw0rd!' } });
    fireEvent.change(within(drawer).getByTestId('sub-confirmpassword'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(await within(drawer).findByTestId('tree-check-orders'));
    await waitFor(() => expect(screen.getByTestId('tree-node-orders').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(drawer).getByTestId('sub-save'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/erp/user/sub/add')).toHaveLength(1), { timeout: 3000 });
    expect(bodyOf(fetchMock, 'POST', '/erp/user/sub/add', 0)).toEqual({
      username: 'clerk02',
      realname: 'Clerk Two',
      password: 'Passw0rd!',
      phone: '',
      email: '',
      permissionIds: 'orders,orders-list',
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });
});
