import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { bodyOf, calls, confirmSends, openPage, paged, rowOf, urlOf } from '../../test/list';
import OutBatchListPage from './OutBatchListPage';
import OutPackageListPage from './OutPackageListPage';
import PdaOutPackPage from './PdaOutPackPage';
import PredictShipmentListPage from './PredictShipmentListPage';
import SortPackPage from './SortPackPage';

const INBOUND = {
  id: 'i1', customerId: 'c1', shipmentId: 's1', shipmentParcelId: 'p1', serialNumber: 'B2C1', parcelSerialNumber: 'B2C1-2', scannedNo: 'LX1CN', trackNo: null,
  sysTrackNo: 'LX1CN', channelProductId: 'cp1', channelId: 'ch1', country: 'US', depot: null, inboundStatus: 'received', length: null, width: null, height: null, weight: '2.4',
  bulky: '0', declaredWeight: '2', currency: 'CNY', heldAmount: '40.00', chargedAmount: null, adjustment: null, packageId: 'pk1', packageNo: 'PK20261203001', remark: null, createBy: 'wh1',
  createTime: '2026-12-03T08:00:00Z', updateTime: null,
};
const PACKAGE = {
  id: 'pk1', packageNo: 'PK20261203001', channelId: 'ch1', channelProductId: 'cp1', country: 'US', depot: null, transportType: 'air', packageStatus: 'open', pieces: 1, weight: '2.4',
  batchId: null, batchNo: null, remark: null, createBy: 'wh1', createTime: '2026-12-03T08:01:00Z', updateTime: null,
};
const PACKED = { package: PACKAGE, inbound: INBOUND, created: true, orderSorted: false, serialNumber: 'B2C1' };
const CHANNEL = { id: 'ch1', code: 'UPS', name: 'UPS Saver', title: 'UPS Saver', supplierId: 'sup1', status: 1, createTime: '2026-01-01T00:00:00Z' };
const BATCH = {
  id: 'b1', batchNo: 'OB20261203001', channelId: null, batchStatus: 'open', packages: 1, pieces: 1, weight: '2.4', remark: null, handedBy: null, handedTime: null, createBy: 'wh1',
  createTime: '2026-12-03T09:00:00Z', updateTime: null,
};
const BATCHED = { ...PACKAGE, packageStatus: 'batched', batchId: 'b1', batchNo: 'OB20261203001' };

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

let online = true;
const vibrate = vi.fn<(pattern: VibratePattern) => boolean>(() => true);

beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
  vibrate.mockClear();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  Reflect.deleteProperty(navigator, 'vibrate');
  // TanStack Query follows the window's online events too: back online for the next test.
  window.dispatchEvent(new Event('online'));
});

