import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../test/api';
import { calls, fill, fillAndSubmit, openAddForm, openPage, paged, rowOf, sentBody, urlOf } from '../../test/list';
import FeeRateListPage from './FeeRateListPage';
import LocationListPage from './LocationListPage';
import PdaPickPage from './PdaPickPage';
import PickListPage from './PickListPage';
import SkuListPage from './SkuListPage';
import StockListPage from './StockListPage';
import StockLogListPage from './StockLogListPage';
import UserFeeListPage from './UserFeeListPage';

const location = (id: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  warehouse: 'SZ1',
  zone: code.split('-')[1] ?? 'A',
  aisle: null,
  shelf: null,
  bin: null,
  code,
  capacity: 100,
  held: 0,
  locationType: 'storage',
  remark: null,
  createTime: '2026-11-25T02:00:00Z',
  updateTime: null,
  ...extra,
});

const sku = (id: string, skuCode: string, extra: Record<string, unknown> = {}) => ({
  id,
  customerId: 'c1',
  skuCode,
  barcode: '4006381333931',
  nameZh: 'T恤',
  nameEn: 'T-shirt',
  length: '30',
  width: '20',
  height: '2',
  weight: '0.2',
  hsCode: '610910',
  declaredValue: '5.5',
  currency: 'USD',
  remark: null,
  createTime: '2026-11-25T02:00:00Z',
  updateTime: null,
  ...extra,
});

beforeEach(() => {
  setUserInfo(testUser({ id: 'admin', username: 'admin', userKind: 'staff' }));
});

describe('locations', () => {
  const LIST = '/wms/location/list';
  const server = (extra: FakeRoutes = {}) => fakeServer({ [`GET ${LIST}`]: paged([location('l1', 'SZ1-A-01-01-01', { held: 95, locationType: 'pick' }), location('l2', 'SZ1-DOCK', { locationType: 'receiving' })]), ...extra });

  test('lists codes with their type and fill, and prints the selected labels', async () => {
    openPage(<LocationListPage />, server(), 'wms:location:list');
    const bin = await rowOf('SZ1-A-01-01-01');
    expect(within(bin).getByText('拣货位')).toBeTruthy();
    expect(within(bin).getByText('95/100')).toBeTruthy();
    expect((screen.getByTestId('location-labels') as HTMLButtonElement).disabled).toBe(true);
  });

  test('core checks the segments in order as typed; the body is sent trimmed', async () => {
    const routes = { 'POST /wms/location/add': { message: '添加成功！', result: location('l3', 'SZ1-B-01') } };
    const fetchMock = await openAddForm(<LocationListPage />, server(routes), { name: 'location', permission: 'wms:location' }, 'SZ1-DOCK');
    const dialog = screen.getByTestId('location-form');
    fillAndSubmit(dialog, { 'location-warehouse': 'sz1', 'location-zone': 'b', 'location-shelf': '01', 'location-capacity': '50' });
    await waitFor(() => expect(within(dialog).getByTestId('location-aisle-error').textContent).toBe('请按巷道、货架、货位的顺序填写编码!'));
    expect(calls(fetchMock, 'POST', '/wms/location/add')).toHaveLength(0);
    fill({ 'location-aisle': ' 01 ' }, dialog);
    fillAndSubmit(dialog, {});
    expect(await sentBody(fetchMock, 'POST', '/wms/location/add')).toEqual({
      warehouse: 'sz1',
      zone: 'b',
      aisle: '01',
      shelf: '01',
      bin: null,
      capacity: '50',
      locationType: 'storage',
      remark: null,
    });
  }, 15_000);
});

describe('SKUs', () => {
  const LIST = '/wms/sku/list';
  test('a GTIN with a wrong check digit is refused as typed, in the user’s language', async () => {
    setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
    const fetchMock = await openAddForm(<SkuListPage />, fakeServer({ [`GET ${LIST}`]: paged([sku('s1', 'TSH-01')]) }), { name: 'sku', permission: 'wms:sku' }, 'TSH-01');
    const dialog = screen.getByTestId('sku-form');
    fillAndSubmit(dialog, {
      'sku-code': 'MUG-02',
      'sku-barcode': '4006381333932',
      'sku-name-zh': '杯子',
      'sku-name-en': 'Mug',
      'sku-length': '10',
      'sku-width': '10',
      'sku-height': '12',
      'sku-weight': '0.4',
      'sku-declared-value': '3',
    });
    await waitFor(() => expect(within(dialog).getByTestId('sku-barcode-error').textContent).toBe('条码 4006381333932 的校验位不正确，请重新扫描!'));
    expect(calls(fetchMock, 'POST', '/wms/sku/add')).toHaveLength(0);
  }, 15_000);
});

