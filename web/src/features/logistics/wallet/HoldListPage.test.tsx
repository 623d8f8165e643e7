import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser } from '../../../test/api';
import { expectFirstSort, fill, openPage, paged, urlOf } from '../../../test/list';
import HoldListPage from './HoldListPage';

const HOLDS = [
  { id: 'h1', customerId: 'c1', customerUsername: 'acme', currency: 'CNY', reference: 'SO-1001', amount: '150.00', state: 'captured', captured: '120.00', expiresAt: '2026-11-26T02:00:00Z', createTime: '2026-11-25T02:00:00Z', updateTime: '2026-11-25T03:00:00Z' },
  { id: 'h2', customerId: 'c2', customerUsername: 'beta', currency: 'USD', reference: 'SO-1002', amount: '30.00', state: 'pending', captured: null, expiresAt: '2020-01-01T00:00:00Z', createTime: '2019-12-31T00:00:00Z' },
];

describe('holds', () => {
  test('holds with their state, captured amount and an overdue flag; filters by state', async () => {
    setUserInfo(testUser({ id: 's1', username: 'finance', userKind: 'staff' }));
    const fetchMock = openPage(<HoldListPage />, fakeServer({ 'GET /logistics/wallet/hold/list': paged(HOLDS) }), 'logistics:wallet:hold:list');
    const rows = await screen.findAllByTestId('hold-table-row');
    expect(rows[0]!.textContent).toContain('SO-1001');
    expect(rows[0]!.textContent).toContain('已结算');
    expect(rows[0]!.textContent).toContain('120.00 CNY');
    expect(within(rows[0]!).queryByTestId('hold-overdue')).toBeNull();
    expect(rows[1]!.textContent).toContain('预扣中');
    expect(within(rows[1]!).getByTestId('hold-overdue')).toBeTruthy();
    expect(screen.getByTestId('hold-export')).toBeTruthy();
    expectFirstSort(fetchMock, '/logistics/wallet/hold/list', 'createTime', 'desc');
    fill({ 'hold-search-state': 'pending', 'hold-search-reference': 'SO-' });
    fireEvent.click(screen.getByTestId('hold-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/wallet/hold/list').searchParams.get('state')).toBe('pending'));
    expect(urlOf(fetchMock, 'GET', '/logistics/wallet/hold/list').searchParams.get('reference')).toBe('SO-');
  });
});
