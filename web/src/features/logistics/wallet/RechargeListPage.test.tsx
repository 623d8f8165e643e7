import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { amountIssue } from '../../../core';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeAnswer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, confirmAndWait, expectAbsent, expectFirstSort, fill, grant, openPage, paged, rowOf, sentBody, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import RechargeListPage from './RechargeListPage';

const VOUCHER = '/boot/sys/common/static/voucher/2026/receipt.png';
const RECHARGES = [
  {
    id: 'r1', customerId: 'c1', customerUsername: 'acme', currency: 'CNY', amount: '1000.00', paymentChannel: 'bank', outTradeNo: 'ICBC-20261125-01',
    voucher: VOUCHER, status: 'pending', createBy: 'acme', createTime: '2026-11-25T01:00:00Z',
  },
  {
    id: 'r2', customerId: 'c1', customerUsername: 'acme', currency: 'USD', amount: '50.00', paymentChannel: 'sandbox', outTradeNo: 'SBX123',
    voucher: null, status: 'pending', createBy: 'acme', createTime: '2026-11-25T02:00:00Z',
  },
  {
    id: 'r3', customerId: 'c2', customerUsername: 'beta', currency: 'JPY', amount: '3000', paymentChannel: 'bank', outTradeNo: 'MUFG-9',
    voucher: VOUCHER, status: 'rejected', reason: '凭证金额不符', createBy: 'beta', createTime: '2026-11-24T02:00:00Z', reviewBy: 'finance', reviewTime: '2026-11-24T03:00:00Z',
  },
  {
    id: 'r4', customerId: 'c2', customerUsername: 'beta', currency: 'CNY', amount: '200.00', paymentChannel: 'bank', outTradeNo: 'BOC-7',
    voucher: VOUCHER, status: 'confirmed', tradeNo: 'T202611240001', createBy: 'beta', createTime: '2026-11-24T01:00:00Z', reviewBy: 'finance', reviewTime: '2026-11-24T04:00:00Z',
  },
];

const LIST = '/logistics/wallet/recharge/list';
const server = (extra: FakeRoutes = {}) => fakeServer({ [`GET ${LIST}`]: paged(RECHARGES), ...extra });
const REVIEWER = ['logistics:wallet:recharge:list', 'logistics:wallet:recharge:confirm', 'logistics:wallet:recharge:reject'];

const asCustomer = () => setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
const asStaff = () => setUserInfo(testUser({ id: 's1', username: 'finance', userKind: 'staff' }));

const keyOf = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string, index = -1) => new Headers(calls(fetchMock, method, path).at(index)?.[1]?.headers).get('Idempotency-Key');

async function openForm() {
  fireEvent.click(await screen.findByTestId('recharge-add'));
  return screen.findByTestId('recharge-form');
}

const chooseChannel = (dialog: HTMLElement, channel: 'bank' | 'sandbox') =>
  fireEvent.click(within(within(dialog).getByTestId(`recharge-channel-${channel}`)).getByRole('radio', { hidden: true }));

