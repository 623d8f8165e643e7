import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, fill, fillAndSubmit, grant, openDialog, openPage, pickOption, sentBody, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import { distinctRateCards, type ChannelProductRecord } from './api';
import ChannelProductListPage from './ChannelProductListPage';
import { errorPath } from './form';

const CHANNELS = [{ id: 'c1', supplierId: 's1', code: 'DHL-EXP', name: 'DHL 快递', title: 'DHL 快递', status: 1 }];
const RATE_CARDS = [
  { id: 'r1', code: 'EU-STD', name: '欧洲标准 2025', currency: 'USD', effectiveFrom: '2025-01-01', state: 'superseded' },
  { id: 'r2', code: 'EU-STD', name: '欧洲标准 2026', currency: 'USD', effectiveFrom: '2026-01-01', state: 'current' },
  { id: 'r3', code: 'US-FAST', name: '美国快线', currency: 'USD', effectiveFrom: '2026-03-01', state: 'scheduled' },
];
const PRODUCT: ChannelProductRecord = {
  id: 'p1',
  channelId: 'c1',
  channelCode: 'DHL-EXP',
  channelName: 'DHL 快递',
  code: 'EU-PARCEL',
  name: '欧洲小包',
  nameEn: 'EU Parcel',
  title: '欧洲小包',
  tradeType: 'B2C',
  transType: 'express',
  pushMethod: 'api',
  labelType: 'pdf',
  deductMethod: null,
  izSubsist: false,
  izSingle: true,
  izMult: false,
  izEnable: true,
  feeId: 'EU-STD',
  thWeightRatio: 6000,
  remark: null,
  createTime: '2026-01-01 10:00:00',
  rules: [
    { validType: 'weight', min: null, max: '30' },
    { validType: 'pieces', min: '1', max: '5' },
  ],
  postalRules: [{ country: 'US', postalCode: '99*', allow: false, remark: 'Alaska' }],
};

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/channel/list': { result: { records: CHANNELS, total: 1 } },
    'GET /logistics/rateCard/list': { result: { records: RATE_CARDS, total: 3 } },
    'GET /logistics/channelProduct/list': { result: { records: [PRODUCT], total: 1 } },
    ...extra,
  });
}

describe('channel product helpers', () => {
  test('rate card codes are distinct, named by the version in force', () => {
    expect(distinctRateCards(RATE_CARDS)).toEqual([
      { code: 'EU-STD', name: '欧洲标准 2026', currency: 'USD' },
      { code: 'US-FAST', name: '美国快线', currency: 'USD' },
    ]);
  });

  test('server field names map to form cells', () => {
    const values = { rules: [{ validType: 'weight', min: '', max: '' }], postalRules: [{ country: '', postalCode: '', mode: 'deny' as const, remark: '' }] };
    expect(errorPath('feeId', values)).toBe('feeId');
    expect(errorPath('rules[0].max', values)).toBe('rules.0.max');
    expect(errorPath('rules[0]', values)).toBe('rules.0.validType');
    expect(errorPath('postalRules[0].allow', values)).toBe('postalRules.0.mode');
    expect(errorPath('rules[3].max', values)).toBeUndefined();
    expect(errorPath('somethingElse', values)).toBeUndefined();
  });
});