describe('stock log', () => {
  test('shows each change signed with the balance after it and its document', async () => {
    const row = { id: 'g1', customerId: 'c1', skuId: 's1', skuCode: 'TSH-01', locationId: 'l1', locationCode: 'SZ1-DOCK', kind: 'in', quantity: 98, balance: 98, reason: null, refType: 'forecast', refNo: 'ASN202611290001', remark: null, createBy: 'admin', createTime: '2026-11-29T02:00:00Z' };
    const out = { ...row, id: 'g2', kind: 'adjust', quantity: -2, balance: 96, reason: 'damaged', refType: 'manual', refNo: null };
    openPage(<StockLogListPage />, fakeServer({ 'GET /wms/stockLog/list': paged([out, row]) }), 'wms:stockLog:list');
    const received = await rowOf('ASN202611290001');
    expect(within(received).getByText('+98')).toBeTruthy();
    expect(within(received).getByText('入库')).toBeTruthy();
    const adjusted = await rowOf('-2');
    expect(within(adjusted).getByText('调整')).toBeTruthy();
    expect(within(adjusted).getByText('96')).toBeTruthy();
  });
});

describe('stock', () => {
  test('opens on the rows holding pieces, with what is free; staff may move a row', async () => {
    const row = { id: 'st1', customerId: 'c1', skuId: 's1', skuCode: 'TSH-01', nameZh: 'T恤', nameEn: 'T-shirt', locationId: 'l1', locationCode: 'SZ1-A-01-01-01', locationType: 'pick', quantity: 30, allocated: 4, available: 26, createTime: '2026-11-29T02:00:00Z', updateTime: null };
    const fetchMock = openPage(<StockListPage />, fakeServer({ 'GET /wms/stock/list': paged([row]) }), 'wms:stock:list', 'wms:stock:move');
    const shown = await rowOf('SZ1-A-01-01-01');
    expect(within(shown).getByText('26')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/wms/stock/list').searchParams.get('inStock')).toBe('true');
    expect(within(shown).getByTestId('stock-move')).toBeTruthy();
  });
});

const pickLine = (id: string, locationCode: string, quantity: number, status = 'allocated') => ({
  id,
  customerId: 'c1',
  shipmentId: 'o1',
  serialNumber: 'WMS2026112900001',
  skuId: 's1',
  skuCode: 'TSH-01',
  nameZh: 'T恤',
  nameEn: 'T-shirt',
  barcode: '4006381333931',
  locationId: `loc-${id}`,
  locationCode,
  quantity,
  status,
  pickedBy: status === 'picked' ? 'picker' : null,
  pickedTime: status === 'picked' ? '2026-11-29T03:00:00Z' : null,
  createTime: '2026-11-29T02:00:00Z',
});

describe('pick lists', () => {
  test('open on the lines to pick; staff confirm one after a confirmation, by its id', async () => {
    const lines = [pickLine('a1', 'SZ1-A-01-01-01', 5), pickLine('a2', 'SZ1-B-01-01-01', 2)];
    const after = { shipmentId: 'o1', serialNumber: 'WMS2026112900001', shipmentStatus: 'submitted', open: 1, lines: [{ ...lines[0], status: 'picked' }, lines[1]] };
    const fetchMock = openPage(
      <PickListPage />,
      fakeServer({ 'GET /wms/pick/list': paged(lines), 'POST /wms/pick/confirm': { result: after } }),
      'wms:pick:list',
      'wms:pick:confirm',
    );
    const first = await rowOf('SZ1-A-01-01-01');
    expect(urlOf(fetchMock, 'GET', '/wms/pick/list').searchParams.get('status')).toBe('allocated');
    expect(within(first).getByText('待拣货')).toBeTruthy();
    fireEvent.click(within(first).getByTestId('pick-confirm'));
    const dialog = await screen.findByTestId('pick-confirm-dialog');
    expect(dialog.textContent).toContain('SZ1-A-01-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认拣货' }));
    expect(await sentBody(fetchMock, 'POST', '/wms/pick/confirm')).toEqual({ number: 'WMS2026112900001', ids: 'a1' });
  });
});

