import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, confirmDeleteSends, expectAbsent, expectFirstSort, fillAndSubmit, openDialog, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { depotLabel } from './api';
import DepotListPage from './DepotListPage';

const LIST = '/logistics/platformDepot/list';
const PERMISSION = 'logistics:platformDepot';

const COUNTRIES = [
  { code: 'CN', nameZh: '中国', nameEn: 'China', name: '中国', postalPattern: '^\\d{6}$', enabled: true },
  { code: 'DE', nameZh: '德国', nameEn: 'Germany', name: '德国', postalPattern: '^\\d{5}$', enabled: true },
];
const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', title: '敦豪', status: 1 },
  { id: 's2', code: 'UPS', name: '联合包裹', title: '联合包裹', status: 1 },
];
const DEPOTS = [
  { id: 'd1', code: 'SZX-WH', name: '深圳仓', nameEn: 'Shenzhen warehouse', title: '深圳仓', depotType: 'warehouse', supplierId: null, country: 'CN', state: '广东', city: '深圳', postalCode: '518000', address: '宝安区福永街道 1 号', contact: '王五', phone: '13800000000', status: 1, remark: null, createTime: '2026-01-01T02:00:00Z' },
  { id: 'd2', code: 'DHL-FRA', name: '法兰克福交接点', nameEn: null, title: '法兰克福交接点', depotType: 'handover', supplierId: 's1', country: 'DE', state: null, city: 'Frankfurt', postalCode: '60549', address: null, contact: null, phone: null, status: 0, remark: null, createTime: '2026-01-02T02:00:00Z' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(DEPOTS),
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    'GET /sys/country/queryAll': { result: COUNTRIES },
    ...extra,
  });
}

/** Picks a depot type in the open form. */
const chooseType = (dialog: HTMLElement, type: string) => fireEvent.click(within(within(dialog).getByTestId(`platform-depot-type-${type}`)).getByRole('radio', { hidden: true }));

/** The messages under the fields named (`platform-depot-…-error`). */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`platform-depot-${field}-error`)?.textContent ?? '');

beforeEach(() => {
  // The countries as the forecast keeps them (its `COUNTRIES_CACHE_KEY`): the form checks postal codes against them at once.
  localStorage.setItem('Forecast_Countries', JSON.stringify(COUNTRIES));
});

