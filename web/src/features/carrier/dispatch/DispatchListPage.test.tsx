import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, confirmAndWait, confirmSends, expectAbsent, fill, openDialog, openPage, paged, pickOption, rowOf, search, sentBody, urlOf } from '../../../test/list';
import { localToday, splitNumbers } from './api';
import DispatchListPage from './DispatchListPage';

const SUPPLIERS = [
  { id: 's1', code: 'UPS', name: '联合包裹', nameEn: 'UPS', title: 'UPS', apiType: 'sandbox', status: 1, createTime: '2026-01-01T00:00:00Z' },
  { id: 's2', code: 'DHL', name: '敦豪', nameEn: 'DHL', title: 'DHL', apiType: 'manual', status: 1, createTime: '2026-01-01T00:00:00Z' },
];
const DEPOTS = [
  { id: 'd1', code: 'SZ-WH', name: '深圳仓', nameEn: 'Shenzhen warehouse', title: 'Shenzhen warehouse', depotType: 'warehouse', supplierId: null, country: 'CN', status: 1, createTime: '2026-01-01T00:00:00Z' },
  { id: 'd2', code: 'HK-HUB', name: '香港交接点', nameEn: 'Hong Kong hub', title: 'Hong Kong hub', depotType: 'handover', supplierId: 's2', country: 'HK', status: 1, createTime: '2026-01-01T00:00:00Z' },
  { id: 'd3', code: 'OLD-WH', name: '旧仓', nameEn: 'Old warehouse', title: 'Old warehouse', depotType: 'warehouse', supplierId: null, country: 'CN', status: 0, createTime: '2026-01-01T00:00:00Z' },
];
const DISPATCH = {
  id: 'dp1', dispatchNo: 'DP2612020001', supplierId: 's1', supplierName: 'UPS', depotId: 'd1', depotName: 'Shenzhen warehouse', pickupDate: '2026-12-02', pickupWindow: '14:00-18:00',
  dispatchStatus: 'created', pickupRef: null, shipments: 1, pieces: 1, weight: '1.250', manifestId: null, manifestNo: null, remark: null, createBy: 'demo_admin',
  createTime: '2026-12-02T02:00:00Z', updateTime: null,
};
const ITEM = { shipmentId: 'o1', serialNumber: 'B2C261202000001', trackNo: null, sysTrackNo: 'LX000000015CN', shipmentStatus: 'submitted', country: 'US', pieces: 1, weight: '1.250', outBatchNo: null };
const CHANNELS = [
  { id: 'ch1', code: 'UPS-SZ', name: 'UPS深圳', title: 'UPS Shenzhen', supplierId: 's1', status: 1, createTime: '2026-01-01T00:00:00Z' },
  { id: 'ch2', code: 'DHL-HK', name: 'DHL香港', title: 'DHL Hong Kong', supplierId: 's2', status: 1, createTime: '2026-01-01T00:00:00Z' },
];
const BATCH = { id: 'b1', batchNo: 'OB2612020001', channelId: 'ch1', batchStatus: 'handed', packages: 2, pieces: 3, weight: '4.5', remark: null, handedBy: 'wh1', handedTime: null, createBy: 'wh1', createTime: '2026-12-02T01:00:00Z', updateTime: null };
const OTHER_BATCH = { ...BATCH, id: 'b2', batchNo: 'OB2612020002', channelId: 'ch2' };
const EMPTY_BATCH = { ...BATCH, id: 'b3', batchNo: 'OB2612020003', channelId: null, packages: 0, pieces: 0, weight: '0' };

const ALL = ['logistics:dispatch:list', 'logistics:dispatch:add', 'logistics:dispatch:pickup', 'logistics:dispatch:cancel', 'logistics:dispatch:export', 'logistics:manifest:close'];

function server(dispatches: unknown[] = [DISPATCH], extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /logistics/supplier/list': paged(SUPPLIERS),
    'GET /logistics/platformDepot/list': paged(DEPOTS),
    'GET /logistics/channel/list': paged(CHANNELS),
    'GET /logistics/outBatch/list': paged([BATCH, OTHER_BATCH, EMPTY_BATCH]),
    'GET /logistics/dispatch/list': paged(dispatches),
    'GET /logistics/dispatch/items': { result: [ITEM] },
    ...extra,
  });
}