/** A scanner's read into a field: the text, then Enter. */
function scan(testId: string, value: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('PDA picking', () => {
  test('a scanned order opens its list; a scanned location picks its line, an unknown one is refused', async () => {
    const lines = [pickLine('a1', 'SZ1-A-01-01-01', 5), pickLine('a2', 'SZ1-B-01-01-01', 2)];
    const order = { shipmentId: 'o1', serialNumber: 'WMS2026112900001', shipmentStatus: 'submitted', open: 2, lines };
    const after = { ...order, open: 1, lines: [{ ...lines[0], status: 'picked' }, lines[1]] };
    const fetchMock = openPage(
      <PdaPickPage />,
      fakeServer({ 'GET /wms/pick/queryByNumber': { result: order }, 'POST /wms/pick/confirm': { result: after } }),
      'wms:pick:pda',
      'wms:pick:confirm',
    );
    scan('pda-pick-order', 'SF1234567890');
    expect(await screen.findByTestId('pda-pick-progress')).toHaveProperty('textContent', '已拣 0 / 2 行');
    expect(urlOf(fetchMock, 'GET', '/wms/pick/queryByNumber').searchParams.get('number')).toBe('SF1234567890');
    scan('pda-pick-location', 'sz1-c-09');
    expect((await screen.findByTestId('pda-pick-error')).textContent).toContain('库位 SZ1-C-09 不在此拣货单上');
    expect(calls(fetchMock, 'POST', '/wms/pick/confirm')).toHaveLength(0);
    scan('pda-pick-location', 'sz1-a-01-01-01');
    expect(await sentBody(fetchMock, 'POST', '/wms/pick/confirm')).toEqual({ number: 'WMS2026112900001', ids: 'a1' });
    await waitFor(() => expect(screen.getByTestId('pda-pick-progress').textContent).toBe('已拣 1 / 2 行'));
  });
});

describe('fees', () => {
  test('rates are checked by core as typed; an empty customer is every customer', async () => {
    const rate = { id: 'r1', customerId: '', customerUsername: null, currency: 'CNY', storageRate: '2.5', inboundRate: '0.35', outboundRate: '0.5', remark: null, createTime: '2026-11-29T02:00:00Z', updateTime: null };
    const routes = { 'POST /wms/feeRate/add': { message: '添加成功！', result: rate } };
    const fetchMock = await openAddForm(<FeeRateListPage />, fakeServer({ 'GET /wms/feeRate/list': paged([rate]), ...routes }), { name: 'fee-rate', permission: 'wms:feeRate' }, '所有客户（默认）');
    const dialog = screen.getByTestId('fee-rate-form');
    fillAndSubmit(dialog, { 'fee-rate-storageRate': '-1', 'fee-rate-inboundRate': '0.3', 'fee-rate-outboundRate': '0' });
    await waitFor(() => expect(within(dialog).getByTestId('fee-rate-storageRate-error').textContent).toContain('仓储费(每立方米每天)'));
    expect(calls(fetchMock, 'POST', '/wms/feeRate/add')).toHaveLength(0);
    fill({ 'fee-rate-storageRate': '2.5' }, dialog);
    fillAndSubmit(dialog, {});
    expect(await sentBody(fetchMock, 'POST', '/wms/feeRate/add')).toEqual({ customerId: null, currency: 'CNY', storageRate: '2.5', inboundRate: '0.3', outboundRate: '0', remark: null });
  }, 15_000);

  test('a fee the wallet could not pay says why', async () => {
    setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
    const fee = { id: 'f1', customerId: 'c1', customerUsername: 'acme', feeDate: '2026-11-28', feeType: 'inbound', pieces: 10, volume: null, rate: '100', amount: '1000.00', currency: 'CNY', status: 'due', tradeNo: null, message: 'wallet_insufficient', createTime: '2026-11-29T02:00:00Z', chargeTime: null };
    openPage(<UserFeeListPage />, fakeServer({ 'GET /wms/userFee/list': paged([fee]) }), 'wms:userFee:list');
    const row = await rowOf('2026-11-28');
    expect(within(row).getByText('1000.00 CNY')).toBeTruthy();
    expect(within(row).getByText('待扣费')).toBeTruthy();
    expect(within(row).getByText('余额不足，充值后自动扣费')).toBeTruthy();
  });
});
