import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer } from '../../../test/api';
import { expectAbsent, confirmDeleteSends, expectFirstSort, expectNothingAsked, openDialog, openPage, rowOf } from '../../../test/list';
import PositionListPage from './PositionListPage';

const POSITIONS = [
  { id: 'p1', code: 'CLERK', name: '文员', nameEn: 'Clerk', postRank: 'staff', createTime: '2025-01-01 10:00:00' },
  { id: 'p2', code: 'CFO', name: '财务总监', nameEn: 'CFO', postRank: 'director', createTime: '2025-01-02 10:00:00' },
];

function server() {
  return fakeServer({
    'GET /sys/position/list': { result: { records: POSITIONS, total: 2, size: 10, current: 1, pages: 1 } },
    'DELETE /sys/position/deleteBatch': { message: '批量删除成功!' },
  });
}

describe('positions page', () => {
  test('lists positions with their localized rank and the default sort', async () => {
    const fetchMock = openPage(<PositionListPage />, server(), 'system:position:list');
    expect(await screen.findByText('CLERK')).toBeTruthy();
    expect(screen.getByText('总监级')).toBeTruthy();
    expectFirstSort(fetchMock, '/sys/position/list', 'createTime', 'desc');
    // Without the codes, no add or delete buttons.
    expectAbsent('position-add', 'position-batch-delete');
  });

  test('batch delete with nothing selected shows the selection guard and calls nothing', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<PositionListPage />, server(), 'system:position:list', 'system:position:delete');
    await screen.findByText('CLERK');
    fireEvent.click(screen.getByTestId('position-batch-delete'));
    expect(await screen.findByText('Please select one data')).toBeTruthy();
    expectNothingAsked(fetchMock, 'position-delete-confirm', 'DELETE', '/sys/position/deleteBatch');
  });

  test('batch delete of the selected rows asks first, then sends their ids', async () => {
    const fetchMock = openPage(<PositionListPage />, server(), 'system:position:list', 'system:position:delete');
    fireEvent.click(within(await rowOf('CFO', 'p')).getByTestId('row-checkbox'));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toContain('1'));
    await openDialog('position-batch-delete', 'position-delete-confirm');
    await confirmDeleteSends(fetchMock, 'position-delete-confirm', '确定删除选中的 1 个职务吗？', '/sys/position/deleteBatch', { ids: 'p2' });
    expect(await screen.findByText('批量删除成功!')).toBeTruthy();
  });
});
