import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { setUserInfo } from '../../../lib/session';
import { fakeServer, testUser } from '../../../test/api';
import { calls, expectAbsent, expectFirstSort, openPage, paged, rowOf, search, urlOf } from '../../../test/list';
import DeliveryNumberListPage from './DeliveryNumberListPage';

const LIST = '/logistics/deliveryNumber/list';
const EXPORT = '/logistics/deliveryNumber/exportXls';

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
];

function server() {
  return fakeServer({
    [`GET ${LIST}`]: paged(NUMBERS),
    [`GET ${EXPORT}`]: { result: null },
  });
}

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
    expectAbsent('delivery-number-add', 'delivery-number-batch-delete', 'row-checkbox');
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
});
