import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, confirmDeleteSends, expectAbsent, expectFirstSort, fillAndSubmit, openDialog, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import ServiceListPage from './ServiceListPage';

const LIST = '/logistics/carrierService/list';

const SUPPLIERS = [
  { id: 's1', code: 'DHL', name: '敦豪', title: '敦豪', status: 1 },
  { id: 's2', code: 'UPS', name: '联合包裹', title: '联合包裹', status: 1 },
];
const SERVICES = [
  { id: 'sv1', supplierId: 's1', code: 'DHL-WPX', name: '全球特快', nameEn: 'Express Worldwide', title: '全球特快', serviceType: 'express', transitMin: 2, transitMax: 5, status: 1, remark: null, createTime: '2026-01-01 10:00:00' },
  { id: 'sv2', supplierId: 's2', code: 'UPS-STD', name: '标准陆运', nameEn: null, title: '标准陆运', serviceType: 'economy', transitMin: 3, transitMax: 3, status: 0, remark: null, createTime: '2026-01-02 10:00:00' },
  { id: 'sv3', supplierId: 's2', code: 'UPS-FRT', name: '货运', nameEn: null, title: '货运', serviceType: 'freight', transitMin: null, transitMax: null, status: 1, remark: null, createTime: '2026-01-03 10:00:00' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    [`GET ${LIST}`]: (_body, url) => {
      const supplierId = url.searchParams.get('supplierId');
      return paged(supplierId ? SERVICES.filter((service) => service.supplierId === supplierId) : SERVICES);
    },
    ...extra,
  });
}

/** The messages under the fields named (`service-…-error`). */
const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`service-${field}-error`)?.textContent ?? '');