describe('channel products page', () => {
  test('lists products with their channel, pricing and limits', async () => {
    const fetchMock = openPage(<ChannelProductListPage />, server(), 'logistics:channelProduct:list');
    const row = (await screen.findByText('EU-PARCEL')).closest('tr')!;
    expect(within(row).getByText('DHL-EXP')).toBeTruthy();
    expect(within(row).getByText('EU-STD')).toBeTruthy();
    expect(within(row).getByText('÷ 6000')).toBeTruthy();
    expect(within(row).getByText('重量 ≤ 30 kg')).toBeTruthy();
    expect(within(row).getByText('件数 1–5')).toBeTruthy();
    expect(within(row).getByText('1 条邮编规则')).toBeTruthy();
    fireEvent.change(screen.getByTestId('product-search-enabled'), { target: { value: 'false' } });
    fireEvent.change(screen.getByTestId('product-search-trade-type'), { target: { value: 'FBA' } });
    fireEvent.click(screen.getByTestId('product-search-submit'));
    await waitFor(() => {
      const url = urlOf(fetchMock, 'GET', '/logistics/channelProduct/list');
      expect(url.searchParams.get('izEnable')).toBe('false');
      expect(url.searchParams.get('tradeType')).toBe('FBA');
    });
  });

  test('the drawer saves every field with its rules; rate cards and divisors are picked', async () => {
    const fetchMock = openPage(<ChannelProductListPage />, server({ 'POST /logistics/channelProduct/add': { message: '添加成功！', result: PRODUCT } }), 'logistics:channelProduct:list', 'logistics:channelProduct:add');
    await screen.findByText('EU-PARCEL');
    const drawer = await openDialog('product-add', 'product-drawer');
    await pickOption(within(drawer).getByTestId('product-channel'), 'DHL-EXP · DHL 快递', 'c1');
    fill({ 'product-code': 'us-fast', 'product-name': '美国快线', 'product-trade-type': 'B2B' }, drawer);
    const fee = within(drawer).getByTestId('product-fee-id');
    await pickOption(fee, 'EU-STD · 欧洲标准 2026 (USD)', 'US-FAST');
    expect(within(fee).getAllByRole('option')).toHaveLength(3);
    fireEvent.click(within(drawer).getByTestId('product-ratio-8000'));
    expect((within(drawer).getByTestId('product-ratio') as HTMLInputElement).value).toBe('8000');

    fireEvent.click(within(drawer).getByTestId('product-rule-add'));
    fireEvent.click(within(drawer).getByTestId('product-rule-add'));
    const rules = within(drawer).getAllByTestId('product-rule-row');
    expect(rules).toHaveLength(2);
    // New rows take the next kind of limit; the unit follows the kind.
    expect((within(rules[1]!).getByTestId('product-rule-type') as HTMLSelectElement).value).toBe('longestSide');
    expect(within(rules[0]!).getAllByText('kg')).toHaveLength(2);
    fill({ 'product-rule-max': '30' }, rules[0]!);
    fill({ 'product-rule-min': '10', 'product-rule-max': '120' }, rules[1]!);

    fireEvent.click(within(drawer).getByTestId('product-postal-add'));
    fill({ 'product-postal-country': 'us', 'product-postal-code': '96*' }, within(drawer).getByTestId('product-postal-row'));

    fillAndSubmit(drawer, {}, 'product-save');
    expect(await sentBody(fetchMock, 'POST', '/logistics/channelProduct/add')).toEqual({
      channelId: 'c1',
      code: 'US-FAST',
      name: '美国快线',
      nameEn: null,
      tradeType: 'B2B',
      transType: null,
      pushMethod: null,
      labelType: null,
      deductMethod: null,
      izSubsist: false,
      izSingle: true,
      izMult: true,
      izEnable: true,
      feeId: 'US-FAST',
      thWeightRatio: 8000,
      remark: null,
      rules: [
        { validType: 'weight', min: null, max: '30' },
        { validType: 'longestSide', min: '10', max: '120' },
      ],
      postalRules: [{ country: 'US', postalCode: '96*', allow: false, remark: null }],
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  }, 15_000);

  test('rows are checked in their cells: a bound is needed, the maximum not below the minimum', async () => {
    const fetchMock = openPage(<ChannelProductListPage />, server({ 'PUT /logistics/channelProduct/edit': { message: '编辑成功!', result: PRODUCT } }), 'logistics:channelProduct:list', 'logistics:channelProduct:edit');
    fireEvent.click(within((await screen.findByText('EU-PARCEL')).closest('tr')!).getByTestId('product-edit'));
    const drawer = await screen.findByTestId('product-drawer');
    const rows = within(drawer).getAllByTestId('product-rule-row');
    expect(rows).toHaveLength(2);
    fireEvent.change(within(rows[1]!).getByTestId('product-rule-min'), { target: { value: '9' } });
    fireEvent.click(within(drawer).getByTestId('product-rule-add'));
    fireEvent.click(within(drawer).getByTestId('product-save'));
    const added = within(drawer).getAllByTestId('product-rule-row')[2]!;
    expect((await within(added).findByTestId('product-rule-max-error')).textContent).toBe('请填写下限或上限!');
    expect(within(rows[1]!).getByTestId('product-rule-max-error').textContent).toBe('下限不能大于上限!');
    expect(calls(fetchMock, 'PUT', '/logistics/channelProduct/edit')).toHaveLength(0);
    // Removing the empty row and fixing the bound saves.
    fireEvent.click(within(added).getByTestId('product-rule-remove'));
    fireEvent.change(within(rows[1]!).getByTestId('product-rule-min'), { target: { value: '2' } });
    fireEvent.click(within(drawer).getByTestId('product-save'));
    expect(await sentBody(fetchMock, 'PUT', '/logistics/channelProduct/edit')).toMatchObject({
      id: 'p1',
      rules: [
        { validType: 'weight', min: null, max: '30' },
        { validType: 'pieces', min: '2', max: '5' },
      ],
      postalRules: [{ country: 'US', postalCode: '99*', allow: false, remark: 'Alaska' }],
    });
  }, 15_000);

  test('a server error naming a rule row shows in that row’s cell', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    grant('logistics:channelProduct:list', 'logistics:channelProduct:edit');
    let answer = { status: 400, message: 'The minimum is above the maximum', result: { field: 'rules[1].max' } };
    const fetchMock = server({ 'PUT /logistics/channelProduct/edit': () => answer });
    renderPage(<ChannelProductListPage />);
    fireEvent.click(within((await screen.findByText('EU-PARCEL')).closest('tr')!).getByTestId('product-edit'));
    const drawer = await screen.findByTestId('product-drawer');
    fireEvent.click(within(drawer).getByTestId('product-save'));
    const rows = within(drawer).getAllByTestId('product-rule-row');
    expect((await within(rows[1]!).findByTestId('product-rule-max-error')).textContent).toBe('The minimum is above the maximum');
    expect(within(rows[0]!).queryByTestId('product-rule-max-error')).toBeNull();

    answer = { status: 400, message: 'Not a country code', result: { field: 'postalRules[0].country' } };
    fireEvent.click(within(drawer).getByTestId('product-save'));
    const postal = within(drawer).getByTestId('product-postal-row');
    expect((await within(postal).findByTestId('product-postal-country-error')).textContent).toBe('Not a country code');

    answer = { status: 400, message: 'No rate card with that code', result: { field: 'feeId' } };
    fireEvent.click(within(drawer).getByTestId('product-save'));
    expect((await within(drawer).findByTestId('product-fee-id-error')).textContent).toBe('No rate card with that code');
    expect(calls(fetchMock, 'PUT', '/logistics/channelProduct/edit')).toHaveLength(3);
  }, 15_000);
});