describe('recharges: customers', () => {
  test('lists the customer’s recharges with coloured states; no review actions', async () => {
    asCustomer();
    const fetchMock = openPage(<RechargeListPage />, server(), 'logistics:wallet:recharge:list', 'logistics:wallet:recharge:add');
    const rows = await screen.findAllByTestId('recharge-table-row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByTestId('recharge-amount-cell').textContent).toBe('1,000.00 CNY');
    expect(within(rows[2]!).getByTestId('recharge-amount-cell').textContent).toBe('3,000 JPY');
    expect(rows.map((row) => within(row).getByTestId('recharge-status').textContent)).toEqual(['待审核', '待审核', '已驳回', '已入账']);
    expect(rows[2]!.textContent).toContain('凭证金额不符');
    // The sandbox recharge still pending can be paid; nothing is reviewed by a customer.
    expect(within(rows[1]!).getByTestId('recharge-pay')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('recharge-pay')).toBeNull();
    expectAbsent('recharge-confirm', 'recharge-reject', 'recharge-quick-pending');
    expect(screen.queryByRole('columnheader', { name: '客户' })).toBeNull();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
  });

  test('without the add permission there is no recharge button', async () => {
    asCustomer();
    openPage(<RechargeListPage />, server(), 'logistics:wallet:recharge:list');
    expect(await screen.findAllByTestId('recharge-table-row')).toHaveLength(4);
    expectAbsent('recharge-add', 'recharge-pay');
  });

  test('the form checks the amount with core and wants the reference and voucher of a bank transfer', async () => {
    asCustomer();
    const fetchMock = openPage(<RechargeListPage />, server(), 'logistics:wallet:recharge:list', 'logistics:wallet:recharge:add');
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByTestId('recharge-form-submit'));
    expect((await within(dialog).findByTestId('recharge-amount-error')).textContent).toBe(amountIssue('', 'CNY', 'zh-CN'));
    expect(within(dialog).getByTestId('recharge-out-trade-no-error').textContent).toBe('请输入付款参考号');
    expect(within(dialog).getByTestId('recharge-voucher-error').textContent).toBe('请上传付款凭证');

    fill({ 'recharge-amount': '10.005' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('recharge-amount-error').textContent).toBe(amountIssue('10.005', 'CNY', 'zh-CN')));
    fill({ 'recharge-amount': '-5' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('recharge-amount-error').textContent).toBe('金额不能为负数!'));
    // Yen have no minor unit: the currency decides the places.
    fill({ 'recharge-amount': '1.5', 'recharge-currency': 'JPY' }, dialog);
    await waitFor(() => expect(within(dialog).getByTestId('recharge-amount-error').textContent).toBe(amountIssue('1.5', 'JPY', 'zh-CN')));
    fill({ 'recharge-currency': 'USD' }, dialog);
    await waitFor(() => expect(within(dialog).queryByTestId('recharge-amount-error')?.textContent ?? '').toBe(''));

    // A sandbox payment needs neither.
    chooseChannel(dialog, 'sandbox');
    await waitFor(() => expect(within(dialog).queryByTestId('recharge-voucher-upload')).toBeNull());
    expect(within(dialog).getByTestId('recharge-sandbox-hint')).toBeTruthy();
    expect(within(dialog).queryByTestId('recharge-out-trade-no')).toBeNull();
    expect(calls(fetchMock, 'POST', '/logistics/wallet/recharge/add')).toHaveLength(0);
  });

  test('a bank transfer uploads its voucher and is sent with an Idempotency-Key', async () => {
    asCustomer();
    const fetchMock = openPage(
      <RechargeListPage />,
      server({
        'POST /sys/common/upload': { message: VOUCHER, result: { url: VOUCHER } },
        'POST /logistics/wallet/recharge/add': { message: '充值申请已提交，等待审核', result: { ...RECHARGES[0], id: 'r9' } },
      }),
      'logistics:wallet:recharge:list',
      'logistics:wallet:recharge:add',
    );
    const dialog = await openForm();
    const input = within(dialog).getByTestId('recharge-voucher-input');
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' })] } });
    expect((await within(dialog).findByTestId('recharge-voucher-error')).textContent).toBe('付款凭证不能超过 5 MB');
    expect(calls(fetchMock, 'POST', '/sys/common/upload')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'receipt.png', { type: 'image/png' })] } });
    const link = await within(dialog).findByTestId('recharge-voucher-link');
    expect(link.getAttribute('href')).toBe(VOUCHER);
    const upload = calls(fetchMock, 'POST', '/sys/common/upload')[0]?.[1]?.body as FormData;
    expect(upload.get('biz')).toBe('voucher');
    expect((upload.get('file') as File).name).toBe('receipt.png');

    fill({ 'recharge-amount': '1000.00', 'recharge-out-trade-no': ' ICBC-20261125-01 ', 'recharge-remark': '十一月预存' }, dialog);
    fireEvent.click(within(dialog).getByTestId('recharge-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/recharge/add')).toEqual({
      currency: 'CNY',
      amount: '1000.00',
      paymentChannel: 'bank',
      outTradeNo: 'ICBC-20261125-01',
      voucher: VOUCHER,
      remark: '十一月预存',
    });
    expect(keyOf(fetchMock, 'POST', '/logistics/wallet/recharge/add')).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('充值申请已提交，等待审核')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('recharge-form')).toBeNull());
    expectAbsent('recharge-pay-dialog');
  });

  test('a sandbox recharge is offered "Pay now" right after it was submitted', async () => {
    asCustomer();
    const fetchMock = openPage(
      <RechargeListPage />,
      server({
        'POST /logistics/wallet/recharge/add': { message: '充值申请已提交', result: { ...RECHARGES[1], id: 'r8', amount: '88.00', outTradeNo: 'SBXNEW' } },
        'POST /logistics/wallet/sandbox/pay': { message: '支付成功', result: { credited: true } },
      }),
      'logistics:wallet:recharge:list',
      'logistics:wallet:recharge:add',
    );
    const dialog = await openForm();
    fill({ 'recharge-currency': 'USD', 'recharge-amount': '88' }, dialog);
    chooseChannel(dialog, 'sandbox');
    await within(dialog).findByTestId('recharge-sandbox-hint');
    fireEvent.click(within(dialog).getByTestId('recharge-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/recharge/add')).toEqual({ currency: 'USD', amount: '88', paymentChannel: 'sandbox', remark: null });

    const pay = await screen.findByTestId('recharge-pay-dialog');
    expect(within(pay).getByTestId('recharge-pay-amount').textContent).toBe('88.00 USD');
    expect(pay.textContent).toContain('SBXNEW');
    const listCalls = calls(fetchMock, 'GET', LIST).length;
    fireEvent.click(within(pay).getByTestId('recharge-pay-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/sandbox/pay')).toEqual({ id: 'r8' });
    expect(await screen.findByText('付款成功，已入账')).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, 'GET', LIST).length).toBeGreaterThan(listCalls));
  });

  test('?add=<currency> (the payment account cards) opens the form in that currency', async () => {
    asCustomer();
    server();
    grant('logistics:wallet:recharge:list', 'logistics:wallet:recharge:add');
    renderPage(<RechargeListPage />, '/logistics/recharge?add=JPY');
    const dialog = await screen.findByTestId('recharge-form');
    expect((within(dialog).getByTestId('recharge-currency') as HTMLSelectElement).value).toBe('JPY');
  });
});

