import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { amountIssue } from '../../../core';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { calls, expectAbsent, expectFirstSort, fill, openPage, paged, pickRowAction, rowOf, sentBody } from '../../../test/list';
import PaymentAccountPage from './PaymentAccountPage';

const ACCOUNTS = [
  {
    id: 'a1', customerId: 'c1', customerUsername: 'acme', customerName: '顶峰贸易', currency: 'CNY',
    balance: '1234.50', held: '100.00', creditLimit: '500.00', available: '1634.50', status: 1, createTime: '2026-11-25T01:00:00Z',
  },
  {
    id: 'a2', customerId: 'c1', customerUsername: 'acme', customerName: '顶峰贸易', currency: 'JPY',
    balance: '-300', held: '0', creditLimit: '1000', available: '700', status: 0, createTime: '2026-11-25T02:00:00Z',
  },
];

const LIST = '/logistics/wallet/account/list';
const server = (extra: FakeRoutes = {}) => fakeServer({ [`GET ${LIST}`]: paged(ACCOUNTS), ...extra });

const asCustomer = () => setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
const asStaff = () => setUserInfo(testUser({ id: 's1', username: 'finance', userKind: 'staff' }));

/** The `Idempotency-Key` header of the last `method path` call. */
const keyOf = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string) => new Headers(calls(fetchMock, method, path).at(-1)?.[1]?.headers).get('Idempotency-Key');

describe('payment accounts: customers', () => {
  test('a card per currency with balance, held, available, credit limit and the frozen badge', async () => {
    asCustomer();
    const fetchMock = openPage(<PaymentAccountPage />, server(), 'logistics:wallet:account:list', 'logistics:wallet:recharge:add');
    const cards = await screen.findAllByTestId('account-card');
    expect(cards.map((card) => card.dataset.currency)).toEqual(['CNY', 'JPY']);
    const [cny, jpy] = cards as [HTMLElement, HTMLElement];
    expect(within(cny).getByTestId('account-card-available').textContent).toBe('1,634.50 CNY');
    expect(within(cny).getByTestId('account-card-balance').textContent).toBe('1,234.50 CNY');
    expect(within(cny).getByTestId('account-card-held').textContent).toBe('100.00 CNY');
    expect(within(cny).getByTestId('account-card-credit').textContent).toBe('500.00 CNY');
    expect(within(cny).getByTestId('account-card-status').textContent).toBe('正常');
    expect(within(cny).queryByTestId('account-card-frozen')).toBeNull();
    // JPY has no minor unit; a negative balance shows in red.
    expect(within(jpy).getByTestId('account-card-balance').textContent).toBe('-300 JPY');
    expect(within(jpy).getByTestId('account-card-status').textContent).toBe('已冻结');
    expect(within(jpy).getByTestId('account-card-frozen')).toBeTruthy();
    // Recharge links go to the recharge page with the form opened (in the card's currency).
    expect(screen.getByTestId('account-recharge').getAttribute('href')).toBe('/logistics/recharge?add=1');
    expect(within(cny).getByTestId('account-card-recharge').getAttribute('href')).toBe('/logistics/recharge?add=CNY');
    expect(within(cny).getByTestId('account-card-trades').getAttribute('href')).toBe('/logistics/trade?currency=CNY');
    // No staff table nor its actions.
    expectAbsent('account-table', 'account-more');
    expectFirstSort(fetchMock, LIST, 'currency', 'asc');
  });

  test('without the recharge permission there is no recharge button', async () => {
    asCustomer();
    openPage(<PaymentAccountPage />, server(), 'logistics:wallet:account:list');
    expect(await screen.findAllByTestId('account-card')).toHaveLength(2);
    expectAbsent('account-recharge', 'account-card-recharge');
  });

  test('no account yet: the empty state invites a first recharge', async () => {
    asCustomer();
    openPage(<PaymentAccountPage />, fakeServer({ [`GET ${LIST}`]: paged([]) }), 'logistics:wallet:account:list', 'logistics:wallet:recharge:add');
    const empty = await screen.findByTestId('account-empty');
    expect(empty.textContent).toContain('还没有支付账户');
    expect(within(empty).getByTestId('account-empty-recharge').getAttribute('href')).toBe('/logistics/recharge?add=1');
  });
});

