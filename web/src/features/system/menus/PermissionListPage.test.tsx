import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer } from '../../../test/api';
import { calls, expectAbsent, openPage, pickRowAction } from '../../../test/list';
import type { DataRule, PermissionRecord } from './api';
import PermissionListPage from './PermissionListPage';

/** The fields the page reads (the server answers more). */
const USERS_MENU = {
  id: 'm2',
  parentId: 'm1',
  name: '用户管理',
  nameEn: 'Users',
  menuType: 1,
  url: '/system/user',
  component: 'system/UserList',
  perms: 'system:user:list',
  sortNo: 1,
  status: '1',
  ruleFlag: true,
  children: [{ id: 'b1', parentId: 'm2', name: '新增用户', nameEn: 'Add user', menuType: 2, perms: 'system:user:add', permsType: '1', status: '1', sortNo: 1 }],
} as PermissionRecord;
const TREE = [{ id: 'm1', name: '系统管理', nameEn: 'System', menuType: 0, url: '/system', component: 'layouts/RouteView', icon: 'setting', sortNo: 1, status: '1', children: [USERS_MENU] }] as PermissionRecord[];
const RULES: DataRule[] = [{ id: 'r1', permissionId: 'm2', ruleName: '本部门', ruleColumn: 'org_code', ruleConditions: 'RIGHT_LIKE', ruleValue: '#{sys_org_code}', status: '1' }];

function server() {
  return fakeServer({
    'GET /sys/permission/list': (_, url) => ({ result: url.searchParams.get('name') ? [USERS_MENU] : TREE }),
    'GET /sys/permission/getPermRuleListByPermId': { result: RULES },
    'GET /sys/permission/queryPermissionRule': { result: [] },
    'DELETE /sys/permission/delete': { message: '删除成功!' },
  });
}

describe('menus page', () => {
  test('shows the tree; expand all opens every level, collapse all folds it again', async () => {
    openPage(<PermissionListPage />, server(), 'system:permission:list');
    expect(await screen.findByText('系统管理')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-expand-all'));
    expect(await screen.findByText('新增用户')).toBeTruthy();
    expect(screen.getByText('system:user:add')).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-collapse-all'));
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());
    // No add, edit or delete without the codes.
    expectAbsent('menu-add', 'menu-edit');
  });

  test('search by name sends the name and shows the matches', async () => {
    const fetchMock = openPage(<PermissionListPage />, server(), 'system:permission:list');
    await screen.findByText('系统管理');
    fireEvent.change(screen.getByTestId('menu-search-name'), { target: { value: '用户' } });
    fireEvent.click(screen.getByTestId('menu-search-submit'));
    expect(await screen.findByText('用户管理')).toBeTruthy();
    const searched = calls(fetchMock, 'GET', '/sys/permission/list').map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('name'));
    expect(searched).toContain('用户');
  });

  test('delete warns that children and grants go too, and calls nothing before confirming', async () => {
    const fetchMock = openPage(<PermissionListPage />, server(), 'system:permission:list', 'system:permission:delete');
    const row = (await screen.findByText('系统管理')).closest('tr')!;
    await pickRowAction(row, 'menu-more', 'menu-delete');
    const dialog = await screen.findByTestId('menu-delete-confirm');
    expect(dialog.textContent).toContain('系统管理');
    expect(dialog.textContent).toContain('下级');
    expect(calls(fetchMock, 'DELETE', '/sys/permission/delete')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('menu-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/sys/permission/delete')).toHaveLength(1));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  test('batch delete without a selection shows the guard', async () => {
    const fetchMock = openPage(<PermissionListPage />, server(), 'system:permission:list', 'system:permission:delete');
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-batch-delete'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/sys/permission/deleteBatch')).toHaveLength(0);
  });

  test('data rules of a menu open in a drawer with their conditions in words', async () => {
    openPage(<PermissionListPage />, server(), 'system:permission:list', 'system:permission:add');
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('menu-expand-all'));
    const row = (await screen.findByText('用户管理')).closest('tr')!;
    await pickRowAction(row, 'menu-more', 'menu-rules');
    const drawer = await screen.findByTestId('rule-drawer');
    expect(await within(drawer).findByText('本部门')).toBeTruthy();
    expect(within(drawer).getByText('右模糊（以…开头）')).toBeTruthy();
    expect(within(drawer).getByText('#{sys_org_code}')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('rule-add'));
    const form = await screen.findByTestId('rule-form');
    expect(within(form).getByText(/#\{sys_user_code\}, #\{sys_user_id\}, #\{sys_org_code\}/)).toBeTruthy();
  });
});