describe('platform depots page', () => {
  test('lists depots by code with their type, a hand-over point’s carrier, place, contact and status', async () => {
    const fetchMock = openPage(<DepotListPage />, server(), `${PERMISSION}:list`);
    const warehouse = await rowOf('SZX-WH');
    expect(within(warehouse).getByText('Shenzhen warehouse')).toBeTruthy();
    expect(within(warehouse).getByText('自营仓库')).toBeTruthy();
    expect(within(warehouse).getByText('深圳')).toBeTruthy();
    expect(within(warehouse).getByText('王五')).toBeTruthy();
    expect(within(warehouse).getByText('13800000000')).toBeTruthy();
    expect(within(warehouse).getByText('宝安区福永街道 1 号 518000')).toBeTruthy();
    const handover = await rowOf('DHL-FRA');
    expect(within(handover).getByText('交接点')).toBeTruthy();
    await waitFor(() => expect(within(handover).getByText('敦豪')).toBeTruthy());
    expect(within(handover).getByText('DE')).toBeTruthy();
    expect(within(handover).getByText('停用')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'code', 'asc');
    expectAbsent('platform-depot-add', 'platform-depot-edit', 'platform-depot-delete', 'platform-depot-export');
  });

  test('keyword, type, carrier and status go to the server', async () => {
    const fetchMock = openPage(<DepotListPage />, server(), `${PERMISSION}:list`);
    await rowOf('SZX-WH');
    await pickOption(screen.getByTestId('platform-depot-search-supplier'), 'DHL · 敦豪', 's1');
    search('platform-depot-search', { 'platform-depot-search-keyword': 'fra', 'platform-depot-search-type': 'handover', 'platform-depot-search-status': '1' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('depotType')).toBe('handover'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect(url.searchParams.get('keyWord')).toBe('fra');
    expect(url.searchParams.get('supplierId')).toBe('s1');
    expect(url.searchParams.get('status')).toBe('1');
  });

  test('a hand-over point needs its carrier; a warehouse has none, and its postal code fits the country', async () => {
    const fetchMock = openPage(<DepotListPage />, server({ 'POST /logistics/platformDepot/add': { message: '添加成功！', result: DEPOTS[1] } }), `${PERMISSION}:list`, `${PERMISSION}:add`);
    await rowOf('SZX-WH');
    const dialog = await openDialog('platform-depot-add', 'platform-depot-form');
    // A warehouse (the default) names no carrier.
    expect(within(dialog).queryByTestId('platform-depot-supplier')).toBeNull();
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(errorsOf(dialog, 'code', 'name', 'country')).toEqual(['请输入编码', '请输入名称', '请选择国家']));

    chooseType(dialog, 'handover');
    const supplier = await within(dialog).findByTestId('platform-depot-supplier');
    fillAndSubmit(dialog, { 'platform-depot-code': 'ups-fra', 'platform-depot-name': ' UPS 法兰克福 ', 'platform-depot-country': 'DE', 'platform-depot-postal-code': '6054' });
    await waitFor(() => expect(errorsOf(dialog, 'supplier', 'postal-code')).toEqual(['交接点须选择所属承运商', '邮编不符合该国家的邮编格式']));
    expect(calls(fetchMock, 'POST', '/logistics/platformDepot/add')).toHaveLength(0);

    await pickOption(supplier, 'UPS · 联合包裹', 's2');
    fillAndSubmit(dialog, { 'platform-depot-postal-code': '60549', 'platform-depot-city': 'Frankfurt', 'platform-depot-phone': '+49 69 1234' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/platformDepot/add')).toEqual({
      code: 'UPS-FRA',
      name: 'UPS 法兰克福',
      nameEn: null,
      depotType: 'handover',
      supplierId: 's2',
      country: 'DE',
      state: null,
      city: 'Frankfurt',
      postalCode: '60549',
      address: null,
      contact: null,
      phone: '+49 69 1234',
      status: 1,
      remark: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  }, 20_000);

  test('turning a hand-over point into a warehouse drops its carrier; the server’s refusal shows under its field', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <DepotListPage />,
      server({ 'PUT /logistics/platformDepot/edit': { status: 409, message: 'This code already exists!', result: { field: 'code', key: 'code_taken' } } }),
      `${PERMISSION}:list`,
      `${PERMISSION}:edit`,
    );
    const dialog = await openDialog('platform-depot-edit', 'platform-depot-form', await rowOf('DHL-FRA'));
    await waitFor(() => expect((within(dialog).getByTestId('platform-depot-supplier') as HTMLSelectElement).value).toBe('s1'));
    expect((within(dialog).getByTestId('platform-depot-country') as HTMLSelectElement).value).toBe('DE');
    chooseType(dialog, 'warehouse');
    await waitFor(() => expect(within(dialog).queryByTestId('platform-depot-supplier')).toBeNull());
    fillAndSubmit(dialog, { 'platform-depot-code': 'szx-wh' });
    expect((await within(dialog).findByTestId('platform-depot-code-error')).textContent).toBe('This code already exists!');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/platformDepot/edit')).toMatchObject({ id: 'd2', code: 'SZX-WH', depotType: 'warehouse', supplierId: null, country: 'DE', postalCode: '60549', status: 0 });
  }, 15_000);

  test('delete asks first, naming the depot', async () => {
    const fetchMock = openPage(<DepotListPage />, server({ 'DELETE /logistics/platformDepot/delete': { message: '删除成功!' } }), `${PERMISSION}:list`, `${PERMISSION}:delete`);
    await openDialog('platform-depot-delete', 'platform-depot-delete-confirm', await rowOf('SZX-WH'));
    await confirmDeleteSends(fetchMock, 'platform-depot-delete-confirm', 'SZX-WH 深圳仓', '/logistics/platformDepot/delete', { id: 'd1' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  test('a depot reads "CODE · name" in the pickers of other pages', () => {
    expect(depotLabel(DEPOTS[1])).toBe('DHL-FRA · 法兰克福交接点');
    expect(depotLabel({ code: 'X', name: '名称', title: '' })).toBe('X · 名称');
  });
});
