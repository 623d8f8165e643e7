import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { calls, expectAbsent, expectFirstSort, fill, fillAndSubmit, openAddForm, openDialog, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import ProductListPage from './ProductListPage';

const LIST = '/logistics/parcelProduct/list';
const CRUD = { name: 'parcel-product', permission: 'logistics:parcelProduct' };

const product = (id: string, sku: string, extra: Record<string, unknown> = {}) => ({
  id,
  customerId: 'c1',
  sku,
  frName: 'T-shirt',
  lcName: 'T恤',
  frHscode: '61091000',
  lcHscode: null,
  frMeterial: 'cotton',
  lcMeterial: '棉',
  frUsage: null,
  lcUsage: null,
  frBrand: null,
  lcBrand: null,
  frModel: null,
  lcModel: null,
  shopUrl: null,
  photoUrl: null,
  unitPrice: '9.9',
  unitWeight: '0.3',
  unit: 'pcs',
  remark: null,
  createTime: '2026-11-25T02:00:00Z',
  ...extra,
});

const PRODUCTS = [product('p1', 'TS-RED-M'), product('p2', 'MUG-01', { frName: 'Ceramic mug', lcName: '陶瓷杯', frHscode: null, unitPrice: '12.5', unitWeight: '0.45', unit: null })];

function server(extra: FakeRoutes = {}) {
  return fakeServer({ [`GET ${LIST}`]: paged(PRODUCTS), ...extra });
}

/** The messages under the product fields named (`product-…-error`, '' where there is none). */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`product-${field}-error`)?.textContent ?? '');

beforeEach(() => {
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('products page', () => {
  test('lists the catalogue by SKU with both descriptions, the HS code, unit value and weight', async () => {
    const fetchMock = openPage(<ProductListPage />, server(), 'logistics:parcelProduct:list');
    const shirt = await rowOf('TS-RED-M');
    expect(within(shirt).getByText('T-shirt')).toBeTruthy();
    expect(within(shirt).getByText('T恤')).toBeTruthy();
    expect(within(shirt).getByText('61091000')).toBeTruthy();
    expect(within(shirt).getByText('9.9')).toBeTruthy();
    const mug = await rowOf('MUG-01');
    expect(within(mug).getByText('陶瓷杯')).toBeTruthy();
    expect(within(mug).getByText('0.45')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'sku', 'asc');
    expectAbsent('parcel-product-add', 'parcel-product-edit', 'parcel-product-delete', 'parcel-product-batch-delete');
  });

  test('the keyword goes to the server', async () => {
    const fetchMock = openPage(<ProductListPage />, server(), 'logistics:parcelProduct:list');
    await rowOf('TS-RED-M');
    search('parcel-product-search', { 'parcel-product-search-keyword': 'mug' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('keyWord')).toBe('mug'));
  });

  test('core checks the form as the server does: required fields, an HS code, a number, a link; nothing is sent', async () => {
    const fetchMock = await openAddForm(<ProductListPage />, server(), CRUD, 'TS-RED-M');
    const dialog = screen.getByTestId('parcel-product-form');
    expect(within(dialog).queryByTestId('product-customer')).toBeNull();
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(errorsOf(dialog, 'sku', 'fr-name', 'unit-price', 'unit-weight')).toEqual(['SKU不能为空!', '英文品名不能为空!', '申报单价不能为空!', '单件重量不能为空!']));

    fillAndSubmit(dialog, { 'product-sku': 'TS-1', 'product-fr-name': 'T-shirt', 'product-fr-hscode': '12', 'product-unit-price': 'abc', 'product-unit-weight': '-1', 'product-shop-url': 'shop.example.com/ts' });
    await waitFor(() =>
      expect(errorsOf(dialog, 'sku', 'fr-hscode', 'unit-price', 'unit-weight', 'shop-url')).toEqual(['', '海关编码须为6到10位数字!', '申报单价必须是有效的数字!', '单件重量不能为负数!', '链接须以 http:// 或 https:// 开头!']),
    );
    // Fixed as typed: the message goes at once.
    fill({ 'product-fr-hscode': '6109.10.00' }, dialog);
    await waitFor(() => expect(errorsOf(dialog, 'fr-hscode')).toEqual(['']));
    expect(calls(fetchMock, 'POST', '/logistics/parcelProduct/add')).toHaveLength(0);
  }, 15_000);

  test('adding sends every field trimmed, blanks as null', async () => {
    const fetchMock = await openAddForm(<ProductListPage />, server({ 'POST /logistics/parcelProduct/add': { message: '添加成功！', result: PRODUCTS[1] } }), CRUD, 'TS-RED-M');
    const dialog = screen.getByTestId('parcel-product-form');
    fillAndSubmit(dialog, {
      'product-sku': ' MUG-01 ',
      'product-fr-name': 'Ceramic mug',
      'product-lc-name': '陶瓷杯',
      'product-fr-hscode': '6912.00',
      'product-unit-price': '12.50',
      'product-unit-weight': '0.45',
      'product-fr-material': 'ceramic',
      'product-photo-url': 'https://example.com/mug.jpg',
    });
    expect(await sentBody(fetchMock, 'POST', '/logistics/parcelProduct/add')).toEqual({
      customerId: null,
      sku: 'MUG-01',
      frName: 'Ceramic mug',
      lcName: '陶瓷杯',
      frHscode: '6912.00',
      lcHscode: null,
      unitPrice: '12.50',
      unitWeight: '0.45',
      unit: null,
      frMeterial: 'ceramic',
      lcMeterial: null,
      frUsage: null,
      lcUsage: null,
      frBrand: null,
      lcBrand: null,
      frModel: null,
      lcModel: null,
      shopUrl: null,
      photoUrl: 'https://example.com/mug.jpg',
      remark: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('parcel-product-form')).toBeNull());
  }, 15_000);

  test('a SKU already taken shows the server’s message under the SKU', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const routes = { 'PUT /logistics/parcelProduct/edit': { status: 409, message: 'This code already exists!', result: { field: 'sku', key: 'code_taken' } } };
    const fetchMock = openPage(<ProductListPage />, server(routes), 'logistics:parcelProduct:list', 'logistics:parcelProduct:edit');
    const dialog = await openDialog('parcel-product-edit', 'parcel-product-form', await rowOf('MUG-01'));
    expect((within(dialog).getByTestId('product-fr-name') as HTMLInputElement).value).toBe('Ceramic mug');
    fillAndSubmit(dialog, { 'product-sku': 'TS-RED-M' });
    expect((await within(dialog).findByTestId('product-sku-error')).textContent).toBe('This code already exists!');
    expect(await sentBody(fetchMock, 'PUT', '/logistics/parcelProduct/edit')).toMatchObject({ id: 'p2', customerId: 'c1', sku: 'TS-RED-M', unitPrice: '12.5' });
  }, 15_000);
});
