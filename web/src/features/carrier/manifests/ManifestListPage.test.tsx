import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, expectAbsent, openDialog, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { setToken } from '../../../lib/session';
import { localToday } from '../dispatch/api';
import ManifestListPage from './ManifestListPage';

const SUPPLIERS = [{ id: 's1', code: 'UPS', name: '联合包裹', nameEn: 'UPS', title: 'UPS', apiType: 'sandbox', status: 1, createTime: '2026-01-01T00:00:00Z' }];
const DEPOTS = [
  { id: 'd1', code: 'SZ-WH', name: '深圳仓', nameEn: 'Shenzhen warehouse', title: 'Shenzhen warehouse', depotType: 'warehouse', supplierId: null, country: 'CN', status: 1, createTime: '2026-01-01T00:00:00Z' },
];
const MANIFEST = {
  id: 'm1', manifestNo: 'MF2612020001', supplierId: 's1', supplierName: 'UPS', depotId: 'd1', depotName: 'Shenzhen warehouse', manifestDate: '2026-12-02', dispatches: 1, shipments: 2, pieces: 3,
  weight: '3.750', carrierRef: 'SBXM5F2A', createBy: 'demo_admin', createTime: '2026-12-02T10:00:00Z',
};
const NEW = { ...MANIFEST, id: 'm2', manifestNo: 'MF2612030001', manifestDate: '2026-12-03', carrierRef: 'SBXM77' };

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    'GET /logistics/platformDepot/list': paged(DEPOTS),
    'GET /logistics/manifest/list': paged([MANIFEST]),
    ...extra,
  });
}

/** The names files are saved under (the temporary link's `download`). */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:manifest');
  URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const file = (type: string, name?: string) =>
  new Response('%PDF-1.7', { headers: { 'Content-Type': type, ...(name ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}) } });

