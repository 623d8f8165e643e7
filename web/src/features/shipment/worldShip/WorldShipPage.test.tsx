import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../../i18n';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, expectAbsent, openPage, paged, rowOf, tickRows, urlOf } from '../../../test/list';
import WorldShipPage from './WorldShipPage';

const order = (id: string, serialNumber: string, trackNo: string | null) => ({
  id, serialNumber, shipmentType: 'B2C', customer: 'alice', customerId: 'c1', shipmentStatus: 'submitted', printStatus: 'unprinted', trackStatus: null, channelProductName: 'Express parcel',
  consigneeName: 'Ann Lee', consigneeCountry: 'US', consigneePostalCode: '94105', shipmentPieces: 1, shipmentWeight: '1.250', trackNo, sysTrackNo: `SYS-${id}`, currency: 'CNY', createTime: '2026-12-06T10:00:00Z',
});
const ORDERS = [order('o1', 'B2C2612060001', null), order('o2', 'B2C2612060002', '1Z999AA10123456784')];
const REPORT = {
  results: 3,
  numbered: [{ serialNumber: 'B2C2612060001', trackNo: '1Z999AA10123456793', trackingNumbers: ['1Z999AA10123456793'] }],
  unchanged: 1,
  skipped: [{ reference: 'NOPE-1', message: '找不到订单 NOPE-1' }],
};

function server(extra: FakeRoutes = {}) {
  return fakeServer({ 'GET /logistics/shipment/list': paged(ORDERS), ...extra });
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:xml');
  URL.revokeObjectURL = vi.fn<typeof URL.revokeObjectURL>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('WorldShip', () => {
  test('lists live orders, marks those awaiting a number, and exports the selected ones as its XML', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = openPage(
      <WorldShipPage />,
      server({ 'GET /logistics/worldShip/exportXml': new Response('<OpenShipments/>', { headers: { 'Content-Type': 'application/xml', 'Content-Disposition': 'attachment; filename="worldship-1.xml"' } }) }),
      'logistics:worldShip:list',
      'logistics:worldShip:export',
    );
    const first = await rowOf('B2C2612060001');
    expect(within(first).getByTestId('world-ship-awaiting').textContent).toBe('Awaiting number');
    expect(within(await rowOf('B2C2612060002')).getByText('1Z999AA10123456784')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/logistics/shipment/list', 0).searchParams.get('shipmentStatus')).toBe('submitted');
    expectAbsent('world-ship-import-open');
    const button = screen.getByTestId('world-ship-export');
    expect(button.hasAttribute('disabled')).toBe(true);
    await tickRows(['B2C2612060001', 'B2C2612060002']);
    await waitFor(() => expect(screen.getByTestId('world-ship-export').textContent).toContain('Export for WorldShip (2)'));
    fireEvent.click(screen.getByTestId('world-ship-export'));
    await waitFor(() => expect(saved).toEqual(['worldship-1.xml']));
    expect(urlOf(fetchMock, 'GET', '/logistics/worldShip/exportXml').searchParams.get('ids')).toBe('o1,o2');
  });

  test('"export all found" takes every order the filters find, across pages', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(
      <WorldShipPage />,
      server({ 'GET /logistics/worldShip/exportXml': new Response('<OpenShipments/>', { headers: { 'Content-Type': 'application/xml' } }) }),
      'logistics:worldShip:list',
      'logistics:worldShip:export',
    );
    await rowOf('B2C2612060001');
    const all = screen.getByTestId('world-ship-export-all');
    expect(all.textContent).toContain('导出全部查询结果（2）');
    fireEvent.click(all);
    await waitFor(() => expect(saved).toEqual(['worldship.xml']));
    const asked = urlOf(fetchMock, 'GET', '/logistics/shipment/list');
    expect([asked.searchParams.get('pageSize'), asked.searchParams.get('shipmentStatus')]).toEqual(['1000', 'submitted']);
    expect(urlOf(fetchMock, 'GET', '/logistics/worldShip/exportXml').searchParams.get('ids')).toBe('o1,o2');
  });

  test('importing results shows what was numbered and what was skipped, in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = openPage(<WorldShipPage />, server({ 'POST /logistics/worldShip/importResult': { message: '操作成功！', result: REPORT } }), 'logistics:worldShip:list', 'logistics:worldShip:import');
    await rowOf('B2C2612060001');
    fireEvent.click(screen.getByTestId('world-ship-import-open'));
    const dialog = await screen.findByTestId('world-ship-import-dialog');
    expect(within(dialog).getByText('导入WorldShip结果', { selector: 'h2' })).toBeTruthy();
    const input = within(dialog).getByTestId('world-ship-import-file') as HTMLInputElement;
    expect(input.accept).toContain('.out');
    fireEvent.change(input, { target: { files: [new File(['<OpenShipments/>'], 'batch.Out', { type: 'application/xml' })] } });
    fireEvent.click(within(dialog).getByTestId('world-ship-import-submit'));
    const result = await screen.findByTestId('world-ship-result');
    expect(calls(fetchMock, 'POST', '/logistics/worldShip/importResult')).toHaveLength(1);
    const sent = calls(fetchMock, 'POST', '/logistics/worldShip/importResult')[0]?.[1]?.body as FormData;
    expect((sent.get('file') as File).name).toBe('batch.Out');
    expect(within(result).getByTestId('world-ship-result-counts').textContent).toBe('1 个订单已出单号1 个已有单号1 个已跳过');
    expect(within(within(result).getByTestId('world-ship-result-numbered')).getByText('1Z999AA10123456793')).toBeTruthy();
    expect(within(within(result).getByTestId('world-ship-result-skipped')).getByText('找不到订单 NOPE-1')).toBeTruthy();
  });
});
