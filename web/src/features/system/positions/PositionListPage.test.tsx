import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { permissionStore } from '../../../lib/permission';
import { fakeServer } from '../../../test/api';
import { renderPage } from '../../../test/render';
import PositionListPage from './PositionListPage';


const POSITIONS = [
  { id: 'p1', code: 'CLERK', name: '文员', nameEn: 'Clerk', postRank: 'staff', createTime: '2025-01-01 10:00:00' },
  { id: 'p2', code: 'CFO', name: '财务总监', nameEn: 'CFO', postRank: 'director', createTime: '2025-01-02 10:00:00' },
];

function grant(...codes: string[]) {
  const auth = codes.map((action) => ({ action, type: '1', status: '1' }));
  permissionStore.set({ loaded: true, routes: [], auth, allAuth: [], authJson: JSON.stringify(auth), allAuthJson: '[]' });
}

function server() {
  return fakeServer({
    'GET /sys/position/list': { result: { records: POSITIONS, total: 2, size: 10, current: 1, pages: 1 } },
    'DELETE /sys/position/deleteBatch': { message: '批量删除成功!' },
  });
}

const calls = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

afterEach(() => {
  vi.unstubAllGlobals();
  permissionStore.set({ loaded: false, routes: [], auth: [], allAuth: [], authJson: '[]', allAuthJson: '[]' });
});

describe('positions page', () => {
  test('lists positions with their localized rank and the default sort', async () => {
    grant('system:position:list');
    const fetchMock = server();
    renderPage(<PositionListPage />);
    expect(await screen.findByText('CLERK')).toBeTruthy();
    expect(screen.getByText('总监级')).toBeTruthy();
    const url = new URL(String(calls(fetchMock, 'GET', '/sys/position/list')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('column')).toBe('createTime');
    expect(url.searchParams.get('order')).toBe('desc');
    // Without the codes, no add or delete buttons.
    expect(screen.queryByTestId('position-add')).toBeNull();
    expect(screen.queryByTestId('position-batch-delete')).toBeNull();
  });

  test('batch delete with nothing selected shows the selection guard and calls nothing', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    grant('system:position:list', 'system:position:delete');
    const fetchMock = server();
    renderPage(<PositionListPage />);
    await screen.findByText('CLERK');
    fireEvent.click(screen.getByTestId('position-batch-delete'));
    expect(await screen.findByText('Please select one data')).toBeTruthy();
    expect(screen.queryByTestId('position-delete-confirm')).toBeNull();
    expect(calls(fetchMock, 'DELETE', '/sys/position/deleteBatch')).toHaveLength(0);
  });

  test('batch delete of the selected rows asks first, then sends their ids', async () => {
    grant('system:position:list', 'system:position:delete');
    const fetchMock = server();
    renderPage(<PositionListPage />);
    const row = (await screen.findByText('CFO', { selector: 'p' })).closest('tr')!;
    fireEvent.click(within(row).getByTestId('row-checkbox'));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toContain('1'));
    fireEvent.click(screen.getByTestId('position-batch-delete'));
    const dialog = await screen.findByTestId('position-delete-confirm');
    expect(dialog.textContent).toContain('确定删除选中的 1 个职务吗？');
    expect(calls(fetchMock, 'DELETE', '/sys/position/deleteBatch')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('position-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/sys/position/deleteBatch')).toHaveLength(1));
    const url = new URL(String(calls(fetchMock, 'DELETE', '/sys/position/deleteBatch')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('ids')).toBe('p2');
    expect(await screen.findByText('批量删除成功!')).toBeTruthy();
  });
});
