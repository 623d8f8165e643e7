import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, confirmDeleteSends, expectAbsent, fill, openAddForm, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import WaybillBatchListPage from './WaybillBatchListPage';

const SUPPLIERS = [{ id: 's1', code: 'UPS', name: '联合包裹', nameEn: 'UPS', title: 'UPS', apiType: 'sandbox', status: 1, createTime: '2026-01-01T00:00:00Z' }];
const BATCH = {
  id: 'b1', batchNo: 'WB2612060001', batchType: 'hawb', supplierId: 's1', supplierName: 'UPS', mawbNo: '176-12345675', origin: 'SZX', destination: 'LAX', flightNo: 'CZ327',
  flightDate: '2026-12-07', accountNo: null, shipments: 2, pieces: 3, weight: '3.75', fileName: 'WB2612060001.csv', fileSha256: 'ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12cd34ef56ab12', fileVersion: 1,
  generatedBy: 'admin', generatedTime: '2026-12-06T10:00:00Z', remark: null, createBy: 'admin', createTime: '2026-12-06T10:00:00Z',
};
const ITEMS = [
  { shipmentId: 'o1', serialNumber: 'B2C2612060001', trackNo: 'SYS0001', destination: 'US 94105', pieces: 1, weight: '1.250' },
  { shipmentId: 'o2', serialNumber: 'B2C2612060002', trackNo: 'SYS0002', destination: 'US 94105', pieces: 2, weight: '2.500' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    'GET /logistics/platformDepot/list': paged([]),
    'GET /logistics/waybillBatch/list': paged([BATCH]),
    'GET /logistics/waybillBatch/items': { result: ITEMS },
    ...extra,
  });
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:batch');
  URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('waybill batches', () => {
  test('lists the batches with their kind, MAWB and file version; the filters go to the server; without codes there are no buttons', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<WaybillBatchListPage />, server(), 'logistics:waybillBatch:list');
    const row = await rowOf('WB2612060001');
    expect(within(row).getByTestId('waybill-batch-kind').textContent).toBe('House waybills (HAWB)');
    expect(within(row).getByText('176-12345675')).toBeTruthy();
    expect(within(row).getByText('SZX → LAX · CZ327 · 2026-12-07')).toBeTruthy();
    expect(within(row).getByTestId('waybill-batch-version').textContent).toBe('v1');
    expectAbsent('waybill-batch-add', 'waybill-batch-export', 'waybill-batch-regenerate', 'waybill-batch-delete');
    await pickOption(screen.getByTestId('waybill-batch-search-type'), 'UPS PLD', 'upspld');
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/waybillBatch/list').searchParams.get('batchType')).toBe('upspld'));
    search('waybill-batch-search', { 'waybill-batch-search-no': 'wb2612', 'waybill-batch-search-mawb': '1234' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/waybillBatch/list').searchParams.get('batchNo')).toBe('WB2612'));
    expect(urlOf(fetchMock, 'GET', '/logistics/waybillBatch/list').searchParams.get('mawbNo')).toBe('1234');
  });

  test('a row downloads its file, shows its orders, regenerates and deletes after a confirmation', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(
      <WaybillBatchListPage />,
      server({
        'GET /logistics/waybillBatch/file': new Response('MAWB,Origin\r\n', { headers: { 'Content-Type': 'text/csv' } }),
        'POST /logistics/waybillBatch/regenerate': { message: '操作成功！', result: { ...BATCH, fileVersion: 2 } },
        'DELETE /logistics/waybillBatch/delete': { message: '删除成功!' },
      }),
      'logistics:waybillBatch:list',
      'logistics:waybillBatch:regenerate',
      'logistics:waybillBatch:delete',
    );
    const row = await rowOf('WB2612060001');
    fireEvent.click(within(row).getByTestId('waybill-batch-download'));
    await waitFor(() => expect(saved).toEqual(['WB2612060001.csv']));
    expect(urlOf(fetchMock, 'GET', '/logistics/waybillBatch/file').searchParams.get('id')).toBe('b1');

    fireEvent.click(within(row).getByTestId('waybill-batch-orders'));
    const drawer = await screen.findByTestId('waybill-batch-drawer');
    expect(within(drawer).getByText('批次 WB2612060001 的订单')).toBeTruthy();
    expect(await within(drawer).findByText('B2C2612060002')).toBeTruthy();
    expect(within(drawer).getByText('2 单 · 3 件 · 3.75 kg')).toBeTruthy();
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('waybill-batch-drawer')).toBeNull());

    fireEvent.click(within(row).getByTestId('waybill-batch-regenerate'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/waybillBatch/regenerate')).toEqual({ id: 'b1' });
    expect(await screen.findByText('文件已重新生成：现为第 2 版')).toBeTruthy();

    fireEvent.click(within(row).getByTestId('waybill-batch-delete'));
    await confirmDeleteSends(fetchMock, 'waybill-batch-delete-confirm', 'WB2612060001', '/logistics/waybillBatch/delete', { id: 'b1' });
  });

  test('making a batch: core checks the MAWB as the server does, the kind decides the fields, a refusal names the order', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    let refuse = true;
    const fetchMock = await openAddForm(
      <WaybillBatchListPage />,
      server({
        'POST /logistics/waybillBatch/add': () =>
          refuse ? { status: 409, message: 'Order B2C2612060009 is already in batch WB2612050001 of this kind!' } : { message: 'Added!', result: { ...BATCH, id: 'b2', batchNo: 'WB2612060002' } },
      }),
      { name: 'waybill-batch', permission: 'logistics:waybillBatch' },
      'WB2612060001',
    );
    const form = screen.getByTestId('waybill-batch-form');
    await pickOption(within(form).getByTestId('waybill-batch-carrier'), 'UPS · UPS', 's1');
    fill({ 'waybill-batch-mawb': '176-12345674', 'waybill-batch-origin': 'szx', 'waybill-batch-destination': 'LAX', 'waybill-batch-numbers': 'B2C2612060001\nB2C2612060009, B2C2612060001' }, form);
    fireEvent.click(within(form).getByTestId('waybill-batch-form-submit'));
    expect((await within(form).findByTestId('waybill-batch-mawb-error')).textContent).toContain('remainder after division by 7');
    expect(calls(fetchMock, 'POST', '/logistics/waybillBatch/add')).toHaveLength(0);

    fill({ 'waybill-batch-mawb': '176 1234 5675' }, form);
    fireEvent.click(within(form).getByTestId('waybill-batch-form-submit'));
    const sent = await sentBody(fetchMock, 'POST', '/logistics/waybillBatch/add');
    expect(sent).toMatchObject({ batchType: 'hawb', supplierId: 's1', mawbNo: '176 1234 5675', origin: 'szx', destination: 'LAX', accountNo: null, numbers: ['B2C2612060001', 'B2C2612060009'] });
    expect(await within(form).findByText('Order B2C2612060009 is already in batch WB2612050001 of this kind!')).toBeTruthy();

    // UPS PLD asks for the shipper number instead of the flight.
    fireEvent.click(within(within(form).getByTestId('waybill-batch-type-upspld')).getByRole('radio', { hidden: true }));
    await waitFor(() => expectAbsent('waybill-batch-mawb'));
    fill({ 'waybill-batch-account': '12' }, form);
    fireEvent.click(within(form).getByTestId('waybill-batch-form-submit'));
    expect((await within(form).findByTestId('waybill-batch-account-error')).textContent).toBe('A UPS account number has 6 letters or digits!');
    refuse = false;
    fill({ 'waybill-batch-account': 'a1b2c3' }, form);
    fireEvent.click(within(form).getByTestId('waybill-batch-form-submit'));
    const made = await sentBody(fetchMock, 'POST', '/logistics/waybillBatch/add', 2);
    expect(made).toMatchObject({ batchType: 'upspld', accountNo: 'a1b2c3', mawbNo: null, origin: null });
    // The new batch opens with its orders.
    expect(await screen.findByText('Orders of batch WB2612060002')).toBeTruthy();
  });
});