/** Types a number into the scan field and presses Enter, as a keyboard-wedge scanner does. */
function scanInto(testId: string, number: string) {
  const input = screen.getByTestId(testId);
  fireEvent.change(input, { target: { value: number } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('sort-pack', () => {
  test('a scanned parcel is packed: the package shows large; a forced package refused shows inline; Undo unpacks the last parcel', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'GET /logistics/outPackage/list': paged([PACKAGE]),
      'GET /logistics/channel/list': paged([CHANNEL]),
      'GET /logistics/inbound/list': paged([INBOUND]),
      'POST /logistics/outPackage/pack': (body) =>
        (body as { packageNo?: string | null }).packageNo
          ? { status: 409, message: 'Parcel B2C2-1 differs from package PK9 in channel, country, depot or transport type: it cannot go in!' }
          : { result: PACKED },
      'POST /logistics/outPackage/unpack': { result: { ...PACKAGE, pieces: 0, weight: '0' } },
    });
    openPage(<SortPackPage />, fetchMock, 'logistics:outPackage:list', 'logistics:outPackage:add');
    const number = await screen.findByTestId('sort-pack-number');
    await waitFor(() => expect(document.activeElement).toBe(number));
    // The open packages are listed below.
    await rowOf('PK20261203001');
    expect(urlOf(fetchMock, 'GET', '/logistics/outPackage/list').searchParams.get('packageStatus')).toBe('open');

    scanInto('sort-pack-number', ' lx1cn ');
    const result = await screen.findByTestId('sort-pack-result');
    expect(within(result).getByTestId('sort-pack-package').textContent).toBe('→ PK20261203001');
    expect(within(result).getByTestId('sort-pack-new').textContent).toBe('New package');
    expect(within(result).getByTestId('sort-pack-parcel').textContent).toBe('Parcel B2C1-2 · order B2C1');
    expect(within(result).getByTestId('sort-pack-country').textContent).toBe('US');
    expect(within(result).getByTestId('sort-pack-pieces').textContent).toBe('1');
    expect(within(result).getByTestId('sort-pack-weight').textContent).toBe('2.4 kg');
    expect(bodyOf(fetchMock, 'POST', '/logistics/outPackage/pack')).toEqual({ number: 'lx1cn', packageNo: null });
    expect(headerOf(calls(fetchMock, 'POST', '/logistics/outPackage/pack')[0]?.[1], 'Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect((number as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(number);
    expect(vibrate).toHaveBeenLastCalledWith(80);
    await waitFor(() => expect(within(result).getByText('UPS · UPS Saver')).toBeTruthy());

    // A fixed package the parcel does not fit: the server's message, inline, with an error buzz.
    fireEvent.change(screen.getByTestId('sort-pack-fixed'), { target: { value: 'pk9' } });
    expect((screen.getByTestId('sort-pack-fixed') as HTMLInputElement).value).toBe('PK9');
    scanInto('sort-pack-number', 'LX2CN');
    expect((await screen.findByTestId('sort-pack-problem')).textContent).toBe(
      'Parcel B2C2-1 differs from package PK9 in channel, country, depot or transport type: it cannot go in!',
    );
    expect(bodyOf(fetchMock, 'POST', '/logistics/outPackage/pack')).toEqual({ number: 'LX2CN', packageNo: 'PK9' });
    expect(screen.queryByTestId('sort-pack-result')).toBeNull();
    expect(vibrate).toHaveBeenLastCalledWith([200, 80, 200]);
    expect((number as HTMLInputElement).value).toBe('LX2CN');

    // Undo takes the last packed parcel out again.
    expect(screen.getAllByTestId('sort-pack-recent-row').map((row) => row.textContent)).toEqual(['B2C1-2 → PK20261203001']);
    fireEvent.click(screen.getByTestId('sort-pack-undo'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/logistics/outPackage/unpack')).toHaveLength(1));
    expect(bodyOf(fetchMock, 'POST', '/logistics/outPackage/unpack')).toEqual({ number: 'B2C1-2' });
    expect(await screen.findByText('Parcel B2C1-2 taken out of package PK20261203001')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('sort-pack-recent')).toBeNull());
    expect((screen.getByTestId('sort-pack-undo') as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(number);
  });

  test('an open package shows its parcels in a drawer', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = fakeServer({ 'GET /logistics/outPackage/list': paged([PACKAGE]), 'GET /logistics/inbound/list': paged([INBOUND]) });
    openPage(<SortPackPage />, fetchMock, 'logistics:outPackage:list', 'logistics:outPackage:add');
    fireEvent.click(within(await rowOf('PK20261203001')).getByTestId('out-package-parcels'));
    const drawer = await screen.findByTestId('out-package-parcels-drawer');
    expect(within(drawer).getByText('包 PK20261203001 的包裹')).toBeTruthy();
    expect(await within(drawer).findByText('B2C1-2')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/logistics/inbound/list').searchParams.get('packageNo')).toBe('PK20261203001');
  });
});

describe('out-package list', () => {
  test('filters by status and number; an open empty package can be deleted, others not', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const empty = { ...PACKAGE, id: 'pk2', packageNo: 'PK20261203002', pieces: 0, weight: '0' };
    const batched = { ...BATCHED, id: 'pk3', packageNo: 'PK20261203003' };
    const fetchMock = fakeServer({
      'GET /logistics/outPackage/list': paged([PACKAGE, empty, batched]),
      'DELETE /logistics/outPackage/delete': { message: 'Deleted' },
    });
    openPage(<OutPackageListPage />, fetchMock, 'logistics:outPackage:list', 'logistics:outPackage:add', 'logistics:outPackage:delete', 'logistics:outPackage:export');
    const emptyRow = await rowOf('PK20261203002');
    expect(within(emptyRow).getByTestId('out-package-status').textContent).toBe('Open');
    expect(within(await rowOf('OB20261203001')).getByTestId('out-package-status').textContent).toBe('Batched');
    expect(within(await rowOf('PK20261203001')).queryByTestId('out-package-delete')).toBeNull();
    expect(screen.getByTestId('out-package-export')).toBeTruthy();
    expect(screen.getByTestId('out-package-add')).toBeTruthy();

    fireEvent.click(within(emptyRow).getByTestId('out-package-delete'));
    await confirmSends(fetchMock, 'out-package-delete-confirm', 'PK20261203002', 'DELETE', '/logistics/outPackage/delete');
    expect(urlOf(fetchMock, 'DELETE', '/logistics/outPackage/delete').searchParams.get('id')).toBe('pk2');

    fireEvent.change(screen.getByTestId('out-package-search-no'), { target: { value: 'pk2026' } });
    fireEvent.change(screen.getByTestId('out-package-search-status'), { target: { value: 'batched' } });
    fireEvent.click(screen.getByTestId('out-package-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/outPackage/list').searchParams.get('packageNo')).toBe('PK2026'));
    expect(urlOf(fetchMock, 'GET', '/logistics/outPackage/list').searchParams.get('packageStatus')).toBe('batched');
  });
});

describe('package labels', () => {
  test('a package row prints its label: the PDF opens in a new tab', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const tab = { location: { href: '' }, close: vi.fn<() => void>() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:package-label');
    const fetchMock = fakeServer({
      'GET /logistics/outPackage/list': paged([PACKAGE]),
      'GET /logistics/outPackage/label': new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    openPage(<OutPackageListPage />, fetchMock, 'logistics:outPackage:list');
    fireEvent.click(within(await rowOf('PK20261203001')).getByTestId('out-package-label'));
    await waitFor(() => expect(tab.location.href).toBe('blob:package-label'));
    expect(urlOf(fetchMock, 'GET', '/logistics/outPackage/label').searchParams.get('ids')).toBe('pk1');
    open.mockRestore();
  });
});

describe('out-batch list', () => {
  test('the batch drawer: a refused package shows the spec message inline; an added one updates the totals; hand over is confirmed first, then read-only', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'GET /logistics/outBatch/list': paged([BATCH]),
      'GET /logistics/outPackage/list': paged([BATCHED]),
      'POST /logistics/outBatch/addPackage': (body) =>
        (body as { packageNo: string }).packageNo === 'PK404'
          ? { status: 400, message: 'no package found, please check whether the package number is correct' }
          : { result: { ...BATCH, packages: 2, pieces: 3, weight: '7.4' } },
      'POST /logistics/outBatch/handOver': { result: { ...BATCH, packages: 2, pieces: 3, weight: '7.4', batchStatus: 'handed', handedBy: 'wh1', handedTime: '2026-12-03T10:00:00Z' } },
    });
    openPage(<OutBatchListPage />, fetchMock, 'logistics:outBatch:list', 'logistics:outBatch:add', 'logistics:outBatch:handOver');
    fireEvent.click(within(await rowOf('OB20261203001')).getByTestId('out-batch-open'));
    const drawer = await screen.findByTestId('out-batch-drawer');
    expect(await within(drawer).findByText('PK20261203001')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/logistics/outPackage/list').searchParams.get('batchNo')).toBe('OB20261203001');
    expect(within(drawer).getByTestId('out-batch-totals').textContent).toBe('1 package(s) · 1 parcel(s) · 2.4 kg');
    await waitFor(() => expect(document.activeElement).toBe(within(drawer).getByTestId('out-batch-scan')));

    scanInto('out-batch-scan', ' PK404 ');
    expect((await within(drawer).findByTestId('out-batch-problem')).textContent).toBe('no package found, please check whether the package number is correct');
    expect(bodyOf(fetchMock, 'POST', '/logistics/outBatch/addPackage')).toEqual({ batchId: 'b1', packageNo: 'PK404' });
    expect(vibrate).toHaveBeenLastCalledWith([200, 80, 200]);

    scanInto('out-batch-scan', 'PK2');
    expect((await within(drawer).findByTestId('out-batch-added')).textContent).toBe('Package PK2 added');
    expect(within(drawer).queryByTestId('out-batch-problem')).toBeNull();
    expect(within(drawer).getByTestId('out-batch-totals').textContent).toBe('2 package(s) · 3 parcel(s) · 7.4 kg');
    expect(vibrate).toHaveBeenLastCalledWith(80);

    fireEvent.click(within(drawer).getByTestId('out-batch-hand-over'));
    const dialog = await confirmSends(fetchMock, 'out-batch-hand-over-confirm', '2 package(s), 3 parcel(s), 7.4 kg go to the carrier', 'POST', '/logistics/outBatch/handOver');
    expect(dialog.textContent).toContain('Hand over batch OB20261203001?');
    expect(bodyOf(fetchMock, 'POST', '/logistics/outBatch/handOver')).toEqual({ id: 'b1' });
    await waitFor(() => expect(within(drawer).getByTestId('out-batch-panel').dataset.status).toBe('handed'));
    expect(within(drawer).getByTestId('out-batch-read-only')).toBeTruthy();
    expect(within(drawer).queryByTestId('out-batch-scan')).toBeNull();
    expect(within(drawer).queryByTestId('out-batch-hand-over')).toBeNull();
    expect(within(drawer).queryByTestId('out-batch-remove-package')).toBeNull();
    expect(within(drawer).getByTestId('out-batch-status').textContent).toBe('Handed over');
  });

  test('hand over of an empty batch: the refusal shows in the drawer', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const empty = { ...BATCH, packages: 0, pieces: 0, weight: '0' };
    const fetchMock = fakeServer({
      'GET /logistics/outBatch/list': paged([empty]),
      'GET /logistics/outPackage/list': paged([]),
      'POST /logistics/outBatch/handOver': { status: 400, message: '没有包裹!' },
    });
    openPage(<OutBatchListPage />, fetchMock, 'logistics:outBatch:list', 'logistics:outBatch:handOver', 'logistics:outBatch:delete');
    const row = await rowOf('OB20261203001');
    // Open and empty: it may be deleted.
    expect(within(row).getByTestId('out-batch-delete')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('out-batch-open'));
    const drawer = await screen.findByTestId('out-batch-drawer');
    expect(await within(drawer).findByTestId('out-batch-packages-empty')).toBeTruthy();
    // Without the add permission there is no scan field.
    expect(within(drawer).queryByTestId('out-batch-scan')).toBeNull();
    fireEvent.click(within(drawer).getByTestId('out-batch-hand-over'));
    await confirmSends(fetchMock, 'out-batch-hand-over-confirm', '0 个包、0 件、0 kg', 'POST', '/logistics/outBatch/handOver');
    expect((await within(drawer).findByTestId('out-batch-problem')).textContent).toBe('没有包裹!');
    expect(within(drawer).getByTestId('out-batch-panel').dataset.status).toBe('open');
  });
});

describe('PDA out-pack', () => {
  test('pick an open batch, scan packages: each shows in the recent scans with its state; offline pauses scanning', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'GET /logistics/outBatch/list': paged([BATCH]),
      'POST /logistics/outBatch/addPackage': (body) =>
        (body as { packageNo: string }).packageNo === 'PK9' ? { status: 409, message: "package has batch can't repeat operation" } : { result: { ...BATCH, packages: 2, pieces: 3, weight: '7.4' } },
    });
    openPage(<PdaOutPackPage />, fetchMock, 'logistics:outBatch:add', 'logistics:outBatch:handOver');
    expect(screen.getByTestId('pda-out-network').textContent).toBe('Online');
    fireEvent.click(await screen.findByTestId('pda-out-batch-option'));
    expect(urlOf(fetchMock, 'GET', '/logistics/outBatch/list').searchParams.get('batchStatus')).toBe('open');
    expect(screen.getByTestId('pda-out-batch-no').textContent).toBe('OB20261203001');
    const number = await screen.findByTestId('pda-out-number');
    await waitFor(() => expect(document.activeElement).toBe(number));

    scanInto('pda-out-number', 'pk1');
    scanInto('pda-out-number', 'PK9');
    await waitFor(() => expect(screen.getAllByTestId('pda-out-scan').map((card) => card.dataset.state)).toEqual(['failed', 'added']));
    const [refused, added] = screen.getAllByTestId('pda-out-scan');
    expect(within(added).getByText('PK1')).toBeTruthy();
    expect(within(added).getByTestId('pda-out-scan-state').textContent).toBe('Added');
    expect(within(refused).getByTestId('pda-out-scan-message').textContent).toBe("package has batch can't repeat operation");
    expect(calls(fetchMock, 'POST', '/logistics/outBatch/addPackage').map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([
      { batchId: 'b1', packageNo: 'pk1' },
      { batchId: 'b1', packageNo: 'PK9' },
    ]);
    expect(screen.getByTestId('out-batch-totals').textContent).toBe('2 package(s) · 3 parcel(s) · 7.4 kg');
    expect(vibrate).toHaveBeenCalledWith(80);
    expect(vibrate).toHaveBeenCalledWith([200, 80, 200]);

    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('pda-out-offline')).toBeTruthy();
    expect(screen.getByTestId('pda-out-network').textContent).toBe('Offline');
    expect((screen.getByTestId('pda-out-number') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('pda-out-hand-over') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByTestId('pda-out-number'), { key: 'Enter' });
    expect(calls(fetchMock, 'POST', '/logistics/outBatch/addPackage')).toHaveLength(2);
  });
});

