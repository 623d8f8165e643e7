import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { bodyOf, expectAbsent, expectFirstSort, fillAndSubmit, openAddForm, openDialog, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { COUNTRIES_CACHE_KEY } from '../../logistics/forecast/countries';
import DepotListPage from './DepotListPage';

const LIST = '/logistics/depot/list';
const CRUD = { name: 'depot', permission: 'logistics:depot' };

const COUNTRIES = [
  { code: 'US', nameZh: '美国', nameEn: 'United States', name: '美国', postalPattern: '^\\d{5}(-\\d{4})?$', enabled: true },
  { code: 'DE', nameZh: '德国', nameEn: 'Germany', name: '德国', postalPattern: '^\\d{5}$', enabled: true },
];

const CENTRES = [
  { code: 'ONT8', country: 'US', state: 'CA', city: 'Moreno Valley', postalCode: '92551', address1: '24300 Nandina Ave' },
  { code: 'ONT9', country: 'US', state: 'CA', city: 'Redlands', postalCode: '92374', address1: '2125 W San Bernardino Ave' },
];

const DEPOTS = [
  { id: 'd1', customerId: 'c1', depotId: 'ONT8', code: 'WEST-1', depotName: 'Amazon ONT8', depotType: 'amazon', contact: null, phone: null, country: 'US', state: 'CA', city: 'Moreno Valley', postalCode: '92551', street: null, house: null, address1: '24300 Nandina Ave', address2: null, remark: null, createTime: '2026-01-01T02:00:00Z' },
  { id: 'd2', customerId: 'c1', depotId: 'DE-HAM', code: null, depotName: '汉堡海外仓', depotType: 'overseas', contact: 'Max', phone: '+49 40 123456', country: 'DE', state: null, city: 'Hamburg', postalCode: '20095', street: 'Hafenstraße', house: '12', address1: 'Hafenstraße 12', address2: null, remark: null, createTime: '2026-01-02T02:00:00Z' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(DEPOTS),
    'GET /sys/country/queryAll': { result: COUNTRIES },
    'GET /logistics/depot/fbaWarehouses': (_body, url) => {
      const keyWord = (url.searchParams.get('keyWord') ?? '').toUpperCase();
      return { result: CENTRES.filter((fc) => fc.code.includes(keyWord) || fc.city.toUpperCase().includes(keyWord)) };
    },
    ...extra,
  });
}

/** Picks a depot type in the open form. */
const chooseType = (dialog: HTMLElement, type: string) => fireEvent.click(within(within(dialog).getByTestId(`depot-type-${type}`)).getByRole('radio', { hidden: true }));

/** The messages under the fields named (`depot-…-error`). */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`depot-${field}-error`)?.textContent ?? '');

beforeEach(() => {
  // The countries as the forecast keeps them: the form checks postal codes against them at once.
  localStorage.setItem(COUNTRIES_CACHE_KEY, JSON.stringify(COUNTRIES));
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('depots page', () => {
  test('lists depots by code with their own code, localized type and address', async () => {
    const fetchMock = openPage(<DepotListPage />, server(), 'logistics:depot:list');
    const amazon = await rowOf('ONT8');
    expect(within(amazon).getByText('WEST-1')).toBeTruthy();
    expect(within(amazon).getByText('亚马逊仓')).toBeTruthy();
    expect(within(amazon).getByText('92551')).toBeTruthy();
    expect(within(await rowOf('DE-HAM')).getByText('海外仓')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'depotId', 'asc');
    expectAbsent('depot-add', 'depot-edit', 'depot-delete');
  });

  test('the keyword and type filters go to the server', async () => {
    const fetchMock = openPage(<DepotListPage />, server(), 'logistics:depot:list');
    await rowOf('ONT8');
    search('depot-search', { 'depot-search-keyword': 'ham', 'depot-search-type': 'overseas' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('depotType')).toBe('overseas'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('keyWord')).toBe('ham');
  });

  test('an Amazon centre needs only its code; other depots need a name and an address', async () => {
    await openAddForm(<DepotListPage />, server(), CRUD, 'ONT8');
    const dialog = screen.getByTestId('depot-form');
    fillAndSubmit(dialog, {});
    expect((await within(dialog).findByTestId('depot-fba-error')).textContent).toBe('请输入仓库代码');
    expect(errorsOf(dialog, 'name', 'country', 'city', 'address1')).toEqual(['', '', '', '']);

    chooseType(dialog, 'private');
    fillAndSubmit(dialog, { 'depot-postal-code': 'ABC' });
    await waitFor(() => expect(errorsOf(dialog, 'id', 'name', 'country', 'city', 'address1')).toEqual(['请输入仓库代码', '请输入仓库名称', '请选择国家', '请输入城市', '请输入地址']));
    fillAndSubmit(dialog, { 'depot-country': 'DE' });
    await waitFor(() => expect(errorsOf(dialog, 'postal-code')).toEqual(['邮编不符合该国家的邮编格式']));
  }, 15_000);

  test('adding an Amazon centre picks it from the seeded list and shows its address', async () => {
    const fetchMock = await openAddForm(<DepotListPage />, server({ 'POST /logistics/depot/add': { message: '添加成功！', result: DEPOTS[0] } }), CRUD, 'ONT8');
    const dialog = screen.getByTestId('depot-form');
    const picker = within(dialog).getByTestId('depot-fba-input') as HTMLInputElement;
    fireEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'ont9' } });
    fireEvent.click(await within(await screen.findByTestId('depot-fba-options')).findByText('ONT9'));
    await waitFor(() => expect(picker.value).toBe('ONT9'));
    expect(await within(dialog).findByText('2125 W San Bernardino Ave, Redlands, CA 92374, US')).toBeTruthy();
    fillAndSubmit(dialog, { 'depot-code': ' WEST-2 ' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/depot/add')).toEqual({
      customerId: null,
      code: 'WEST-2',
      contact: null,
      phone: null,
      remark: null,
      state: null,
      postalCode: null,
      street: null,
      house: null,
      address2: null,
      country: '',
      city: '',
      address1: '',
      depotType: 'amazon',
      depotId: 'ONT9',
      depotName: '',
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  }, 15_000);

  test('a depot code already taken shows the server’s message under the code', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<DepotListPage />, server({ 'PUT /logistics/depot/edit': { status: 409, message: 'This code already exists!', result: { field: 'depotId', key: 'code_taken' } } }), 'logistics:depot:list', 'logistics:depot:edit');
    const dialog = await openDialog('depot-edit', 'depot-form', await rowOf('DE-HAM'));
    expect((within(dialog).getByTestId('depot-id') as HTMLInputElement).value).toBe('DE-HAM');
    fillAndSubmit(dialog, { 'depot-id': 'ont8' });
    expect((await within(dialog).findByTestId('depot-id-error')).textContent).toBe('This code already exists!');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/depot/edit')).toMatchObject({ id: 'd2', depotId: 'ONT8', depotType: 'overseas', country: 'DE', postalCode: '20095' });
  }, 15_000);
});