async function openDrawer(dispatchNo = DISPATCH.dispatchNo) {
  fireEvent.click(within(await rowOf(dispatchNo)).getByTestId('dispatch-open'));
  const drawer = await screen.findByTestId('dispatch-drawer');
  await within(drawer).findByText(ITEM.serialNumber);
  return drawer;
}

const actionsShown = (drawer: HTMLElement) => within(drawer).queryAllByTestId(/^dispatch-action-/).map((button) => button.dataset.testid);

describe('numbers pasted', () => {
  test('split on lines, spaces and commas, upper-cased, each once', () => {
    expect(splitNumbers(' b2c1\nB2C2, b2c1；LX3CN\t\n\n')).toEqual(['B2C1', 'B2C2', 'LX3CN']);
    expect(splitNumbers('  ')).toEqual([]);
  });
});

describe('dispatch list', () => {
  test('lists dispatches with their localized status and pickup; the filters go to the server', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<DispatchListPage />, server([DISPATCH, { ...DISPATCH, id: 'dp2', dispatchNo: 'DP2612020002', dispatchStatus: 'picked_up', pickupRef: 'SBXP123' }]), ...ALL);
    const row = await rowOf('DP2612020001');
    expect(within(row).getByTestId('dispatch-status').textContent).toBe('Created');
    expect(within(row).getByText('14:00-18:00')).toBeTruthy();
    expect(within(await rowOf('DP2612020002')).getByTestId('dispatch-status').textContent).toBe('Picked up');
    expect(screen.getByText('SBXP123')).toBeTruthy();
    // Only a dispatch whose orders may change is edited.
    expect(within(row).getByTestId('dispatch-edit')).toBeTruthy();
    expect(within(await rowOf('DP2612020002')).queryByTestId('dispatch-edit')).toBeNull();
    expect(screen.getByTestId('dispatch-export')).toBeTruthy();

    await pickOption(screen.getByTestId('dispatch-search-carrier'), 'UPS · UPS', 's1');
    search('dispatch-search', { 'dispatch-search-no': 'dp2612', 'dispatch-search-status': 'requested', 'dispatch-search-date': '2026-12-02', 'dispatch-search-depot': 'd1' });
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/dispatch/list').searchParams.get('dispatchStatus')).toBe('requested'));
    const url = urlOf(fetchMock, 'GET', '/logistics/dispatch/list');
    expect(url.searchParams.get('dispatchNo')).toBe('DP2612');
    expect(url.searchParams.get('supplierId')).toBe('s1');
    expect(url.searchParams.get('depotId')).toBe('d1');
    expect(url.searchParams.get('pickupDate')).toBe('2026-12-02');
  });

  test('the buttons of the drawer follow core\'s dispatch actions and the button codes', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const picked = { ...DISPATCH, id: 'dp2', dispatchNo: 'DP2612020002', dispatchStatus: 'picked_up', pickupRef: 'SBXP123' };
    const manifested = { ...DISPATCH, id: 'dp3', dispatchNo: 'DP2612020003', dispatchStatus: 'manifested', manifestId: 'm1', manifestNo: 'MF2612020001' };
    openPage(<DispatchListPage />, server([DISPATCH, picked, manifested]), ...ALL);

    let drawer = await openDrawer();
    expect(actionsShown(drawer)).toEqual(['dispatch-action-request', 'dispatch-action-pickedUp', 'dispatch-action-manifest', 'dispatch-action-cancel']);
    expect(within(drawer).getByTestId('dispatch-add')).toBeTruthy();
    expect(within(drawer).getAllByTestId('dispatch-remove-order')).toHaveLength(1);
    expect(within(drawer).getByTestId('dispatch-totals').textContent).toBe('1 order(s) · 1 piece(s) · 1.250 kg');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('dispatch-drawer')).toBeNull());

    drawer = await openDrawer('DP2612020002');
    expect(actionsShown(drawer)).toEqual(['dispatch-action-manifest']);
    expect(within(drawer).queryByTestId('dispatch-add')).toBeNull();
    expect(within(drawer).queryByTestId('dispatch-remove-order')).toBeNull();
    expect(within(drawer).getByTestId('dispatch-read-only').textContent).toContain('Picked up by the carrier');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('dispatch-drawer')).toBeNull());

    drawer = await openDrawer('DP2612020003');
    expect(actionsShown(drawer)).toEqual([]);
    expect(within(drawer).getByTestId('dispatch-read-only').textContent).toContain('MF2612020001');
    expect(within(drawer).getByTestId('dispatch-fact-manifest').textContent).toBe('MF2612020001');
  });

  test('without the pickup and cancel codes only the orders change', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    openPage(<DispatchListPage />, server(), 'logistics:dispatch:list', 'logistics:dispatch:add');
    const drawer = await openDrawer();
    expect(actionsShown(drawer)).toEqual([]);
    expect(within(drawer).getByTestId('dispatch-add')).toBeTruthy();
    expectAbsent('dispatch-export');
  });

  test('pasted numbers and picked batches go in at once; a refusal shows the server\'s message', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <DispatchListPage />,
      server([DISPATCH], {
        'POST /logistics/dispatch/addShipments': (body) =>
          (body as { numbers?: string[] }).numbers?.includes('B2C9')
            ? { status: 409, message: 'Order B2C9 is already in dispatch DP2612010007!' }
            : { result: { ...DISPATCH, shipments: 4, pieces: 6, weight: '8.000' } },
      }),
      ...ALL,
    );
    const drawer = await openDrawer();
    // Only the carrier's batches with packages (or of no channel) are offered.
    const batches = await within(drawer).findByTestId('dispatch-batches');
    await within(batches).findByText('OB2612020001');
    expect(within(batches).queryByText('OB2612020002')).toBeNull();
    expect(within(batches).queryByText('OB2612020003')).toBeNull();

    fill({ 'dispatch-numbers': 'b2c9\nB2C2' }, drawer);
    expect(within(drawer).getByTestId('dispatch-numbers-count').textContent).toBe('2 number(s)');
    fireEvent.click(within(drawer).getByTestId('dispatch-add-orders'));
    expect((await within(drawer).findByTestId('dispatch-add-problem')).textContent).toBe('Order B2C9 is already in dispatch DP2612010007!');
    expect((within(drawer).getByTestId('dispatch-numbers') as HTMLTextAreaElement).value).toBe('b2c9\nB2C2');

    fill({ 'dispatch-numbers': ' b2c1, B2C2\nlx3cn  b2c1 ' }, drawer);
    fireEvent.click(within(batches).getByText('OB2612020001'));
    await waitFor(() => expect(within(drawer).getByTestId('dispatch-add-orders').textContent).toBe('Add (4)'));
    fireEvent.click(within(drawer).getByTestId('dispatch-add-orders'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/dispatch/addShipments', 2)).toEqual({ id: 'dp1', numbers: ['B2C1', 'B2C2', 'LX3CN'], outBatchIds: ['b1'] });
    expect((await within(drawer).findByTestId('dispatch-added')).textContent).toBe('3 order(s) added');
    expect(within(drawer).getByTestId('dispatch-totals').textContent).toBe('4 order(s) · 6 piece(s) · 8.000 kg');
    expect((within(drawer).getByTestId('dispatch-numbers') as HTMLTextAreaElement).value).toBe('');
    expect(within(drawer).queryByTestId('dispatch-add-problem')).toBeNull();
    // The orders are asked again.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/logistics/dispatch/items').length).toBeGreaterThanOrEqual(2));
    expect(urlOf(fetchMock, 'GET', '/logistics/dispatch/items').searchParams.get('id')).toBe('dp1');
  });

  test('a keyboard-wedge scan adds one order at each Enter', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<DispatchListPage />, server([DISPATCH], { 'POST /logistics/dispatch/addShipments': { result: { ...DISPATCH, shipments: 2, pieces: 2, weight: '2.500' } } }), ...ALL);
    const drawer = await openDrawer();
    const scan = within(drawer).getByTestId('dispatch-scan');
    await waitFor(() => expect(document.activeElement).toBe(scan));
    fireEvent.change(scan, { target: { value: ' lx5cn ' } });
    fireEvent.keyDown(scan, { key: 'Enter' });
    expect(await sentBody(fetchMock, 'POST', '/logistics/dispatch/addShipments')).toEqual({ id: 'dp1', numbers: ['LX5CN'] });
    expect((await within(drawer).findByTestId('dispatch-added')).textContent).toBe('LX5CN added: 1 order(s)');
    expect((scan as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(scan);
  });

  test('an order is taken out after confirmation', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(<DispatchListPage />, server([DISPATCH], { 'POST /logistics/dispatch/removeShipment': { result: { ...DISPATCH, shipments: 0, pieces: 0, weight: '0.000' } } }), ...ALL);
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('dispatch-remove-order'));
    await confirmSends(fetchMock, 'dispatch-remove-confirm', ITEM.serialNumber, 'POST', '/logistics/dispatch/removeShipment');
    expect(bodyOf(fetchMock, 'POST', '/logistics/dispatch/removeShipment')).toEqual({ id: 'dp1', shipmentId: 'o1' });
    expect(await screen.findByText(`订单 ${ITEM.serialNumber} 已移出交运单 DP2612020001`)).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByTestId('dispatch-totals').textContent).toBe('0 单 · 0 件 · 0.000 kg'));
  });

  test('requesting the pickup sends the confirmation number typed; then only its next steps show', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <DispatchListPage />,
      server([DISPATCH], { 'POST /logistics/dispatch/requestPickup': { result: { ...DISPATCH, dispatchStatus: 'requested', pickupRef: 'PU-778' } } }),
      ...ALL,
    );
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('dispatch-action-request'));
    const dialog = await screen.findByTestId('dispatch-request-confirm');
    fireEvent.change(within(dialog).getByTestId('dispatch-request-ref'), { target: { value: ' PU-778 ' } });
    await confirmSends(fetchMock, 'dispatch-request-confirm', 'DP2612020001', 'POST', '/logistics/dispatch/requestPickup');
    expect(bodyOf(fetchMock, 'POST', '/logistics/dispatch/requestPickup')).toEqual({ id: 'dp1', pickupRef: 'PU-778' });
    expect(await screen.findByText('Pickup of DP2612020001 requested: PU-778')).toBeTruthy();
    await waitFor(() => expect(actionsShown(drawer)).toEqual(['dispatch-action-pickedUp', 'dispatch-action-manifest', 'dispatch-action-cancel']));
    expect(within(drawer).getByTestId('dispatch-fact-pickup-ref').textContent).toBe('PU-778');
    expect(within(drawer).getByTestId('dispatch-status').textContent).toBe('Pickup requested');
  });

  test('cancel says the orders are released; a refusal shows under the buttons', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    let refuse = true;
    const fetchMock = openPage(
      <DispatchListPage />,
      server([DISPATCH], {
        'POST /logistics/dispatch/cancel': () => (refuse ? { status: 409, message: 'Dispatch DP2612020001 is picked up: it cannot change!' } : { result: { ...DISPATCH, dispatchStatus: 'cancelled', shipments: 0, pieces: 0, weight: '0.000' } }),
      }),
      ...ALL,
    );
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('dispatch-action-cancel'));
    const dialog = await confirmSends(fetchMock, 'dispatch-cancel-confirm', 'released', 'POST', '/logistics/dispatch/cancel');
    expect(dialog.textContent).toContain('Its 1 order(s) are released');
    expect((await within(drawer).findByTestId('dispatch-problem')).textContent).toBe('Dispatch DP2612020001 is picked up: it cannot change!');
    refuse = false;
    await waitFor(() => expect(screen.queryByTestId('dispatch-cancel-confirm')).toBeNull());
    fireEvent.click(within(drawer).getByTestId('dispatch-action-cancel'));
    await confirmAndWait('dispatch-cancel-confirm', fetchMock, 'POST', '/logistics/dispatch/cancel', 2);
    expect(bodyOf(fetchMock, 'POST', '/logistics/dispatch/cancel')).toEqual({ id: 'dp1' });
    await waitFor(() => expect(within(drawer).getByTestId('dispatch-panel').dataset.status).toBe('cancelled'));
    expect(actionsShown(drawer)).toEqual([]);
    expect(within(drawer).getByTestId('dispatch-read-only')).toBeTruthy();
  });

  test('close into manifest opens the close dialog with the dispatch\'s carrier, depot and day', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const manifest = { id: 'm1', manifestNo: 'MF2612020001', supplierId: 's1', supplierName: 'UPS', depotId: 'd1', depotName: 'Shenzhen warehouse', manifestDate: '2026-12-02', dispatches: 1, shipments: 1, pieces: 1, weight: '1.250', carrierRef: 'SBXM1', createBy: 'demo_admin', createTime: '2026-12-02T10:00:00Z' };
    const fetchMock = openPage(
      <DispatchListPage />,
      server([DISPATCH], {
        'POST /logistics/manifest/close': { message: 'Operation succeeded!', result: manifest },
        'GET /logistics/dispatch/queryById': { result: { ...DISPATCH, dispatchStatus: 'manifested', manifestId: 'm1', manifestNo: 'MF2612020001' } },
      }),
      ...ALL,
    );
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('dispatch-action-manifest'));
    const dialog = await screen.findByTestId('manifest-close');
    await waitFor(() => expect((within(dialog).getByTestId('manifest-close-depot') as HTMLSelectElement).value).toBe('d1'));
    expect((within(dialog).getByTestId('manifest-close-carrier') as HTMLSelectElement).value).toBe('s1');
    expect((within(dialog).getByTestId('manifest-close-date') as HTMLInputElement).value).toBe('2026-12-02');
    expect(within(dialog).getByTestId('manifest-close-warning').textContent).toBe(
      'This closes 2026-12-02 for UPS · UPS at SZ-WH · Shenzhen warehouse: every dispatch of that day goes into the manifest, and no dispatch can be made for that day afterwards.',
    );
    fireEvent.click(within(dialog).getByTestId('manifest-close-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/manifest/close')).toEqual({ supplierId: 's1', depotId: 'd1', date: '2026-12-02' });
    expect(within(await screen.findByTestId('manifest-closed')).getByTestId('manifest-closed-no').textContent).toBe('MF2612020001');
    await waitFor(() => expect(within(drawer).getByTestId('dispatch-panel').dataset.status).toBe('manifested'));
    expect(urlOf(fetchMock, 'GET', '/logistics/dispatch/queryById').searchParams.get('id')).toBe('dp1');
  });
});