describe('payment accounts: staff', () => {
  test('a table of every customer’s accounts; no action menu without the action permissions', async () => {
    asStaff();
    const fetchMock = openPage(<PaymentAccountPage />, server(), 'logistics:wallet:account:list');
    const row = await rowOf('1,634.50');
    expect(row.textContent).toContain('顶峰贸易');
    expect(row.textContent).toContain('正常');
    expect(within(await rowOf('-300')).getByTestId('account-status').textContent).toBe('已冻结');
    expectFirstSort(fetchMock, LIST, 'customerUsername', 'asc');
    expectAbsent('account-more', 'account-card');
    expect(screen.getByTestId('account-export')).toBeTruthy();
  });

  test('the credit limit is checked by core (zero allowed) and sent with its reason', async () => {
    asStaff();
    const fetchMock = openPage(
      <PaymentAccountPage />,
      server({ 'POST /logistics/wallet/account/creditLimit': { message: '信用额度已更新', result: { ...ACCOUNTS[0], creditLimit: '0.00', available: '1134.50' } } }),
      'logistics:wallet:account:list',
      'logistics:wallet:account:credit',
    );
    const row = await rowOf('1,634.50');
    await pickRowAction(row, 'account-more', 'account-credit');
    const dialog = await screen.findByTestId('account-credit-form');
    expect(within(dialog).getByTestId('account-dialog-subject').textContent).toBe('顶峰贸易 (acme) · CNY');
    expect((within(dialog).getByTestId('account-credit-limit') as HTMLInputElement).value).toBe('500.00');

    fill({ 'account-credit-limit': '1.005' }, dialog);
    fireEvent.click(within(dialog).getByTestId('account-credit-form-submit'));
    expect((await within(dialog).findByTestId('account-credit-limit-error')).textContent).toBe(amountIssue('1.005', 'CNY', 'zh-CN'));
    expect(within(dialog).getByTestId('account-credit-reason-error').textContent).toBe('请填写原因');
    expect(calls(fetchMock, 'POST', '/logistics/wallet/account/creditLimit')).toHaveLength(0);

    fill({ 'account-credit-limit': '0', 'account-credit-reason': '逾期未结' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('account-credit-preview').textContent).toContain('1,134.50 CNY'));
    fireEvent.click(within(dialog).getByTestId('account-credit-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/account/creditLimit')).toEqual({ customerId: 'c1', currency: 'CNY', creditLimit: '0', reason: '逾期未结' });
    expect(await screen.findByText('信用额度已更新')).toBeTruthy();
  });

  test('freezing asks for the reason and sends status 0; a frozen account offers unfreezing', async () => {
    asStaff();
    const fetchMock = openPage(
      <PaymentAccountPage />,
      server({ 'POST /logistics/wallet/account/frozen': { message: '账户已冻结', result: { ...ACCOUNTS[0], status: 0 } } }),
      'logistics:wallet:account:list',
      'logistics:wallet:account:frozen',
    );
    await pickRowAction(await rowOf('1,634.50'), 'account-more', 'account-freeze');
    const dialog = await screen.findByTestId('account-freeze-form');
    expect(within(dialog).getByTestId('account-freeze-effect').textContent).toContain('不能扣款和预扣');
    fireEvent.click(within(dialog).getByTestId('account-freeze-form-submit'));
    expect((await within(dialog).findByTestId('account-freeze-reason-error')).textContent).toBe('请填写原因');
    fill({ 'account-freeze-reason': '涉嫌欺诈' }, dialog);
    fireEvent.click(within(dialog).getByTestId('account-freeze-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/account/frozen')).toEqual({ customerId: 'c1', currency: 'CNY', status: 0, reason: '涉嫌欺诈' });
    await waitFor(() => expect(screen.queryByTestId('account-freeze-form')).toBeNull());

    fireEvent.click(within(await rowOf('-300')).getByTestId('account-more'));
    expect((await screen.findAllByTestId('account-freeze')).at(-1)?.textContent).toBe('解冻');
  });

  test('an adjustment previews the balance, carries an Idempotency-Key and keeps it for a retry', async () => {
    asStaff();
    let answer: { status?: number; message: string; result?: unknown } = { status: 500, message: '服务器繁忙' };
    const fetchMock = openPage(
      <PaymentAccountPage />,
      server({ 'POST /logistics/wallet/adjust': () => answer }),
      'logistics:wallet:account:list',
      'logistics:wallet:adjust',
    );
    await pickRowAction(await rowOf('1,634.50'), 'account-more', 'account-adjust');
    const dialog = await screen.findByTestId('account-adjust-form');
    fireEvent.click(within(within(dialog).getByTestId('account-adjust-direction-debit')).getByRole('radio', { hidden: true }));
    fill({ 'account-adjust-amount': '12.345' }, dialog);
    fireEvent.click(within(dialog).getByTestId('account-adjust-form-submit'));
    expect((await within(dialog).findByTestId('account-adjust-amount-error')).textContent).toBe(amountIssue('12.345', 'CNY', 'zh-CN'));

    fill({ 'account-adjust-amount': '34.50', 'account-adjust-reason': '运费差额' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('account-adjust-preview').textContent).toContain('1,200.00 CNY'));
    fireEvent.click(within(dialog).getByTestId('account-adjust-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/adjust')).toEqual({ customerId: 'c1', currency: 'CNY', direction: 'debit', amount: '34.50', reason: '运费差额' });
    const first = keyOf(fetchMock, 'POST', '/logistics/wallet/adjust');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await within(dialog).findByText('服务器繁忙')).toBeTruthy();

    // The same submission again: the same key, so the server moves the money once.
    answer = { message: '调整成功', result: { tradeNo: 'T1', currency: 'CNY', balance: '1200.00', held: '100.00' } };
    fireEvent.click(within(dialog).getByTestId('account-adjust-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/logistics/wallet/adjust')).toHaveLength(2));
    expect(keyOf(fetchMock, 'POST', '/logistics/wallet/adjust')).toBe(first);
    expect(await screen.findByText('调整成功')).toBeTruthy();
  });
});
