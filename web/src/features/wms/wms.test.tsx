import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../test/api';
import { calls, fill, fillAndSubmit, openAddForm, openPage, paged, rowOf, sentBody, urlOf } from '../../test/list';
import LocationListPage from './LocationListPage';
import SkuListPage from './SkuListPage';
import StockListPage from './StockListPage';
import StockLogListPage from './StockLogListPage';

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
