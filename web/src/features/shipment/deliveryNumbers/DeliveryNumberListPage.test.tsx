import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser, type FakeRoutes } from '../../../test/api';
import { calls, expectAbsent, expectFirstSort, fillAndSubmit, openDialog, openPage, paged, rowOf, search, sentBody, tickRows, urlOf } from '../../../test/list';
import DeliveryNumberListPage from './DeliveryNumberListPage';

const LIST = '/logistics/deliveryNumber/list';
const EXPORT = '/logistics/deliveryNumber/exportXls';
const VOID = '/logistics/deliveryNumber/void';

const NUMBERS = [
  {
    id: 'n1',
    customerId: 'c1',
    trackNo: 'LP000000017CN',
    shipmentId: 's1',
    serialNumber: 'B2C261125000001',
    shipmentType: 'B2C',
    shipmentParcelId: 'p1',
    parcelSerialNumber: 'B2C261125000001-001',
    channelProductId: 'cp1',
    channelProductCode: 'EXP-B2C',
    channelId: null,
    segmentId: 'seg1',
    thirdId: null,
    thirdMark: null,
    createTime: '2026-11-25T02:00:00Z',
  },
  {
    id: 'n2',
    customerId: 'c1',
    trackNo: '1Z999AA10123456784',
    shipmentId: 's2',
    serialNumber: 'FBA261125000002',
    shipmentType: 'FBA',
    shipmentParcelId: null,
    parcelSerialNumber: null,
    channelProductId: 'cp2',
    channelProductCode: 'UPS-FBA',
    channelId: 'ch1',
    segmentId: null,
    thirdId: 'UPS-778899',
    thirdMark: 'label printed',
    createTime: '2026-11-26T02:00:00Z',
  },
  {
    id: 'n3',
    customerId: 'c1',
    trackNo: 'LP000000025CN',
    shipmentId: 's3',
    serialNumber: 'B2C261125000003',
    shipmentType: 'B2C',
    shipmentParcelId: null,
    parcelSerialNumber: null,
    channelProductId: 'cp1',
    channelProductCode: 'EXP-B2C',
    channelId: null,
    segmentId: 'seg1',
    thirdId: null,
    thirdMark: null,
    createTime: '2026-11-24T02:00:00Z',
    voidTime: '2026-11-27T02:00:00Z',
    voidBy: 'admin',
    voidReason: '订单取消，承运商已撤单',
  },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    [`GET ${LIST}`]: paged(NUMBERS),
    [`GET ${EXPORT}`]: { result: null },
    ...extra,
  });
}

/** Staff who may void numbers. */
const asStaff = () => setUserInfo(testUser({ id: 'u1', username: 'admin', userKind: 'admin' }));

beforeEach(() => {
  setUserInfo(testUser({ id: 'c1', username: 'acme', userKind: 'customer' }));
});

