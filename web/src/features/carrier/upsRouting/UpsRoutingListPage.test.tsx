import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmDeleteSends, expectAbsent, expectFirstSort, fillAndSubmit, openDialog, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { rangeText } from './api';
import UpsRoutingListPage from './UpsRoutingListPage';

const LIST = '/logistics/upsRouting/list';
const PERMISSION = 'logistics:upsRouting';

const COUNTRIES = [
  { code: 'US', nameZh: '美国', nameEn: 'United States', name: '美国', postalPattern: '^\\d{5}(-\\d{4})?$', enabled: true },
  { code: 'HK', nameZh: '香港', nameEn: 'Hong Kong', name: '香港', postalPattern: null, enabled: true },
];
const ROWS = [
  { id: 'r1', countryCode: 'US', postalLow: '10000', postalHigh: '10299', routingCode: 'NY 100 9-05', version: 'URC 2026-11', remark: null, createTime: '2026-12-01T02:00:00Z', updateTime: null },
  { id: 'r2', countryCode: 'HK', postalLow: '', postalHigh: '', routingCode: 'HK 000 1-00', version: null, remark: null, createTime: '2026-12-01T02:00:00Z', updateTime: null },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(ROWS),
    'GET /sys/country/queryAll': { result: COUNTRIES },
    ...extra,
  });
}

const errorsOf = (dialog: HTMLElement, ...fields: string[]) => fields.map((field) => within(dialog).queryByTestId(`ups-routing-${field}-error`)?.textContent ?? '');

beforeEach(() => {
  localStorage.setItem('Forecast_Countries', JSON.stringify(COUNTRIES));
});

