import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { inTimeZone } from '../../../test/timeZone';
import { calls, expectAbsent, expectFirstSort, fill, openDialog, openPage, paged, rowOf, search, sentBody, urlOf } from '../../../test/list';
import FbaWaybillListPage from './FbaWaybillListPage';

inTimeZone('Asia/Shanghai');

const LIST = '/logistics/fbaOrder/list';
const EDIT = '/logistics/fbaOrder/edit';
const POD = '/boot/sys/common/static/pod/2026/11/receipt.pdf';

const waybill = (id: string, serialNumber: string, extra: Record<string, unknown> = {}) => ({
  id,
  customerId: 'c1',
  serialNumber,
  customerCode: null,
  fbaCode: 'FBA15ABCDE12',
  poCode: '2X3Y4Z5W',
  shipmentStatus: 'submitted',
  shipmentPieces: 10,
  sysTrackNo: null,
  trackNo: null,
  depotCode: 'ONT8',
  depotCountry: 'US',
  expectTime: null,
  realTime: null,
  batchNo: null,
  pod: null,
  updateBy: null,
  updateTime: null,
  submitTime: '2026-11-25T03:00:00Z',
  createTime: '2026-11-25T02:00:00Z',
  configCount: 0,
  pallets: 0,
  configs: [],
  ...extra,
});

const WAYBILLS = [
  waybill('s1', 'FBA261125000001'),
  waybill('s2', 'FBA261125000002', {
    fbaCode: 'FBA15ZZZZZ99',
    shipmentStatus: 'delivered',
    realTime: '2026-11-20T06:00:00Z',
    batchNo: 'IB-1203',
    pod: POD,
    configCount: 1,
    pallets: 2,
    configs: [{ fbaShipmentId: 'FBA15ZZZZZ99', serialNumber: null, pieces: 10, pallet: 2 }],
  }),
  waybill('s3', 'FBA261125000003', { fbaCode: 'FBA15CCCCC33', shipmentStatus: 'cancelled' }),
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({ [`GET ${LIST}`]: paged(WAYBILLS), ...extra });
}

/** Opens "Record delivery" of the order `serial`; answers the drawer. */
async function openRecord(serial: string) {
  return openDialog('fba-waybill-record', 'fba-waybill-form', await rowOf(serial, 'p'));
}

/** Adds a row of Amazon shipment ID and fills it (`id`, `reference`, `pieces`, `pallet`). */
function addConfig(drawer: HTMLElement, index: number, cells: Record<string, string>) {
  fireEvent.click(within(drawer).getByTestId('fba-waybill-config-add'));
  fill(Object.fromEntries(Object.entries(cells).map(([cell, value]) => [`fba-waybill-configs-${index}-${cell}`, value])), drawer);
}