describe('predict shipments', () => {
  test('lists the submitted orders with their numbers, customer, pieces, weight, product, country and submit time; filters and export keep the status', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const order = {
      id: 's7', customerId: 'c1', customer: 'acme', shipmentType: 'B2C', serialNumber: 'B2C7', channelProductId: 'cp1', channelProductCode: 'UPS-SAVER', channelProductName: 'UPS Saver',
      orderMethod: 'single', shipmentResource: 'web', shipmentStatus: 'submitted', printStatus: 'unprinted', printCount: 0, locationStatus: 'notArrived', shipmentPieces: 2,
      shipmentWeight: '3.5', declaredValue: '20.00', currency: 'USD', actions: [], sysTrackNo: 'LX7CN', consigneeCountry: 'DE', submitTime: '2026-12-02T06:30:00Z',
      createTime: '2026-12-02T06:00:00Z',
    };
    const fetchMock = fakeServer({ 'GET /logistics/shipment/list': paged([order]), 'GET /logistics/shipment/exportXls': { result: null } });
    openPage(<PredictShipmentListPage />, fetchMock, 'logistics:shipment:list', 'logistics:shipment:export');
    const row = await rowOf('B2C7');
    for (const text of ['acme', 'LX7CN', '2', '3.5', 'UPS Saver', 'UPS-SAVER', 'DE']) expect(within(row).getByText(text)).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/logistics/shipment/list').searchParams.get('shipmentStatus')).toBe('submitted');

    fireEvent.change(screen.getByTestId('predict-shipment-search-numbers'), { target: { value: 'B2C7 LX8CN' } });
    fireEvent.change(screen.getByTestId('predict-shipment-search-country'), { target: { value: 'de' } });
    fireEvent.change(screen.getByTestId('predict-shipment-search-from'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('predict-shipment-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/shipment/list').searchParams.get('numbers')).toBe('B2C7 LX8CN'));
    const list = urlOf(fetchMock, 'GET', '/logistics/shipment/list');
    expect(list.searchParams.get('consigneeCountry')).toBe('DE');
    expect(list.searchParams.get('createTime_begin')).toBe('2026-12-01');
    expect(list.searchParams.get('shipmentStatus')).toBe('submitted');

    fireEvent.click(screen.getByTestId('predict-shipment-export'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/logistics/shipment/exportXls')).toHaveLength(1));
    const exported = urlOf(fetchMock, 'GET', '/logistics/shipment/exportXls');
    expect(exported.searchParams.get('shipmentStatus')).toBe('submitted');
    expect(exported.searchParams.get('numbers')).toBe('B2C7 LX8CN');
  });
});