describe('recharges: staff review', () => {
  test('pending rows have Confirm and Reject by permission; the quick filter makes the review queue', async () => {
    asStaff();
    const fetchMock = openPage(<RechargeListPage />, server(), ...REVIEWER);
    const rows = await screen.findAllByTestId('recharge-table-row');
    expect(within(rows[0]!).getByTestId('recharge-confirm')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('recharge-reject')).toBeTruthy();
    expect(within(rows[2]!).queryByTestId('recharge-confirm')).toBeNull();
    expect(within(rows[3]!).queryByTestId('recharge-reject')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '客户' })).toBeTruthy();
    expectAbsent('recharge-add', 'recharge-pay');
    // How many wait for review (the fake list answers 4 whatever it is asked).
    expect((await screen.findByTestId('recharge-pending-count')).textContent).toBe('4');
    // Nothing filtered at first.
    expect(urlOf(fetchMock, 'GET', LIST, 0).searchParams.get('status')).toBeNull();
    fireEvent.click(screen.getByTestId('recharge-quick-pending'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('status')).toBe('pending'));
    expect((screen.getByTestId('recharge-search-status') as HTMLSelectElement).value).toBe('pending');
  });

  test('the review queue, once empty, says so', async () => {
    asStaff();
    openPage(<RechargeListPage />, fakeServer({ [`GET ${LIST}`]: (_, url) => paged(url.searchParams.get('status') === 'pending' ? [] : RECHARGES.slice(2)) }), ...REVIEWER);
    expect(await screen.findAllByTestId('recharge-table-row')).toHaveLength(2);
    expectAbsent('recharge-pending-count');
    fireEvent.click(screen.getByTestId('recharge-quick-pending'));
    expect((await screen.findByTestId('recharge-queue-empty')).textContent).toContain('没有待审核的充值');
  });

  test('only the confirm permission: no Reject button', async () => {
    asStaff();
    openPage(<RechargeListPage />, server(), 'logistics:wallet:recharge:list', 'logistics:wallet:recharge:confirm');
    const row = await rowOf('ICBC-20261125-01');
    expect(within(row).getByTestId('recharge-confirm')).toBeTruthy();
    expect(within(row).queryByTestId('recharge-reject')).toBeNull();
  });

  test('Confirm shows what is credited, then posts it once with an Idempotency-Key (kept for a retry)', async () => {
    asStaff();
    let answer: FakeAnswer = { status: 500, message: '数据库繁忙' };
    const fetchMock = openPage(<RechargeListPage />, server({ 'POST /logistics/wallet/recharge/confirm': () => answer }), ...REVIEWER);
    fireEvent.click(within(await rowOf('ICBC-20261125-01')).getByTestId('recharge-confirm'));
    const dialog = await screen.findByTestId('recharge-confirm-dialog');
    const summary = within(dialog).getByTestId('recharge-confirm-summary');
    expect(summary.textContent).toContain('acme');
    expect(within(summary).getByTestId('recharge-summary-amount').textContent).toBe('1,000.00 CNY');
    expect(summary.textContent).toContain('ICBC-20261125-01');
    expect(within(summary).getByTestId('recharge-summary-voucher').getAttribute('href')).toBe(VOUCHER);
    expect(within(summary).getByTestId('recharge-summary-voucher').getAttribute('target')).toBe('_blank');
    expect(calls(fetchMock, 'POST', '/logistics/wallet/recharge/confirm')).toHaveLength(0);

    await confirmAndWait('recharge-confirm-dialog', fetchMock, 'POST', '/logistics/wallet/recharge/confirm');
    expect(bodyOf(fetchMock, 'POST', '/logistics/wallet/recharge/confirm')).toEqual({ id: 'r1' });
    const key = keyOf(fetchMock, 'POST', '/logistics/wallet/recharge/confirm');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // The failure left the confirmation open: confirming again reuses the key.
    answer = { message: '已确认入账', result: { tradeNo: 'T202611250009', currency: 'CNY', balance: '2234.50', held: '0.00' } };
    await confirmAndWait('recharge-confirm-dialog', fetchMock, 'POST', '/logistics/wallet/recharge/confirm', 2);
    expect(keyOf(fetchMock, 'POST', '/logistics/wallet/recharge/confirm')).toBe(key);
    expect(await screen.findByText('已确认入账')).toBeTruthy();
    expect(await screen.findByText('交易流水号 T202611250009，当前余额 2,234.50 CNY')).toBeTruthy();

    // Another confirmation is another key.
    fireEvent.click(within(await rowOf('SBX123')).getByTestId('recharge-confirm'));
    await waitFor(() => expect(screen.getByTestId('recharge-confirm-summary').textContent).toContain('SBX123'));
    await confirmAndWait('recharge-confirm-dialog', fetchMock, 'POST', '/logistics/wallet/recharge/confirm', 3);
    expect(bodyOf(fetchMock, 'POST', '/logistics/wallet/recharge/confirm')).toEqual({ id: 'r2' });
    expect(keyOf(fetchMock, 'POST', '/logistics/wallet/recharge/confirm')).not.toBe(key);
  });

  test('Reject needs a reason and sends it', async () => {
    asStaff();
    const fetchMock = openPage(<RechargeListPage />, server({ 'POST /logistics/wallet/recharge/reject': { message: '充值单已驳回', result: { ...RECHARGES[0], status: 'rejected' } } }), ...REVIEWER);
    fireEvent.click(within(await rowOf('ICBC-20261125-01')).getByTestId('recharge-reject'));
    const dialog = await screen.findByTestId('recharge-reject-form');
    expect(within(dialog).getByTestId('recharge-reject-summary').textContent).toContain('ICBC-20261125-01');
    fireEvent.click(within(dialog).getByTestId('recharge-reject-form-submit'));
    expect((await within(dialog).findByTestId('recharge-reject-reason-error')).textContent).toBe('请填写驳回原因');
    expect(calls(fetchMock, 'POST', '/logistics/wallet/recharge/reject')).toHaveLength(0);
    fill({ 'recharge-reject-reason': '未收到款项' }, dialog);
    fireEvent.click(within(dialog).getByTestId('recharge-reject-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/wallet/recharge/reject')).toEqual({ id: 'r1', reason: '未收到款项' });
    expect(new Headers(calls(fetchMock, 'POST', '/logistics/wallet/recharge/reject')[0]?.[1]?.headers).get('Idempotency-Key')).toBeNull();
    expect(await screen.findByText('充值单已驳回')).toBeTruthy();
  });

  test('filters go to the list call, days as they are typed', async () => {
    asStaff();
    const fetchMock = openPage(<RechargeListPage />, server(), ...REVIEWER);
    await screen.findAllByTestId('recharge-table-row');
    fill({ 'recharge-search-channel': 'bank', 'recharge-search-currency': 'CNY', 'recharge-search-out-trade-no': 'ICBC', 'recharge-search-begin': '2026-11-01', 'recharge-search-end': '2026-11-30' });
    fireEvent.click(screen.getByTestId('recharge-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('createTime_end')).toBe('2026-11-30'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect(url.searchParams.get('createTime_begin')).toBe('2026-11-01');
    expect(url.searchParams.get('paymentChannel')).toBe('bank');
    expect(url.searchParams.get('currency')).toBe('CNY');
    expect(url.searchParams.get('outTradeNo')).toBe('ICBC');
  });
});
