import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer } from '../../../test/api';
import { bodyOf, calls, confirmDeleteSends, expectNothingAsked, openDialog, openPage, rowOf, urlOf } from '../../../test/list';
import { inTimeZone } from '../../../test/timeZone';
import UserListPage from './UserListPage';

const USERS = [
  { id: 'u1', username: 'alice', realname: 'Alice', status: 1, sex: 2, phone: '13800000001', orgCodeTxt: 'HQ', createTime: '2025-01-01T10:00:00Z' },
  { id: 'u2', username: 'bob', realname: 'Bob', status: 2, sex: 1, phone: '13800000002', orgCodeTxt: 'HQ', createTime: '2025-01-02 10:00:00' },
];

function server() {
  return fakeServer({
    'GET /sys/user/list': { result: { records: USERS, total: 2, size: 10, current: 1, pages: 1 } },
    'GET /sys/sysDepart/queryTreeList': { result: [] },
    'DELETE /sys/user/delete': { message: 'Deleted!' },
    'PUT /sys/user/frozenBatch': { message: 'Frozen!' },
  });
}

inTimeZone('Asia/Shanghai');

describe('users page', () => {
  test('lists users with paging parameters and the default sort', async () => {
    const fetchMock = openPage(<UserListPage />, server(), 'system:user:add');
    expect(await screen.findByText('alice')).toBeTruthy();
    // Creation times in local time (UTC+8 here), from the ISO form and the older plain one.
    expect(screen.getByText('2025-01-01 18:00:00')).toBeTruthy();
    expect(screen.getByText('2025-01-02 18:00:00')).toBeTruthy();
    const url = urlOf(fetchMock, 'GET', '/sys/user/list', 0);
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.get('pageSize')).toBe('10');
    expect(url.searchParams.get('column')).toBe('createTime');
    expect(url.searchParams.get('order')).toBe('desc');
    expect(screen.getByTestId('user-add')).toBeTruthy();
    expect(screen.queryByTestId('user-batch-delete')).toBeNull();
  });

  test('a batch freeze with no selection says "Please select one data"', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<UserListPage />, server(), 'system:user:freeze');
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('user-batch-freeze'));
    expect(await screen.findByText('Please select one data')).toBeTruthy();
    expectNothingAsked(fetchMock, 'confirm-dialog', 'PUT', '/sys/user/frozenBatch');
  });

  test('delete asks for confirmation before calling DELETE', async () => {
    const fetchMock = openPage(<UserListPage />, server(), 'system:user:delete');
    await openDialog('user-delete', 'confirm-dialog', await rowOf('alice'));
    await confirmDeleteSends(fetchMock, 'confirm-dialog', 'Alice', '/sys/user/delete', { id: 'u1' });
    expect(await screen.findByText('Deleted!')).toBeTruthy();
  });

  test('a batch freeze of the selection sends the ids after confirmation', async () => {
    const fetchMock = openPage(<UserListPage />, server(), 'system:user:freeze');
    await screen.findByText('alice');
    fireEvent.click(screen.getByTestId('select-all'));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('user-batch-freeze'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/sys/user/frozenBatch')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'PUT', '/sys/user/frozenBatch', 0) as { ids: string; status: number };
    expect(body).toEqual({ ids: 'u1,u2', status: 2 });
  });
});
