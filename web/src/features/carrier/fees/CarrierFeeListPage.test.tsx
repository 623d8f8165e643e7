import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { setToken } from '../../../lib/session';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmDeleteSends, expectAbsent, expectFirstSort, fill, fillAndSubmit, openDialog, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import type { MarginRow } from './api';
import CarrierFeeListPage, { serialNumbersOf } from './CarrierFeeListPage';
import { currentMonth } from './MarginReport';
import { fromMinor, marginRate, marginTotals, toMinor } from './money';

const LIST = '/logistics/carrierFee/list';
const MARGIN = '/logistics/carrierFee/margin';
const MARGIN_XLS = '/logistics/carrierFee/marginXls';
const PERMISSION = 'logistics:carrierFee';

const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', title: '敦豪', status: 1 },
  { id: 's2', code: 'UPS', name: '联合包裹', title: '联合包裹', status: 1 },
];
const fee = (fields: Record<string, unknown>) => ({
  shipmentId: `sh-${String(fields.id)}`, customerId: 'u1', channelProductId: 'p1', charged: null, chargedCurrency: null, margin: null, marginRate: null,
  manifestId: null, remark: null, createBy: 'admin', createTime: '2026-02-10T02:00:00Z', ...fields,
});
const FEES = [
  fee({ id: 'f1', serialNumber: 'SN0001', supplierId: 's1', amount: '80.00', currency: 'CNY', charged: '100.00', chargedCurrency: 'CNY', margin: '20.00', marginRate: '20.00', source: 'adapter', manifestId: 'm1', createBy: 'system' }),
  fee({ id: 'f2', serialNumber: 'SN0002', supplierId: 's2', amount: '120.50', currency: 'CNY', charged: '100.00', chargedCurrency: 'CNY', margin: '-20.50', marginRate: '-20.50', source: 'manual', remark: '燃油附加费上调' }),
  fee({ id: 'f3', serialNumber: 'SN0003', supplierId: 's1', amount: '1200', currency: 'JPY', charged: '10.00', chargedCurrency: 'USD', source: 'manual' }),
];

/** Two CNY rows whose costs are 0.10 and 0.20 (a float sum is 0.30000000000000004), one loss among them, and a JPY row. */
const MARGINS: MarginRow[] = [
  { key: 's1', name: 'DHL · 敦豪', currency: 'CNY', shipments: 2, charged: '0.30', cost: '0.10', margin: '0.20', marginRate: '66.67' },
  { key: 's2', name: 'UPS · 联合包裹', currency: 'CNY', shipments: 1, charged: '0.10', cost: '0.20', margin: '-0.10', marginRate: '-100.00' },
  { key: 's1', name: 'DHL · 敦豪', currency: 'JPY', shipments: 1, charged: '1500', cost: '1200', margin: '300', marginRate: '20.00' },
];
const BY_CUSTOMER: MarginRow[] = [{ key: 'u1', name: 'acme – 艾克米', currency: 'CNY', shipments: 3, charged: '0.40', cost: '0.30', margin: '0.10', marginRate: '25.00' }];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    'GET /logistics/priceLevel/customers': { result: [] },
    'GET /logistics/channelProduct/list': paged([]),
    [`GET ${LIST}`]: paged(FEES),
    [`GET ${MARGIN}`]: (_body, url) => ({ result: url.searchParams.get('groupBy') === 'customer' ? BY_CUSTOMER : url.searchParams.get('supplierId') === 'none' ? [] : MARGINS }),
    ...extra,
  });
}

/** The colour the page's style rules give `element` (jsdom's computed style resolves none of them), e.g. `var(--chakra-colors-fg-error)`. */
function colorOf(element: Element): string {
  let color = '';
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule) || !rule.style.color) continue;
      try {
        if (element.matches(rule.selectorText)) color = rule.style.color;
      } catch {
        // A selector jsdom cannot match (a pseudo-element): not this element's.
      }
    }
  }
  return color;
}

/** A call's query without the cache buster (`_t`). */
const queryOf = (url: URL) => Object.fromEntries([...url.searchParams].filter(([name]) => name !== '_t'));

/** The messages under the fields named (`carrier-fee-…-error`). */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`carrier-fee-${field}-error`)?.textContent ?? '');

/** Opens the margin tab and waits for its first rows. */
async function openMargins() {
  fireEvent.click(await screen.findByTestId('carrier-fee-tab-margins'));
  return screen.findAllByTestId('carrier-fee-margin-row');
}