describe('the dispatch form', () => {
  test('core checks the window in the browser; the depots are the carrier\'s; a new dispatch opens in the drawer', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(<DispatchListPage />, server([DISPATCH], { 'POST /logistics/dispatch/add': { message: 'Added!', result: { ...DISPATCH, id: 'dp9', dispatchNo: 'DP2612020009', shipments: 0, pieces: 0, weight: '0.000' } } }), ...ALL);
    await rowOf(DISPATCH.dispatchNo);
    const dialog = await openDialog('dispatch-add', 'dispatch-form');
    expect((within(dialog).getByTestId('dispatch-form-date') as HTMLInputElement).value).toBe(localToday());
    const carrier = within(dialog).getByTestId('dispatch-form-carrier');
    const depot = within(dialog).getByTestId('dispatch-form-depot') as HTMLSelectElement;
    expect(depot.disabled).toBe(true);
    await pickOption(carrier, 'UPS · UPS', 's1');
    // UPS's dispatch: the warehouses in use, not DHL's hand-over point.
    await waitFor(() => expect(within(depot).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose the depot', 'SZ-WH · Shenzhen warehouse']));
    fireEvent.change(depot, { target: { value: 'd1' } });
    fill({ 'dispatch-form-window': '18:00-09:00', 'dispatch-form-date': '2026-12-03' }, dialog);
    fireEvent.click(within(dialog).getByTestId('dispatch-form-submit'));
    expect((await within(dialog).findByTestId('dispatch-form-window-error')).textContent).toBe('Enter the pickup window as HH:MM-HH:MM, the start before the end!');
    expect(calls(fetchMock, 'POST', '/logistics/dispatch/add')).toHaveLength(0);

    fill({ 'dispatch-form-window': '09:00 - 12:00' }, dialog);
    fireEvent.click(within(dialog).getByTestId('dispatch-form-submit'));
    expect(await sentBody(fetchMock, 'POST', '/logistics/dispatch/add')).toEqual({ supplierId: 's1', depotId: 'd1', pickupDate: '2026-12-03', pickupWindow: '09:00 - 12:00', remark: null });
    const drawer = await screen.findByTestId('dispatch-drawer');
    expect(within(drawer).getByText('Dispatch DP2612020009')).toBeTruthy();
  }, 20_000);

  test('a carrier changed drops a hand-over point it may not use', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    openPage(<DispatchListPage />, server(), ...ALL);
    await rowOf(DISPATCH.dispatchNo);
    const dialog = await openDialog('dispatch-add', 'dispatch-form');
    await pickOption(within(dialog).getByTestId('dispatch-form-carrier'), 'DHL · DHL', 's2');
    const depot = within(dialog).getByTestId('dispatch-form-depot') as HTMLSelectElement;
    await waitFor(() => expect(within(depot).getByText('HK-HUB · Hong Kong hub')).toBeTruthy());
    fireEvent.change(depot, { target: { value: 'd2' } });
    fireEvent.change(within(dialog).getByTestId('dispatch-form-carrier'), { target: { value: 's1' } });
    await waitFor(() => expect(depot.value).toBe(''));
  });
});