describe('delivery numbers page', () => {
  test('lists the numbers with their order and parcel, product and carrier id; read-only', async () => {
    const fetchMock = openPage(<DeliveryNumberListPage />, server(), 'logistics:deliveryNumber:list');
    const parcel = await rowOf('LP000000017CN');
    expect(within(parcel).getByText('B2C261125000001')).toBeTruthy();
    expect(within(parcel).getByText('B2C261125000001-001')).toBeTruthy();
    expect(within(parcel).getByText('EXP-B2C')).toBeTruthy();
    const carrier = await rowOf('1Z999AA10123456784');
    expect(within(carrier).getByText('UPS-778899')).toBeTruthy();
    expect(within(carrier).getByText('label printed')).toBeTruthy();
    expectFirstSort(fetchMock, LIST, 'createTime', 'desc');
    // Customers void nothing: no ticks, no void buttons.
    expectAbsent('delivery-number-add', 'delivery-number-batch-delete', 'row-checkbox', 'delivery-number-batch-void', 'delivery-number-void');
    expect(screen.getByTestId('delivery-number-export')).toBeTruthy();
  });

  test('numbers pasted in bulk and the day range go to the server, and to the export', async () => {
    const fetchMock = openPage(<DeliveryNumberListPage />, server(), 'logistics:deliveryNumber:list');
    await rowOf('LP000000017CN');
    search('delivery-number-search', { 'delivery-number-search-numbers': 'LP000000017CN,UPS-778899', 'delivery-number-search-from': '2026-11-01', 'delivery-number-search-to': '2026-11-30' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('numbers')).toBe('LP000000017CN,UPS-778899'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('createTime_begin')).toBe('2026-11-01');
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('createTime_end')).toBe('2026-11-30');
    fireEvent.click(screen.getByTestId('delivery-number-export'));
    await waitFor(() => expect(calls(fetchMock, 'GET', EXPORT)).toHaveLength(1));
    expect(urlOf(fetchMock, 'GET', EXPORT).searchParams.get('numbers')).toBe('LP000000017CN,UPS-778899');
  });

  test('a void number shows a red tag with its reason; in use or void is a filter', async () => {
    const fetchMock = openPage(<DeliveryNumberListPage />, server(), 'logistics:deliveryNumber:list');
    const voided = await rowOf('LP000000025CN');
    const tag = within(voided).getByTestId('delivery-number-voided');
    expect(within(tag).getByText('已作废')).toBeTruthy();
    expect(within(tag).getByText('订单取消，承运商已撤单')).toBeTruthy();
    expect(tag.getAttribute('title')).toContain('订单取消，承运商已撤单');
    expect(within(await rowOf('LP000000017CN')).queryByTestId('delivery-number-voided')).toBeNull();
    search('delivery-number-search', { 'delivery-number-search-voided': 'true' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('voided')).toBe('true'));
    search('delivery-number-search', { 'delivery-number-search-voided': 'false' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('voided')).toBe('false'));
  });

  test('staff void a selection with a reason; a void number cannot be picked again', async () => {
    asStaff();
    const fetchMock = openPage(<DeliveryNumberListPage />, server({ [`POST ${VOID}`]: { message: 'ok', result: { voided: 2 } } }), 'logistics:deliveryNumber:list', 'logistics:deliveryNumber:void');
    const voided = await rowOf('LP000000025CN');
    expect((within(voided).getByTestId('row-checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(voided).queryByTestId('delivery-number-void')).toBeNull();
    expect((screen.getByTestId('delivery-number-batch-void') as HTMLButtonElement).disabled).toBe(true);

    await tickRows(['LP000000017CN', '1Z999AA10123456784']);
    expect(screen.getByTestId('table-selected').textContent).toContain('2');
    const dialog = await openDialog('delivery-number-batch-void', 'delivery-number-void-form');
    expect(within(dialog).getByTestId('delivery-number-void-numbers').textContent).toContain('LP000000017CN, 1Z999AA10123456784');
    fillAndSubmit(dialog, { 'delivery-number-void-reason': '   ' });
    expect((await within(dialog).findByTestId('delivery-number-void-reason-error')).textContent).toBe('请输入作废原因');
    expect(calls(fetchMock, 'POST', VOID)).toHaveLength(0);
    expect((within(dialog).getByTestId('delivery-number-void-reason') as HTMLTextAreaElement).maxLength).toBe(200);

    const lists = calls(fetchMock, 'GET', LIST).length;
    fillAndSubmit(dialog, { 'delivery-number-void-reason': ' 订单已取消 ' });
    expect(await sentBody(fetchMock, 'POST', VOID)).toEqual({ ids: ['n1', 'n2'], reason: '订单已取消' });
    expect(await screen.findByText('已作废 2 个单号')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('delivery-number-void-form')).toBeNull());
    await waitFor(() => expect(calls(fetchMock, 'GET', LIST).length).toBeGreaterThan(lists));
    expect(screen.queryByTestId('table-selected')).toBeNull();
  }, 15_000);

  test('a refused void is the server’s notice, and the dialog stays open', async () => {
    asStaff();
    const refusal = '单号 LP000000017CN 的订单 B2C261125000001 未取消，不能作废!';
    const fetchMock = openPage(<DeliveryNumberListPage />, server({ [`POST ${VOID}`]: { status: 409, message: refusal } }), 'logistics:deliveryNumber:list', 'logistics:deliveryNumber:void');
    const dialog = await openDialog('delivery-number-void', 'delivery-number-void-form', await rowOf('LP000000017CN'));
    expect(within(dialog).getByTestId('delivery-number-void-numbers').textContent).toContain('LP000000017CN');
    fillAndSubmit(dialog, { 'delivery-number-void-reason': '客户要求' });
    expect(await sentBody(fetchMock, 'POST', VOID)).toEqual({ ids: ['n1'], reason: '客户要求' });
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByTestId('delivery-number-void-form')).toBeTruthy();
    expect(within(dialog).queryByTestId('delivery-number-void-form-error')).toBeNull();
  }, 15_000);
});