const totalOf = (currency: string) => screen.getAllByTestId('carrier-fee-margin-total').find((row) => row.dataset.currency === currency)!;
const figure = (row: HTMLElement, name: string) => within(row).getByTestId(`carrier-fee-margin-total-${name}`).textContent;

describe('exact money of the margin report', () => {
  test('decimal text is read into minor units and back, never through a float', () => {
    expect([toMinor('0.10', 2), toMinor('-12.34', 2), toMinor('300', 0), toMinor('1.5', 2), toMinor('0.100', 2)]).toEqual([10n, -1234n, 300n, 150n, 10n]);
    expect([toMinor('0.125', 2), toMinor('0.5', 0), toMinor('abc', 2)]).toEqual([undefined, undefined, undefined]);
    expect([fromMinor(30n, 2), fromMinor(-5n, 2), fromMinor(1500n, 0), fromMinor(10000000000001n, 2)]).toEqual(['0.30', '-0.05', '1500', '100000000000.01']);
  });

  test('totals per currency are exact: 0.10 + 0.20 = 0.30; JPY has no places', () => {
    expect(marginTotals(MARGINS)).toEqual([
      { currency: 'CNY', shipments: 3, charged: '0.40', cost: '0.30', margin: '0.10', marginRate: '25.00' },
      { currency: 'JPY', shipments: 1, charged: '1500', cost: '1200', margin: '300', marginRate: '20.00' },
    ]);
    const big = { key: 'x', name: 'x', currency: 'USD', shipments: 1, charged: '99999999999.99', cost: '0.00', margin: '99999999999.99', marginRate: '100.00' };
    expect(marginTotals([big, { ...big, charged: '0.01', margin: '0.01' }])[0]).toMatchObject({ charged: '100000000000.00', margin: '100000000000.00' });
    expect(marginTotals([])).toEqual([]);
  });

  test('the totals’ rate is core’s: two places, half away from zero; none when nothing was charged', () => {
    expect([marginRate(2_500n, 10_000n), marginRate(1n, 3n), marginRate(2n, 3n), marginRate(1n, 8n), marginRate(-250n, 1_000n), marginRate(-1n, 3n)]).toEqual(['25.00', '33.33', '66.67', '12.50', '-25.00', '-33.33']);
    expect(marginRate(-500n, 0n)).toBeUndefined();
  });

  test('pasted order numbers are split as the server splits them, each once', () => {
    expect(serialNumbersOf(' SN1\nSN2,SN3；SN4;SN5，SN1  ')).toEqual(['SN1', 'SN2', 'SN3；SN4', 'SN5']);
    expect(serialNumbersOf('')).toEqual([]);
  });
});