describe('manifests', () => {
  test('lists the closed days; the filters go to the server; without the close code there is no close button', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<ManifestListPage />, server(), 'logistics:manifest:list', 'logistics:manifest:export');
    const row = await rowOf('MF2612020001');
    expect(within(row).getByText('UPS')).toBeTruthy();
    expect(within(row).getByText('2026-12-02')).toBeTruthy();
    expect(within(row).getByText('SBXM5F2A')).toBeTruthy();
    expect(within(row).getByText('demo_admin')).toBeTruthy();
    expect(screen.getByTestId('manifest-export')).toBeTruthy();
    expectAbsent('manifest-close-open', 'manifest-add');
    const first = urlOf(fetchMock, 'GET', '/logistics/manifest/list', 0);
    expect([first.searchParams.get('column'), first.searchParams.get('order')]).toEqual(['createTime', 'desc']);

    await pickOption(screen.getByTestId('manifest-search-carrier'), 'UPS · UPS', 's1');
    search('manifest-search', { 'manifest-search-no': 'mf2612', 'manifest-search-date': '2026-12-02', 'manifest-search-depot': 'd1' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/manifest/list').searchParams.get('manifestNo')).toBe('MF2612'));
    const url = urlOf(fetchMock, 'GET', '/logistics/manifest/list');
    expect([url.searchParams.get('supplierId'), url.searchParams.get('depotId'), url.searchParams.get('manifestDate')]).toEqual(['s1', 'd1', '2026-12-02']);
  });

  test('a row downloads its PDF and workbook with the session token, saved under the manifest number', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(
      <ManifestListPage />,
      server({
        'GET /logistics/manifest/pdf': file('application/pdf', 'MF2612020001.pdf'),
        'GET /logistics/manifest/xlsx': file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      }),
      'logistics:manifest:list',
    );
    setToken('tok-1');
    const row = await rowOf('MF2612020001');
    fireEvent.click(within(row).getByTestId('manifest-pdf'));
    await waitFor(() => expect(saved).toEqual(['MF2612020001.pdf']));
    expect(urlOf(fetchMock, 'GET', '/logistics/manifest/pdf').searchParams.get('id')).toBe('m1');
    expect(urlOf(fetchMock, 'GET', '/logistics/manifest/pdf').searchParams.get('token')).toBe('tok-1');
    expect(String(calls(fetchMock, 'GET', '/logistics/manifest/pdf')[0]?.[0])).toMatch(/^\/boot\/logistics\/manifest\/pdf\?id=m1&/);

    // Without a name from the server: the manifest's number.
    fireEvent.click(within(row).getByTestId('manifest-xlsx'));
    await waitFor(() => expect(saved).toEqual(['MF2612020001.pdf', 'MF2612020001.xlsx']));
    expect(urlOf(fetchMock, 'GET', '/logistics/manifest/xlsx').searchParams.get('id')).toBe('m1');
    expect(screen.getByLabelText('下载出货清单 MF2612020001 的 Excel')).toBeTruthy();
  });

  test('a refused download says why', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    openPage(<ManifestListPage />, server({ 'GET /logistics/manifest/pdf': { status: 503, message: 'No label font on the server' } }), 'logistics:manifest:list');
    fireEvent.click(within(await rowOf('MF2612020001')).getByTestId('manifest-pdf'));
    expect(await screen.findByText('No label font on the server')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  test('closing a day sends the carrier, depot and day; a refusal shows above the fields; the new manifest shows with its files', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    let refuse = true;
    const fetchMock = openPage(
      <ManifestListPage />,
      server({
        'POST /logistics/manifest/close': () =>
          refuse ? { status: 409, message: "UPS's manifest for 2026-12-02 at Shenzhen warehouse is closed (MF2612020001): choose another day!" } : { message: 'Operation succeeded!', result: NEW },
        'GET /logistics/manifest/pdf': file('application/pdf', 'MF2612030001.pdf'),
      }),
      'logistics:manifest:list',
      'logistics:manifest:close',
    );
    await rowOf('MF2612020001');
    const dialog = await openDialog('manifest-close-open', 'manifest-close');
    expect((within(dialog).getByTestId('manifest-close-date') as HTMLInputElement).value).toBe(localToday());
    expect(within(dialog).getByTestId('manifest-close-warning').textContent).toContain('Closing a day puts every dispatch');

    // Nothing chosen: the form says so, nothing is sent.
    fireEvent.click(within(dialog).getByTestId('manifest-close-submit'));
    expect((await within(dialog).findByTestId('manifest-close-carrier-error')).textContent).toBe('Choose the carrier');
    expect(calls(fetchMock, 'POST', '/logistics/manifest/close')).toHaveLength(0);

    await pickOption(within(dialog).getByTestId('manifest-close-carrier'), 'UPS · UPS', 's1');
    await pickOption(within(dialog).getByTestId('manifest-close-depot'), 'SZ-WH · Shenzhen warehouse', 'd1');
    fireEvent.change(within(dialog).getByTestId('manifest-close-date'), { target: { value: '2026-12-02' } });
    expect(within(dialog).getByTestId('manifest-close-warning').textContent).toBe(
      'This closes 2026-12-02 for UPS · UPS at SZ-WH · Shenzhen warehouse: every dispatch of that day goes into the manifest, and no dispatch can be made for that day afterwards.',
    );
    fireEvent.click(within(dialog).getByTestId('manifest-close-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/manifest/close')).toEqual({ supplierId: 's1', depotId: 'd1', date: '2026-12-02' });
    expect((await within(dialog).findByTestId('manifest-close-error')).textContent).toBe("UPS's manifest for 2026-12-02 at Shenzhen warehouse is closed (MF2612020001): choose another day!");

    refuse = false;
    fireEvent.change(within(dialog).getByTestId('manifest-close-date'), { target: { value: '2026-12-03' } });
    fireEvent.click(within(dialog).getByTestId('manifest-close-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/manifest/close', 2)).toEqual({ supplierId: 's1', depotId: 'd1', date: '2026-12-03' });
    const closed = await screen.findByTestId('manifest-closed');
    expect(within(closed).getByTestId('manifest-closed-no').textContent).toBe('MF2612030001');
    expect(within(closed).getByText('2 order(s)', { exact: false })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('manifest-close')).toBeNull());
    // The list is asked again, and the new manifest's PDF is there at once.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/logistics/manifest/list').length).toBeGreaterThanOrEqual(2));
    fireEvent.click(within(closed).getByTestId('manifest-pdf'));
    await waitFor(() => expect(saved).toEqual(['MF2612030001.pdf']));
    expect(urlOf(fetchMock, 'GET', '/logistics/manifest/pdf').searchParams.get('id')).toBe('m2');
  }, 20_000);

  test('core refuses a day that is no real date before anything is sent', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(<ManifestListPage />, server(), 'logistics:manifest:list', 'logistics:manifest:close');
    await rowOf('MF2612020001');
    const dialog = await openDialog('manifest-close-open', 'manifest-close');
    await pickOption(within(dialog).getByTestId('manifest-close-carrier'), 'UPS · UPS', 's1');
    await pickOption(within(dialog).getByTestId('manifest-close-depot'), 'SZ-WH · Shenzhen warehouse', 'd1');
    // What a browser without a date picker lets through.
    const date = within(dialog).getByTestId('manifest-close-date') as HTMLInputElement;
    date.type = 'text';
    fireEvent.change(date, { target: { value: '2026-02-30' } });
    fireEvent.click(within(dialog).getByTestId('manifest-close-submit'));
    expect((await within(dialog).findByTestId('manifest-close-date-error')).textContent).toBe('日期须为 YYYY-MM-DD 格式的有效日期!');
    expect(calls(fetchMock, 'POST', '/logistics/manifest/close')).toHaveLength(0);
  });
});
