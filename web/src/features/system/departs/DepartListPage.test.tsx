import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { permissionStore } from '../../../lib/permission';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { renderPage } from '../../../test/render';
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

function grant(...codes: string[]) {
  const auth = codes.map((action) => ({ action, type: '1', status: '1' }));
  permissionStore.set({ loaded: true, routes: [], auth, allAuth: [], authJson: JSON.stringify(auth), allAuthJson: '[]' });
}

function server(extra: FakeRoutes = {}) {
  return fakeServer({ 'GET /sys/sysDepart/queryTreeList': { result: TREE }, ...extra });
}

const calls = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

async function selectDepart(id: string, name: string) {
  fireEvent.click(await screen.findByTestId(`depart-node-${id}`));
  await waitFor(() => expect(screen.getByTestId('depart-selected-name').textContent).toBe(name));
}

afterEach(() => {
  vi.unstubAllGlobals();
  permissionStore.set({ loaded: false, routes: [], auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' });
});

describe('departments page', () => {
  test('shows the tree and, once a department is chosen, its details', async () => {
    grant('system:depart:list', 'system:depart:edit');
    server();
    renderPage(<DepartListPage />);
    expect(await screen.findByTestId('depart-no-selection')).toBeTruthy();
    // The top level starts expanded, so the child is visible.
    await selectDepart('d2', '财务部');
    expect((screen.getByTestId('depart-name') as HTMLInputElement).value).toBe('财务部');
    expect((screen.getByTestId('depart-org-code') as HTMLInputElement).value).toBe('A01A01');
    expect(screen.queryByTestId('depart-delete')).toBeNull();
  });

  test('delete asks for confirmation first, and shows the server refusal', async () => {
    grant('system:depart:list', 'system:depart:delete');
    const fetchMock = server({ 'DELETE /sys/sysDepart/delete': { status: 400, message: HAS_USERS } });
    renderPage(<DepartListPage />);
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
    const url = new URL(String(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('id')).toBe('d1');
    expect(await screen.findByText(HAS_USERS)).toBeTruthy();
    // The department is still there and still selected.
    expect(screen.getByTestId('depart-selected-name').textContent).toBe('总部');
  });

  test('a confirmed delete of an empty department removes it', async () => {
    grant('system:depart:list', 'system:depart:delete');
    const fetchMock = server({ 'DELETE /sys/sysDepart/delete': { message: '删除成功!' } });
    renderPage(<DepartListPage />);
    await selectDepart('d2', '财务部');
    fireEvent.click(screen.getByTestId('depart-delete'));
    fireEvent.click(await screen.findByTestId('depart-delete-confirm-confirm'));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/sys/sysDepart/delete')).toHaveLength(1);
    await screen.findByTestId('depart-no-selection');
  });
});