describe('carrier fees', () => {
  test('each order’s cost beside its charge; the margin green, a loss red, none across two currencies; buttons follow the codes', async () => {
    const fetchMock = openPage(<CarrierFeeListPage />, server(), `${PERMISSION}:list`);
    const rated = await rowOf('SN0001');
    await waitFor(() => expect(within(rated).getByText('敦豪')).toBeTruthy());
    expect(within(rated).getByText('80.00', { exact: false })).toBeTruthy();
    expect(within(rated).getByText('承运商计费')).toBeTruthy();
    const gain = within(rated).getByTestId('carrier-fee-margin');
    expect([gain.dataset.tone, gain.textContent]).toEqual(['gain', '20.00 CNY20.00%']);

    const loss = within(await rowOf('SN0002')).getByTestId('carrier-fee-margin');
    expect([loss.dataset.tone, loss.textContent]).toEqual(['loss', '-20.50 CNY-20.50%']);
    expect(colorOf(within(loss).getByText('-20.50%'))).toContain('fg-error');
    expect(colorOf(within(gain).getByText('20.00%'))).toContain('fg-success');
    expect(within(await rowOf('SN0002')).getByText('人工录入')).toBeTruthy();

    const otherCurrency = within(await rowOf('SN0003')).getByTestId('carrier-fee-no-margin');
    expect(otherCurrency.getAttribute('title')).toBe('客户以 USD 收费：不同币种不计算毛利');
    expect(within(await rowOf('SN0003')).getByText('1,200', { exact: false })).toBeTruthy();

    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
    expectAbsent('carrier-fee-add', 'carrier-fee-edit', 'carrier-fee-delete', 'carrier-fee-export', 'row-checkbox');
  });

  test('order numbers pasted in bulk, carrier, source and days go to the server; more than 500 numbers are refused', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<CarrierFeeListPage />, server(), `${PERMISSION}:list`, `${PERMISSION}:export`);
    await rowOf('SN0001');
    expect(screen.getByTestId('carrier-fee-export')).toBeTruthy();
    await pickOption(screen.getByTestId('carrier-fee-search-supplier'), 'UPS · 联合包裹', 's2');
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('supplierId')).toBe('s2'));

    // A column pasted from a sheet: its line breaks become spaces.
    const numbers = screen.getByTestId('carrier-fee-search-numbers');
    fireEvent.paste(numbers, { clipboardData: { getData: () => 'SN0001\nSN0002\r\nSN0003\n' } });
    expect((numbers as HTMLInputElement).value).toBe('SN0001 SN0002 SN0003');
    expect(screen.getByTestId('carrier-fee-search-numbers-count').textContent).toBe('3 order numbers');
    search('carrier-fee-search', { 'carrier-fee-search-source': 'manual', 'carrier-fee-search-from': '2026-02-01', 'carrier-fee-search-to': '2026-02-28' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('serialNumbers')).toBe('SN0001 SN0002 SN0003'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect([url.searchParams.get('source'), url.searchParams.get('createTime_begin'), url.searchParams.get('createTime_end'), url.searchParams.get('supplierId')]).toEqual(['manual', '2026-02-01', '2026-02-28', 's2']);

    const asked = calls(fetchMock, 'GET', LIST).length;
    fill({ 'carrier-fee-search-numbers': Array.from({ length: 501 }, (_, index) => `SN${index}`).join(' ') });
    expect(screen.getByTestId('carrier-fee-search-numbers-error').textContent).toBe('At most 500 order numbers at a time (501 pasted)');
    fireEvent.click(screen.getByTestId('carrier-fee-search-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, 'GET', LIST)).toHaveLength(asked);
  });

  test('a new fee names its order; the cost is checked in the currency’s places; the server’s 409 shows under the order; the body is what the form says', async () => {
    let taken = true;
    const fetchMock = openPage(
      <CarrierFeeListPage />,
      server({
        'POST /logistics/carrierFee/add': () =>
          taken ? { status: 409, message: '该订单已有承运商费用，请编辑它!', result: { field: 'serialNumber', key: 'fee_exists' } } : { message: '添加成功！', result: FEES[2] },
      }),
      `${PERMISSION}:list`,
      `${PERMISSION}:add`,
    );
    await rowOf('SN0001');
    const dialog = await openDialog('carrier-fee-add', 'carrier-fee-form');
    expect((within(dialog).getByTestId('carrier-fee-currency') as HTMLSelectElement).value).toBe('CNY');
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(errorsOf(dialog, 'serial-number', 'amount')).toEqual(['请输入系统单号', '请输入承运商成本']));

    fillAndSubmit(dialog, { 'carrier-fee-serial-number': ' SN0001 ', 'carrier-fee-amount': '12.345' });
    await waitFor(() => expect(errorsOf(dialog, 'amount')).toEqual(['金额最多保留2位小数!']));
    // JPY has no minor unit: the amount is checked again as the currency changes.
    fill({ 'carrier-fee-amount': '1200.5' }, dialog);
    fireEvent.change(within(dialog).getByTestId('carrier-fee-currency'), { target: { value: 'JPY' } });
    await waitFor(() => expect(errorsOf(dialog, 'amount')[0]).not.toBe(''));
    expect(calls(fetchMock, 'POST', '/logistics/carrierFee/add')).toHaveLength(0);

    fillAndSubmit(dialog, { 'carrier-fee-amount': '1200', 'carrier-fee-remark': ' 按账单补录 ' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/carrierFee/add')).toEqual({ serialNumber: 'SN0001', amount: '1200', currency: 'JPY', remark: '按账单补录' });
    expect((await within(dialog).findByTestId('carrier-fee-serial-number-error')).textContent).toBe('该订单已有承运商费用，请编辑它!');

    taken = false;
    fillAndSubmit(dialog, { 'carrier-fee-serial-number': 'SN0009', 'carrier-fee-amount': '0' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/carrierFee/add', 2)).toEqual({ serialNumber: 'SN0009', amount: '0', currency: 'JPY', remark: '按账单补录' });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('carrier-fee-form')).toBeNull());
  }, 20_000);

  test('a correction keeps the order and sends the fee by id; a 400 names its field', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    let refuse = true;
    const fetchMock = openPage(
      <CarrierFeeListPage />,
      server({ 'PUT /logistics/carrierFee/edit': () => (refuse ? { status: 400, message: 'Amount is too large!', result: { field: 'amount' } } : { message: 'Saved!', result: FEES[1] }) }),
      `${PERMISSION}:list`,
      `${PERMISSION}:edit`,
    );
    const dialog = await openDialog('carrier-fee-edit', 'carrier-fee-form', await rowOf('SN0002'));
    expect(within(dialog).getByText('Correct the fee of SN0002')).toBeTruthy();
    expect(within(dialog).queryByTestId('carrier-fee-serial-number')).toBeNull();
    expect((within(dialog).getByTestId('carrier-fee-amount') as HTMLInputElement).value).toBe('120.50');
    fillAndSubmit(dialog, { 'carrier-fee-amount': '118' });
    expect((await within(dialog).findByTestId('carrier-fee-amount-error')).textContent).toBe('Amount is too large!');
    expect(await sentBody(fetchMock, 'PUT', '/logistics/carrierFee/edit')).toEqual({ id: 'f2', amount: '118', currency: 'CNY', remark: '燃油附加费上调' });
    refuse = false;
    fillAndSubmit(dialog, { 'carrier-fee-amount': '118.00', 'carrier-fee-remark': '' });
    expect(await sentBody(fetchMock, 'PUT', '/logistics/carrierFee/edit', 2)).toEqual({ id: 'f2', amount: '118.00', currency: 'CNY', remark: null });
    await waitFor(() => expect(screen.queryByTestId('carrier-fee-form')).toBeNull());
  }, 15_000);

  test('delete asks first, naming the order', async () => {
    const fetchMock = openPage(<CarrierFeeListPage />, server({ 'DELETE /logistics/carrierFee/delete': { message: '删除成功!' } }), `${PERMISSION}:list`, `${PERMISSION}:delete`);
    await openDialog('carrier-fee-delete', 'carrier-fee-delete-confirm', await rowOf('SN0003'));
    await confirmDeleteSends(fetchMock, 'carrier-fee-delete-confirm', 'SN0003', '/logistics/carrierFee/delete', { id: 'f3' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });
});

describe('margins', () => {
  beforeEach(() => {
    // Only the clock: the page's waits keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 1, 14, 10, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  test('the period defaults to the current month', () => {
    expect(currentMonth(new Date(2026, 1, 14))).toEqual({ createTime_begin: '2026-02-01', createTime_end: '2026-02-28' });
    expect(currentMonth(new Date(2024, 11, 31))).toEqual({ createTime_begin: '2024-12-01', createTime_end: '2024-12-31' });
  });

  test('asks for the current month by carrier; the grouping, the period and the carrier go to the server as chosen', async () => {
    const fetchMock = openPage(<CarrierFeeListPage />, server(), `${PERMISSION}:list`);
    await rowOf('SN0001');
    expect(calls(fetchMock, 'GET', MARGIN)).toHaveLength(0);
    expect(await openMargins()).toHaveLength(3);
    const first = urlOf(fetchMock, 'GET', MARGIN);
    expect(queryOf(first)).toEqual({ groupBy: 'supplier', createTime_begin: '2026-02-01', createTime_end: '2026-02-28' });
    expect(screen.getAllByTestId('carrier-fee-margin-row')[0].textContent).toContain('DHL · 敦豪');
    expectAbsent('carrier-fee-margin-export');

    fireEvent.click(within(screen.getByTestId('carrier-fee-margin-group')).getByText('客户'));
    await waitFor(() => expect(screen.getAllByTestId('carrier-fee-margin-row').map((row) => row.dataset.key)).toEqual(['u1']));
    expect(urlOf(fetchMock, 'GET', MARGIN).searchParams.get('groupBy')).toBe('customer');
    expect(within(screen.getByTestId('carrier-fee-margin-table')).getByRole('columnheader', { name: '客户' })).toBeTruthy();

    fireEvent.change(screen.getByTestId('carrier-fee-margin-begin'), { target: { value: '2026-01-01' } });
    await pickOption(screen.getByTestId('carrier-fee-margin-supplier'), 'DHL · 敦豪', 's1');
    await waitFor(() => expect(urlOf(fetchMock, 'GET', MARGIN).searchParams.get('supplierId')).toBe('s1'));
    expect(queryOf(urlOf(fetchMock, 'GET', MARGIN))).toEqual({ groupBy: 'customer', createTime_begin: '2026-01-01', createTime_end: '2026-02-28', supplierId: 's1' });

    // A period that ends before it starts is not asked for.
    const asked = calls(fetchMock, 'GET', MARGIN).length;
    fireEvent.change(screen.getByTestId('carrier-fee-margin-end'), { target: { value: '2025-12-31' } });
    expect(await screen.findByText('结束日期早于开始日期')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, 'GET', MARGIN)).toHaveLength(asked);
  });

  test('each currency’s totals are exact (0.10 + 0.20 = 0.30); a loss is red, a gain green; rates read "12.50%"', async () => {
    openPage(<CarrierFeeListPage />, server(), `${PERMISSION}:list`);
    const rows = await openMargins();
    const loss = within(rows[1]).getByTestId('carrier-fee-margin-amount');
    expect([loss.dataset.tone, loss.textContent]).toEqual(['loss', '-0.10 CNY']);
    expect(colorOf(within(loss).getByText('-0.10'))).toContain('fg-error');
    expect(within(rows[1]).getByTestId('carrier-fee-margin-rate').textContent).toBe('-100.00%');
    expect(colorOf(within(rows[1]).getByTestId('carrier-fee-margin-rate'))).toContain('fg-error');
    const gain = within(rows[0]).getByTestId('carrier-fee-margin-amount');
    expect([gain.dataset.tone, colorOf(within(gain).getByText('0.20'))]).toEqual(['gain', expect.stringContaining('fg-success')]);

    const cny = totalOf('CNY');
    expect([figure(cny, 'shipments'), figure(cny, 'charged'), figure(cny, 'cost'), figure(cny, 'margin'), figure(cny, 'marginRate')]).toEqual(['3', '0.40 CNY', '0.30 CNY', '0.10 CNY', '25.00%']);
    expect(cny.textContent).toContain('合计 CNY');
    const jpy = totalOf('JPY');
    expect([figure(jpy, 'charged'), figure(jpy, 'cost'), figure(jpy, 'margin'), figure(jpy, 'marginRate')]).toEqual(['1,500 JPY', '1,200 JPY', '300 JPY', '20.00%']);
  });

  test('nothing in the period: an empty state; a refusal says why', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    openPage(<CarrierFeeListPage />, server({ [`GET ${MARGIN}`]: (_body, url) => (url.searchParams.get('supplierId') === 's2' ? { status: 400, message: 'The period is not valid!' } : { result: [] }) }), `${PERMISSION}:list`);
    fireEvent.click(await screen.findByTestId('carrier-fee-tab-margins'));
    expect((await screen.findByTestId('carrier-fee-margin-empty')).textContent).toContain('No carrier fees in this period');
    expect(screen.queryByTestId('carrier-fee-margin-total')).toBeNull();
    await pickOption(screen.getByTestId('carrier-fee-margin-supplier'), 'UPS · 联合包裹', 's2');
    expect((await screen.findByTestId('carrier-fee-margin-error')).textContent).toContain('The period is not valid!');
  });

  test('Export downloads the report with the same query, saved as margins.xlsx', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:margins');
    URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = openPage(
      <CarrierFeeListPage />,
      server({ [`GET ${MARGIN_XLS}`]: new Response('PK', { headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }) }),
      `${PERMISSION}:list`,
      `${PERMISSION}:export`,
    );
    setToken('tok-1');
    await openMargins();
    fireEvent.click(within(screen.getByTestId('carrier-fee-margin-group')).getByText('渠道产品'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', MARGIN).searchParams.get('groupBy')).toBe('channelProduct'));
    await pickOption(screen.getByTestId('carrier-fee-margin-supplier'), 'UPS · 联合包裹', 's2');
    fireEvent.click(screen.getByTestId('carrier-fee-margin-export'));
    await waitFor(() => expect(saved).toEqual(['margins.xlsx']));
    const url = urlOf(fetchMock, 'GET', MARGIN_XLS);
    expect(queryOf(url)).toEqual({ groupBy: 'channelProduct', createTime_begin: '2026-02-01', createTime_end: '2026-02-28', supplierId: 's2', token: 'tok-1' });
  });
});