beforeEach(() => {
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('FBA waybills page', () => {
  test('lists the FBA orders with their delivery: FBA number, status, delivered tag and POD; no recording for cancelled orders', async () => {
    const fetchMock = openPage(<FbaWaybillListPage />, server(), 'logistics:fbaOrder:list', 'logistics:fbaOrder:edit');
    const waiting = await rowOf('FBA261125000001', 'p');
    expect(within(waiting).getByText('FBA15ABCDE12')).toBeTruthy();
    expect(within(waiting).getByText('ONT8')).toBeTruthy();
    expect(within(waiting).getByText('已提交')).toBeTruthy();
    expect(within(waiting).queryByTestId('fba-waybill-delivered')).toBeNull();
    expect(within(waiting).getByTestId('fba-waybill-record')).toBeTruthy();
    const delivered = await rowOf('FBA261125000002', 'p');
    expect(within(delivered).getByTestId('fba-waybill-delivered').textContent).toBe('已送达');
    expect(within(delivered).getByText('2026-11-20 14:00:00')).toBeTruthy();
    expect(within(delivered).getByText('IB-1203')).toBeTruthy();
    expect(within(delivered).getByTestId('fba-waybill-pod-view').getAttribute('href')).toBe(POD);
    expect(within(await rowOf('FBA261125000003', 'p')).queryByTestId('fba-waybill-record')).toBeNull();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
    expectAbsent('fba-waybill-add', 'fba-waybill-batch-delete');
  });

  test('without the edit code there is nothing to record; numbers and status filter on the server', async () => {
    const fetchMock = openPage(<FbaWaybillListPage />, server(), 'logistics:fbaOrder:list');
    await rowOf('FBA261125000001', 'p');
    expectAbsent('fba-waybill-record');
    search('fba-waybill-search', { 'fba-waybill-search-numbers': 'FBA15ABCDE12 IB-1203', 'fba-waybill-search-status': 'delivered' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('shipmentStatus')).toBe('delivered'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('numbers')).toBe('FBA15ABCDE12 IB-1203');
  });

  test('pieces over the order’s total, a bad shipment ID and a delivery in the future are refused by core as typed; nothing is sent', async () => {
    const fetchMock = openPage(<FbaWaybillListPage />, server(), 'logistics:fbaOrder:list', 'logistics:fbaOrder:edit');
    const drawer = await openRecord('FBA261125000001');
    expect(within(drawer).getByText('尚未记录亚马逊货件')).toBeTruthy();
    addConfig(drawer, 0, { id: 'fba15aaaaa11', pieces: '8' });
    addConfig(drawer, 1, { id: 'FBA1', pieces: '5' });
    fill({ 'fba-waybill-real-time': '2999-01-01T00:00' }, drawer);
    // The running total and core's form-level message, at once.
    await waitFor(() => expect(within(drawer).getByTestId('fba-waybill-total').textContent).toBe('合计 13 / 10 件'));
    expect(within(drawer).getByTestId('fba-waybill-configs-error').textContent).toBe('各货件件数合计13，超过订单的10件!');
    expect((within(drawer).getByTestId('fba-waybill-configs-0-id') as HTMLInputElement).value).toBe('FBA15AAAAA11');

    fireEvent.click(within(drawer).getByTestId('fba-waybill-form-submit'));
    expect((await within(drawer).findByTestId('fba-waybill-configs-1-id-error')).textContent).toBe('FBA编号格式不正确（如 FBA15ABCDE12）!');
    expect(within(drawer).queryByTestId('fba-waybill-configs-0-id-error')?.textContent ?? '').toBe('');
    expect(within(drawer).getByTestId('fba-waybill-real-time-error').textContent).toBe('实际送达时间不能晚于现在');
    expect(calls(fetchMock, 'PUT', EDIT)).toHaveLength(0);

    // Every cell right, the pieces together still too many: still nothing is sent.
    fill({ 'fba-waybill-configs-1-id': 'FBA15BBBBB22', 'fba-waybill-real-time': '2026-11-21T10:00' }, drawer);
    await waitFor(() => expect(within(drawer).queryByTestId('fba-waybill-configs-1-id-error')?.textContent ?? '').toBe(''));
    fireEvent.click(within(drawer).getByTestId('fba-waybill-form-submit'));
    await waitFor(() => expect(within(drawer).queryByTestId('fba-waybill-real-time-error')?.textContent ?? '').toBe(''));
    expect(within(drawer).getByTestId('fba-waybill-configs-error').textContent).toBe('各货件件数合计13，超过订单的10件!');
    expect(calls(fetchMock, 'PUT', EDIT)).toHaveLength(0);

    // Removing the second row brings the pieces within the order's.
    fireEvent.click(within(drawer).getByTestId('fba-waybill-configs-1-remove'));
    await waitFor(() => expect(within(drawer).getByTestId('fba-waybill-total').textContent).toBe('合计 8 / 10 件'));
    expect(within(drawer).queryByTestId('fba-waybill-configs-error')).toBeNull();
  }, 15_000);

  test('recording a delivery uploads the POD and sends the times in UTC and the Amazon shipment IDs', async () => {
    const routes: FakeRoutes = {
      'POST /sys/common/upload': { message: POD, result: { url: POD } },
      [`PUT ${EDIT}`]: { message: '操作成功！', result: WAYBILLS[1] },
    };
    const fetchMock = openPage(<FbaWaybillListPage />, server(routes), 'logistics:fbaOrder:list', 'logistics:fbaOrder:edit');
    const drawer = await openRecord('FBA261125000001');
    fill({ 'fba-waybill-expect-time': '2026-11-21T09:00', 'fba-waybill-real-time': '2026-11-21T14:30', 'fba-waybill-batch-no': ' IB-1203 ' }, drawer);
    fireEvent.change(within(drawer).getByTestId('fba-waybill-pod-input'), { target: { files: [new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' })] } });
    expect((await within(drawer).findByTestId('fba-waybill-pod-link')).textContent).toBe('receipt.pdf');
    const upload = calls(fetchMock, 'POST', '/sys/common/upload')[0]?.[1]?.body as FormData;
    expect(upload.get('biz')).toBe('pod');
    addConfig(drawer, 0, { id: 'FBA15AAAAA11', reference: 'REF-A', pieces: '6', pallet: '1' });
    addConfig(drawer, 1, { id: 'FBA15BBBBB22', pieces: '4' });
    await waitFor(() => expect(within(drawer).getByTestId('fba-waybill-total').textContent).toBe('合计 10 / 10 件'));
    fireEvent.click(within(drawer).getByTestId('fba-waybill-form-submit'));
    expect(await sentBody(fetchMock, 'PUT', EDIT)).toEqual({
      shipmentId: 's1',
      expectTime: '2026-11-21T01:00:00Z',
      realTime: '2026-11-21T06:30:00Z',
      batchNo: 'IB-1203',
      pod: POD,
      configs: [
        { fbaShipmentId: 'FBA15AAAAA11', serialNumber: 'REF-A', pieces: 6, pallet: 1 },
        { fbaShipmentId: 'FBA15BBBBB22', serialNumber: null, pieces: 4, pallet: null },
      ],
    });
    expect(await screen.findByText('操作成功！')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('fba-waybill-form')).toBeNull());
  }, 15_000);

  test('a recorded delivery opens as it was; the POD can be removed', async () => {
    const fetchMock = openPage(<FbaWaybillListPage />, server({ [`PUT ${EDIT}`]: { message: '操作成功！', result: WAYBILLS[1] } }), 'logistics:fbaOrder:list', 'logistics:fbaOrder:edit');
    const drawer = await openRecord('FBA261125000002');
    expect((within(drawer).getByTestId('fba-waybill-real-time') as HTMLInputElement).value).toBe('2026-11-20T14:00');
    expect((within(drawer).getByTestId('fba-waybill-configs-0-id') as HTMLInputElement).value).toBe('FBA15ZZZZZ99');
    expect(within(drawer).getByTestId('fba-waybill-total').textContent).toBe('合计 10 / 10 件');
    fireEvent.click(within(drawer).getByTestId('fba-waybill-pod-remove'));
    await waitFor(() => expect(within(drawer).queryByTestId('fba-waybill-pod-link')).toBeNull());
    fireEvent.click(within(drawer).getByTestId('fba-waybill-form-submit'));
    expect(await sentBody(fetchMock, 'PUT', EDIT)).toMatchObject({ shipmentId: 's2', pod: null, realTime: '2026-11-20T06:00:00Z', configs: [{ fbaShipmentId: 'FBA15ZZZZZ99', pieces: 10, pallet: 2 }] });
  }, 15_000);
});