describe('UPS routing codes page', () => {
  test('lists ranges by country with their code and version; the whole country reads as such', async () => {
    const fetchMock = openPage(<UpsRoutingListPage />, server(), `${PERMISSION}:list`);
    const ny = await rowOf('NY 100 9-05');
    expect(within(ny).getByText('10000–10299')).toBeTruthy();
    expect(within(ny).getByText('URC 2026-11')).toBeTruthy();
    expect(within(await rowOf('HK 000 1-00')).getByText('整个国家')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'countryCode', 'asc');
    expectAbsent('ups-routing-add', 'ups-routing-edit', 'ups-routing-delete', 'ups-routing-export', 'ups-routing-import-open');
  });

  test('country, postal start, code and version filter on the server', async () => {
    const fetchMock = openPage(<UpsRoutingListPage />, server(), `${PERMISSION}:list`);
    await rowOf('NY 100 9-05');
    search('ups-routing-search', { 'ups-routing-search-postal': '100', 'ups-routing-search-code': 'ny', 'ups-routing-search-version': 'URC 2026-11' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('postalLow')).toBe('100'));
    const url = urlOf(fetchMock, 'GET', LIST);
    expect(url.searchParams.get('routingCode')).toBe('ny');
    expect(url.searchParams.get('version')).toBe('URC 2026-11');
  });

  test('a postal code is looked up as labels do; none says why', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <UpsRoutingListPage />,
      server({ 'GET /logistics/upsRouting/lookup': { result: { countryCode: 'US', postalLow: '10000', postalHigh: '10299', routingCode: 'NY 100 9-05' } } }),
      `${PERMISSION}:list`,
    );
    await rowOf('NY 100 9-05');
    fireEvent.change(screen.getByTestId('ups-routing-lookup-postal'), { target: { value: '10001-1234' } });
    fireEvent.click(screen.getByTestId('ups-routing-lookup-submit'));
    const answer = screen.getByTestId('ups-routing-lookup-answer');
    await waitFor(() => expect(answer.textContent).toContain('NY 100 9-05'));
    expect(answer.textContent).toContain('US · 10000–10299');
    const url = urlOf(fetchMock, 'GET', '/logistics/upsRouting/lookup');
    expect([url.searchParams.get('countryCode'), url.searchParams.get('postalCode')]).toEqual(['US', '10001-1234']);
  });

  test('a lookup without a code shows the server’s message', async () => {
    openPage(<UpsRoutingListPage />, server({ 'GET /logistics/upsRouting/lookup': { status: 404, message: '没有 US 97001 的UPS路由码!', result: { key: 'ups_routing_not_found' } } }), `${PERMISSION}:list`);
    await rowOf('NY 100 9-05');
    fireEvent.change(screen.getByTestId('ups-routing-lookup-postal'), { target: { value: '97001' } });
    fireEvent.click(screen.getByTestId('ups-routing-lookup-submit'));
    await waitFor(() => expect(screen.getByTestId('ups-routing-lookup-answer').textContent).toBe('没有 US 97001 的UPS路由码!'));
  });

  test('the form is checked by core as typed (through WebAssembly) before anything is sent', async () => {
    const fetchMock = openPage(<UpsRoutingListPage />, server({ 'POST /logistics/upsRouting/add': { message: '添加成功！', result: ROWS[0] } }), `${PERMISSION}:list`, `${PERMISSION}:add`);
    await rowOf('NY 100 9-05');
    const dialog = await openDialog('ups-routing-add', 'ups-routing-form');
    fillAndSubmit(dialog, { 'ups-routing-country': 'US', 'ups-routing-low': '10299', 'ups-routing-high': '10000', 'ups-routing-code': 'NY 100 9-05' });
    await waitFor(() => expect(errorsOf(dialog, 'low')[0]).toMatch(/^邮编范围不正确/));
    fillAndSubmit(dialog, { 'ups-routing-low': '10000', 'ups-routing-high': '10299', 'ups-routing-code': 'NY/100' });
    await waitFor(() => expect(errorsOf(dialog, 'code')).toEqual(['路由码须为1-16位大写字母、数字、空格或短横线!']));
    expect(calls(fetchMock, 'POST', '/logistics/upsRouting/add')).toHaveLength(0);
    fillAndSubmit(dialog, { 'ups-routing-code': 'NY 100 9-05', 'ups-routing-version': 'manual' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/upsRouting/add')).toEqual({
      countryCode: 'US', postalLow: '10000', postalHigh: '10299', routingCode: 'NY 100 9-05', version: 'manual', remark: null,
    });
  }, 20_000);

  test('an import refused for bad rows lists them; a good one reports what it replaced', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const refused = { status: 400, message: 'Import failed: 1 errors', result: { rows: 2, countries: [], replaced: 0, added: 0, version: null, errorCount: 1, errors: [{ row: 3, column: 'countryCode', message: 'Choose a valid country or region!' }] } };
    const fetchMock = openPage(<UpsRoutingListPage />, server({ 'POST /logistics/upsRouting/importExcel': refused }), `${PERMISSION}:list`, `${PERMISSION}:import`);
    await rowOf('NY 100 9-05');
    const dialog = await openDialog('ups-routing-import-open', 'ups-routing-import-dialog');
    fireEvent.click(within(dialog).getByTestId('ups-routing-import-submit'));
    expect(await within(dialog).findByText('Choose a file')).toBeTruthy();
    const file = new File(['Country,Postal Low,Postal High,URC\nUS,10000,10299,NY 100 9-05\nUSA,1,2,X\n'], 'urc.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByTestId('ups-routing-import-file'), { target: { files: [file] } });
    fireEvent.change(within(dialog).getByTestId('ups-routing-import-version'), { target: { value: 'URC 2026-12' } });
    fireEvent.click(within(dialog).getByTestId('ups-routing-import-submit'));
    expect((await within(dialog).findByTestId('ups-routing-import-errors')).textContent).toBe('Row 3: Choose a valid country or region!');
    const sent = calls(fetchMock, 'POST', '/logistics/upsRouting/importExcel').at(-1)?.[1]?.body as FormData;
    expect(sent.get('version')).toBe('URC 2026-12');
    expect((sent.get('file') as File).name).toBe('urc.csv');
  }, 20_000);

  test('delete asks first, naming the code and its range', async () => {
    const fetchMock = openPage(<UpsRoutingListPage />, server({ 'DELETE /logistics/upsRouting/delete': { message: '删除成功!' } }), `${PERMISSION}:list`, `${PERMISSION}:delete`);
    await openDialog('ups-routing-delete', 'ups-routing-delete-confirm', await rowOf('NY 100 9-05'));
    await confirmDeleteSends(fetchMock, 'ups-routing-delete-confirm', 'NY 100 9-05（US 10000–10299）', '/logistics/upsRouting/delete', { id: 'r1' });
    expect(await screen.findByText('删除成功!')).toBeTruthy();
  });

  test('a range reads as its ends, one code, or the whole country', () => {
    expect(rangeText({ postalLow: '900', postalHigh: '961' }, 'all')).toBe('900–961');
    expect(rangeText({ postalLow: 'SW1A1AA', postalHigh: 'SW1A1AA' }, 'all')).toBe('SW1A1AA');
    expect(rangeText({ postalLow: '', postalHigh: '' }, 'all')).toBe('all');
  });
});