describe('carrier services page', () => {
  test('lists each service with its supplier, localized kind and days in transit, by code; buttons follow the codes', async () => {
    const fetchMock = openPage(<ServiceListPage />, server(), 'logistics:carrierService:list');
    const express = await rowOf('DHL-WPX');
    expect(within(express).getByText('Express Worldwide')).toBeTruthy();
    await waitFor(() => expect(within(express).getByText('敦豪')).toBeTruthy());
    expect(within(express).getByText('特快')).toBeTruthy();
    expect(within(express).getByText('2–5 天')).toBeTruthy();
    const economy = await rowOf('UPS-STD');
    expect(within(economy).getByText('经济')).toBeTruthy();
    expect(within(economy).getByText('3 天')).toBeTruthy();
    expect(within(economy).getByText('停用')).toBeTruthy();
    expect(within(await rowOf('UPS-FRT')).getByText('货运', { selector: 'span' })).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'code', 'asc');
    expectAbsent('service-add', 'service-edit', 'service-delete', 'service-export', 'row-checkbox');
  });

  test('days in transit read in English too', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    openPage(<ServiceListPage />, server(), 'logistics:carrierService:list', 'logistics:carrierService:export');
    expect(within(await rowOf('DHL-WPX')).getByText('2–5 days')).toBeTruthy();
    expect(within(await rowOf('UPS-STD')).getByText('3 days')).toBeTruthy();
    expect(within(await rowOf('UPS-FRT')).getByText('Freight')).toBeTruthy();
    expect(screen.getByTestId('service-export')).toBeTruthy();
  });

  test('the supplier filters at once; keyword, kind and status go to the server with Search', async () => {
    const fetchMock = openPage(<ServiceListPage />, server(), 'logistics:carrierService:list');
    await rowOf('DHL-WPX');
    await pickOption(screen.getByTestId('service-search-supplier'), 'UPS · 联合包裹', 's2');
    await waitFor(() => expect(screen.queryByText('DHL-WPX')).toBeNull());
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('supplierId')).toBe('s2');
    search('service-search', { 'service-search-keyword': 'std', 'service-search-type': 'economy', 'service-search-status': '0' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('serviceType')).toBe('economy'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect(url.searchParams.get('keyWord')).toBe('std');
    expect(url.searchParams.get('status')).toBe('0');
    expect(url.searchParams.get('supplierId')).toBe('s2');
  });

  test('a new service needs its supplier, code and name; days in transit are checked by core as typed', async () => {
    const fetchMock = openPage(<ServiceListPage />, server({ 'POST /logistics/carrierService/add': { message: '添加成功！', result: SERVICES[0] } }), 'logistics:carrierService:list', 'logistics:carrierService:add');
    await rowOf('DHL-WPX');
    const dialog = await openDialog('service-add', 'service-form');
    expect((within(dialog).getByTestId('service-type') as HTMLSelectElement).value).toBe('standard');
    fillAndSubmit(dialog, {});
    await waitFor(() => expect(errorsOf(dialog, 'supplier', 'code', 'name')).toEqual(['请选择物流商', '请输入编码', '请输入名称']));

    // The most may not be below the fewest (said under the most, looked at again as the fewest changes); each within 0 to 365, in whole days.
    await pickOption(within(dialog).getByTestId('service-supplier'), 'UPS · 联合包裹', 's2');
    fillAndSubmit(dialog, { 'service-code': 'ups-exp', 'service-name': ' 全球快递 ', 'service-transit-min': '6', 'service-transit-max': '5' });
    await waitFor(() => expect(errorsOf(dialog, 'transit-min', 'transit-max')).toEqual(['', '最长时效不能小于最短时效!']));
    fillAndSubmit(dialog, { 'service-transit-min': '400' });
    await waitFor(() => expect(errorsOf(dialog, 'transit-min', 'transit-max')).toEqual(['时效天数须在 0 到 365 之间!', '']));
    fillAndSubmit(dialog, { 'service-transit-min': '1.5' });
    await waitFor(() => expect(errorsOf(dialog, 'transit-min')).toEqual(['请输入整数天数']));
    expect(calls(fetchMock, 'POST', '/logistics/carrierService/add')).toHaveLength(0);

    fillAndSubmit(dialog, { 'service-transit-min': '1', 'service-type': 'express' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/carrierService/add')).toEqual({
      supplierId: 's2',
      code: 'UPS-EXP',
      name: '全球快递',
      nameEn: null,
      serviceType: 'express',
      transitMin: 1,
      transitMax: 5,
      status: 1,
      remark: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('service-form')).toBeNull());
  }, 20_000);

  test('an edit keeps the record’s values; days left blank go as null and the server’s refusal shows under its field', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <ServiceListPage />,
      server({ 'PUT /logistics/carrierService/edit': { status: 409, message: 'This code already exists!', result: { field: 'code', key: 'code_taken' } } }),
      'logistics:carrierService:list',
      'logistics:carrierService:edit',
    );
    const dialog = await openDialog('service-edit', 'service-form', await rowOf('DHL-WPX'));
    expect((within(dialog).getByTestId('service-transit-min') as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByTestId('service-transit-max') as HTMLInputElement).value).toBe('5');
    await waitFor(() => expect((within(dialog).getByTestId('service-supplier') as HTMLSelectElement).value).toBe('s1'));
    fillAndSubmit(dialog, { 'service-code': 'ups-std', 'service-transit-max': '' });
    expect((await within(dialog).findByTestId('service-code-error')).textContent).toBe('This code already exists!');
    expect(bodyOf(fetchMock, 'PUT', '/logistics/carrierService/edit')).toMatchObject({ id: 'sv1', supplierId: 's1', code: 'UPS-STD', serviceType: 'express', transitMin: 2, transitMax: null, status: 1 });
  }, 15_000);

  test('delete asks first, naming the service', async () => {
    const fetchMock = openPage(<ServiceListPage />, server({ 'DELETE /logistics/carrierService/delete': { message: '删除成功!' } }), 'logistics:carrierService:list', 'logistics:carrierService:delete');
    await openDialog('service-delete', 'service-delete-confirm', await rowOf('UPS-FRT'));
    await confirmDeleteSends(fetchMock, 'service-delete-confirm', 'UPS-FRT 货运', '/logistics/carrierService/delete', { id: 'sv3' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });
});
