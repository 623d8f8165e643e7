import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser } from '../../../test/api';
import { expectFirstSort, fill, grant, openPage, paged, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import TradeListPage from './TradeListPage';

const TRADES = [
  {
    id: 'e3', customerId: 'c1', customerUsername: 'acme', currency: 'CNY', seq: 3, tradeNo: 'T0003', tradeType: 'capture', tradeItem: 'SO-1001', outTradeNo: null,
    paymentType: 'order', paymentChannel: null, money: '-120.00', heldChange: '-150.00', balance: '880.00', heldAfter: '0.00', operator: 'system', remark: null, createTime: '2026-11-25T03:00:00Z',
  },
  {
    id: 'e2', customerId: 'c1', customerUsername: 'acme', currency: 'CNY', seq: 2, tradeNo: 'T0002', tradeType: 'withhold', tradeItem: 'SO-1001', outTradeNo: null,
    paymentType: 'order', paymentChannel: null, money: '0.00', heldChange: '150.00', balance: '1000.00', heldAfter: '150.00', operator: 'system', remark: null, createTime: '2026-11-25T02:00:00Z',
  },
  {
    id: 'e1', customerId: 'c1', customerUsername: 'acme', currency: 'CNY', seq: 1, tradeNo: 'T0001', tradeType: 'recharge', tradeItem: 'r1', outTradeNo: 'ICBC-1',
    paymentType: 'recharge', paymentChannel: 'bank', money: '1000.00', heldChange: '0.00', balance: '1000.00', heldAfter: '0.00', operator: 'finance', remark: '十一月预存', createTime: '2026-11-25T01:00:00Z',
  },
];

const LIST = '/logistics/wallet/trade/list';

describe('trade records', () => {
  test('each movement with its kind, signed amount and the balance after it', async () => {
    setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
    const fetchMock = openPage(<TradeListPage />, fakeServer({ [`GET ${LIST}`]: paged(TRADES) }), 'logistics:wallet:trade:list');
    const rows = await screen.findAllByTestId('trade-table-row');
    expect(rows.map((row) => within(row).getByTestId('trade-money').textContent)).toEqual(['-120.00 CNY', '0.00 CNY', '+1,000.00 CNY']);
    expect(rows.map((row) => within(row).getByTestId('trade-balance').textContent)).toEqual(['880.00 CNY', '1,000.00 CNY', '1,000.00 CNY']);
    expect(rows[0]!.textContent).toContain('结算扣款');
    expect(rows[1]!.textContent).toContain('预扣');
    expect(rows[2]!.textContent).toContain('充值');
    expect(rows[2]!.textContent).toContain('T0001');
    // A customer sees no customer column or filter; the export is there.
    expect(screen.queryByRole('columnheader', { name: '客户' })).toBeNull();
    expect(screen.queryByTestId('trade-search-customer')).toBeNull();
    expect(screen.getByTestId('trade-export')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
  });

  test('the currency of a payment account card comes from the URL; staff search by customer, type and days', async () => {
    setUserInfo(testUser({ id: 's1', username: 'finance', userKind: 'staff' }));
    const fetchMock = fakeServer({ [`GET ${LIST}`]: paged(TRADES) });
    grant('logistics:wallet:trade:list');
    renderPage(<TradeListPage />, '/logistics/trade?currency=USD');
    await screen.findAllByTestId('trade-table-row');
    expect(urlOf(fetchMock, 'GET', LIST, 0).searchParams.get('currency')).toBe('USD');
    expect(screen.getByRole('columnheader', { name: '客户' })).toBeTruthy();

    fill({ 'trade-search-customer': 'acme', 'trade-search-type': 'capture', 'trade-search-begin': '2026-11-30', 'trade-search-end': '2026-11-01' });
    fireEvent.click(screen.getByTestId('trade-search-submit'));
    // A backwards range is refused.
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('customer')).toBeNull();
    fill({ 'trade-search-begin': '2026-11-01', 'trade-search-end': '2026-11-30' });
    fireEvent.click(screen.getByTestId('trade-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('customer')).toBe('acme'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect(url.searchParams.get('tradeType')).toBe('capture');
    expect(url.searchParams.get('createTime_begin')).toBe('2026-11-01');
    expect(url.searchParams.get('createTime_end')).toBe('2026-11-30');
    expect(url.searchParams.get('currency')).toBe('USD');

    // Sorting by amount is the server's.
    fireEvent.click(screen.getByTestId('sort-money'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('column')).toBe('money'));
  });
});
