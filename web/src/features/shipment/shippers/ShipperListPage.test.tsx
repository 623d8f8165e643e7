import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { expectAbsent, expectFirstSort, fill, fillAndSubmit, openAddForm, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { COUNTRIES_CACHE_KEY } from '../../logistics/forecast/countries';
import { phoneFits } from './api';
import ShipperListPage from './ShipperListPage';

const LIST = '/logistics/shipper/list';
const CRUD = { name: 'shipper', permission: 'logistics:shipper' };

const COUNTRIES = [
  { code: 'US', nameZh: '美国', nameEn: 'United States', name: '美国', postalPattern: '^\\d{5}(-\\d{4})?$', enabled: true },
  { code: 'CN', nameZh: '中国', nameEn: 'China', name: '中国', postalPattern: '^\\d{6}$', enabled: true },
];

const SHIPPERS = [
  { id: 's1', customerId: 'c1', name: '张三', company: '深圳艾克米贸易', phone: '+86 138 0000 0000', email: null, country: 'CN', state: '广东', city: '深圳', postalCode: '518000', street: null, house: null, address1: '南山区科技园 1 号', address2: null, izDefault: 1, remark: null, createTime: '2026-01-02T02:00:00Z' },
  { id: 's2', customerId: 'c1', name: 'John Smith', company: null, phone: null, email: null, country: 'US', state: 'CA', city: 'Ontario', postalCode: '91761', street: null, house: null, address1: '1 Main St', address2: null, izDefault: 0, remark: null, createTime: '2026-01-01T02:00:00Z' },
];

/** The messages under the address fields named. */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).getByTestId(`shipper-${field}-error`).textContent);

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(SHIPPERS),
    'GET /sys/country/queryAll': { result: COUNTRIES },
    ...extra,
  });
}

beforeEach(() => {
  // The countries as the forecast keeps them: the form checks postal codes against them at once.
  localStorage.setItem(COUNTRIES_CACHE_KEY, JSON.stringify(COUNTRIES));
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('phone rule (core’s consignee phone)', () => {
  test.each([
    ['+86 138 0000 0000', true],
    ['(555) 123-4567', true],
    ['1234', false],
    ['86+138000000', false],
    ['138-0000-000x', false],
    ['123456789012345678901', false],
  ])('%s fits: %s', (phone, fits) => {
    expect(phoneFits(phone)).toBe(fits);
  });
});

describe('shippers page', () => {
  test('lists shippers with their company, address and the default tag, newest first', async () => {
    const fetchMock = openPage(<ShipperListPage />, server(), 'logistics:shipper:list');
    const first = await rowOf('张三');
    expect(within(first).getByText('深圳艾克米贸易')).toBeTruthy();
    expect(within(first).getByText('518000')).toBeTruthy();
    expect(within(first).getByText('默认')).toBeTruthy();
    expect(within(await rowOf('John Smith')).queryByText('默认')).toBeNull();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
    // Without the codes, no add or delete buttons.
    expectAbsent('shipper-add', 'shipper-edit', 'shipper-delete');
  });

  test('the keyword and country filters go to the server', async () => {
    const fetchMock = openPage(<ShipperListPage />, server(), 'logistics:shipper:list');
    await rowOf('张三');
    search('shipper-search', { 'shipper-search-keyword': '深圳', 'shipper-search-country': 'CN' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('country')).toBe('CN'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('keyWord')).toBe('深圳');
  });

  test('the form checks what the server checks: required fields, the phone, the postal code against the country', async () => {
    await openAddForm(<ShipperListPage />, server(), CRUD, '张三');
    const dialog = screen.getByTestId('shipper-form');
    // A customer's shippers are its own: no customer to pick.
    expect(within(dialog).queryByTestId('shipper-customer')).toBeNull();
    fillAndSubmit(dialog, {});
    expect(await within(dialog).findByText('请输入发件人姓名')).toBeTruthy();
    expect(errorsOf(dialog, 'country', 'city', 'address1')).toEqual(['请选择国家', '请输入城市', '请输入地址']);

    fill({ 'shipper-country': 'US', 'shipper-postal-code': '5180', 'shipper-phone': 'call me' }, dialog);
    expect((await within(dialog).findByTestId('shipper-postal-code-error')).textContent).toBe('邮编不符合该国家的邮编格式');
    expect((await within(dialog).findByTestId('shipper-phone-error')).textContent).toBe('电话须为5到20位数字，可含 + - ( ) 和空格');
    // Another country, another pattern: the postal code is checked again.
    fill({ 'shipper-country': 'CN', 'shipper-postal-code': '518000' }, dialog);
    await waitFor(() => expect(within(dialog).queryByTestId('shipper-postal-code-error')?.textContent ?? '').toBe(''));
  }, 15_000);

  test('adding sends the trimmed form, empty fields as null, the default as 1', async () => {
    const fetchMock = await openAddForm(<ShipperListPage />, server({ 'POST /logistics/shipper/add': { message: '添加成功！', result: SHIPPERS[1] } }), CRUD, '张三');
    const dialog = screen.getByTestId('shipper-form');
    fill({ 'shipper-name': ' John Smith ', 'shipper-country': 'US', 'shipper-city': 'Ontario', 'shipper-postal-code': '91761-1234', 'shipper-address1': '1 Main St', 'shipper-phone': '+1 (909) 555-0100' }, dialog);
    const izDefault = within(within(dialog).getByTestId('shipper-default')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(within(dialog).getByTestId('shipper-default'));
    await waitFor(() => expect(izDefault.checked).toBe(true));
    fireEvent.click(within(dialog).getByTestId('shipper-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/shipper/add')).toEqual({
      customerId: null,
      name: 'John Smith',
      company: null,
      phone: '+1 (909) 555-0100',
      email: null,
      country: 'US',
      state: null,
      city: 'Ontario',
      postalCode: '91761-1234',
      street: null,
      house: null,
      address1: '1 Main St',
      address2: null,
      izDefault: 1,
      remark: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('shipper-form')).toBeNull());
  }, 15_000);

  test('staff pick the customer a new shipper is for', async () => {
    setUserInfo(testUser({ id: 's1', username: 'ops', userKind: 'staff' }));
    const routes = { 'GET /logistics/priceLevel/customers': { result: [{ id: 'c1', username: 'acme', realname: '艾克米' }] }, 'POST /logistics/shipper/add': { message: '添加成功！', result: SHIPPERS[0] } };
    const fetchMock = await openAddForm(<ShipperListPage />, server(routes), CRUD, '张三');
    const dialog = screen.getByTestId('shipper-form');
    fillAndSubmit(dialog, { 'shipper-name': '张三', 'shipper-country': 'CN', 'shipper-city': '深圳', 'shipper-address1': '南山区科技园 1 号' });
    expect(await within(dialog).findByText('请选择客户')).toBeTruthy();

    const customer = within(dialog).getByTestId('shipper-customer-input');
    fireEvent.click(customer);
    fireEvent.click(await within(await screen.findByTestId('shipper-customer-options')).findByText('acme – 艾克米'));
    await waitFor(() => expect((customer as HTMLInputElement).value).toBe('acme – 艾克米'));
    fireEvent.click(within(dialog).getByTestId('shipper-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/shipper/add')).toMatchObject({ customerId: 'c1', name: '张三', country: 'CN', izDefault: 0 });
  }, 15_000);
});
