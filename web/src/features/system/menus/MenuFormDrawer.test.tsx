import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeServer } from '../../../test/api';
import { renderPage } from '../../../test/render';
import type { PermissionRecord } from './api';
import { MenuFormDrawer } from './MenuFormDrawer';


/** The fields the drawer reads (the server answers more). */
const TREE = [
  {
    id: 'm1',
    name: '系统管理',
    nameEn: 'System',
    menuType: 0,
    url: '/system',
    component: 'layouts/RouteView',
    children: [
      { id: 'm2', parentId: 'm1', name: '用户管理', nameEn: 'Users', menuType: 1, url: '/system/user', component: 'system/UserList', perms: 'system:user:list' },
    ],
  },
] as PermissionRecord[];

const calls = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

function server() {
  return fakeServer({
    'GET /sys/duplicate/check': { message: '该值可用！' },
    'GET /sys/checkRule/checkByCode': { message: 'ok' },
    'POST /sys/permission/add': (body) => ({ message: '添加成功！', result: { id: 'new', ...(body as object) } }),
  });
}

function renderForm(onSaved = vi.fn<() => void>()) {
  renderPage(<MenuFormDrawer open onOpenChange={() => {}} target={{ kind: 'add' }} tree={TREE} onSaved={onSaved} />);
  return onSaved;
}

/** Picks a menu type through its radio input (what a click or the arrow keys do). */
function chooseType(type: '0' | '1' | '2') {
  fireEvent.click(within(screen.getByTestId(`menu-type-${type}`)).getByRole('radio', { hidden: true }));
}

/** The form shows the fields `shown` and none of `hidden`. */
function expectFields(shown: string[], hidden: string[]) {
  expect(shown.filter((id) => !screen.queryByTestId(id))).toEqual([]);
  expect(hidden.filter((id) => screen.queryByTestId(id))).toEqual([]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('menu form', () => {
  test('the fields follow the type: menus have a path and component, buttons a permission code', async () => {
    server();
    renderForm();
    await screen.findByTestId('menu-form');

    // Top-level menu: route fields, no parent, no permission code.
    expectFields(['menu-url', 'menu-component', 'menu-icon', 'menu-keep-alive'], ['menu-parent', 'menu-perms', 'menu-perms-type', 'menu-status']);

    // Button: parent, permission code, its behaviour and status; no route fields.
    chooseType('2');
    await waitFor(() => expect(screen.getByTestId('menu-perms')).toBeTruthy());
    expectFields(['menu-parent', 'menu-perms-type', 'menu-status'], ['menu-url', 'menu-component', 'menu-icon', 'menu-keep-alive']);

    // Sub-menu: route fields and a parent, plus its optional `:list` code.
    chooseType('1');
    await waitFor(() => expect(screen.getByTestId('menu-url')).toBeTruthy());
    expectFields(['menu-parent', 'menu-perms'], ['menu-perms-type', 'menu-status']);

    // The parent picker offers menus and sub-menus of the tree.
    const parent = screen.getByTestId('menu-parent') as HTMLSelectElement;
    expect([...parent.options].map((option) => option.value)).toEqual(['', 'm1', 'm2']);
  });

  test('a button needs its parent and code; the request leaves out the route fields', async () => {
    const fetchMock = server();
    const onSaved = renderForm();
    await screen.findByTestId('menu-form');
    chooseType('2');
    await screen.findByTestId('menu-perms');

    fireEvent.click(screen.getByTestId('menu-form-submit'));
    expect(await screen.findByText('请选择上级菜单')).toBeTruthy();
    expect(await screen.findByText('请输入授权标识')).toBeTruthy();
    expect(await screen.findByText('请输入中文名称')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/permission/add')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('menu-name'), { target: { value: '新增用户' } });
    fireEvent.change(screen.getByTestId('menu-name-en'), { target: { value: 'Add user' } });
    fireEvent.change(screen.getByTestId('menu-parent'), { target: { value: 'm2' } });
    fireEvent.change(screen.getByTestId('menu-perms'), { target: { value: 'system:user:add' } });
    fireEvent.click(screen.getByTestId('menu-form-submit'));

    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/permission/add')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'POST', '/sys/permission/add')[0]!;
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ menuType: 2, name: '新增用户', nameEn: 'Add user', parentId: 'm2', perms: 'system:user:add', permsType: '1', status: '1', url: null, component: null });
    // The code was checked against the rule and for duplicates on the way.
    const duplicate = new URL(String(calls(fetchMock, 'GET', '/sys/duplicate/check')[0]?.[0]), 'http://localhost');
    expect(duplicate.searchParams.get('tableName')).toBe('sys_permission');
    expect(duplicate.searchParams.get('fieldName')).toBe('perms');
    expect(duplicate.searchParams.get('fieldVal')).toBe('system:user:add');
    const rule = new URL(String(calls(fetchMock, 'GET', '/sys/checkRule/checkByCode')[0]?.[0]), 'http://localhost');
    expect(rule.searchParams.get('ruleCode')).toBe('perms_code');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  test('a code already in use is refused inline with the server message', async () => {
    const fetchMock = fakeServer({
      'GET /sys/duplicate/check': { status: 400, message: '该值不可用，系统中已存在！' },
      'GET /sys/checkRule/checkByCode': { message: 'ok' },
    });
    renderForm();
    await screen.findByTestId('menu-form');
    chooseType('2');
    const perms = await screen.findByTestId('menu-perms');
    fireEvent.change(perms, { target: { value: 'system:user:list' } });
    fireEvent.blur(perms);
    expect(await screen.findByText('该值不可用，系统中已存在！')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/permission/add')).toHaveLength(0);
  });
});
