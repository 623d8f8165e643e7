import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { fakeServer } from '../../test/api';
import { bodyOf, calls, openPage, paged, rowOf, urlOf } from '../../test/list';
import { parseRows } from './batchRows';
import BatchIntoParcelPage from './BatchIntoParcelPage';
import InboundParcelListPage from './InboundParcelListPage';
import IntoParcelPage from './IntoParcelPage';
import PdaSortStoragePage from './PdaSortStoragePage';
import { memoryScanStorage, resetScanQueues } from './scanQueue';

const RECORD = {
  id: 'i1', customerId: 'c1', shipmentId: 's1', shipmentParcelId: 'p1', serialNumber: 'B2C1', parcelSerialNumber: 'B2C1-2', scannedNo: 'LX1CN', trackNo: '1ZSBX0000000000001',
  sysTrackNo: 'LX1CN', channelProductId: 'cp1', channelId: 'ch1', country: 'US', depot: null, inboundStatus: 'received', length: '30', width: '20', height: '10', weight: '2.4',
  bulky: '1.2', declaredWeight: '2', currency: 'CNY', heldAmount: '40.00', chargedAmount: '52.50', adjustment: '12.50', remark: null, createBy: 'wh1', createTime: '2026-12-03T08:00:00Z', updateTime: null,
};
const RESULT = {
  inbound: RECORD, shipmentId: 's1', serialNumber: 'B2C1', shipmentStatus: 'received', pieces: 2, receivedPieces: 2, complete: true, currency: 'CNY', heldAmount: '40.00',
  chargedAmount: '52.50', adjustment: '12.50', chargeableWeight: '2.5', rateVersion: 'v7',
};
const PARTIAL = { ...RESULT, inbound: { ...RECORD, parcelSerialNumber: 'B2C2-1', adjustment: null, chargedAmount: null }, serialNumber: 'B2C2', pieces: 3, receivedPieces: 1, complete: false, chargedAmount: null, adjustment: null };

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('single intake', () => {
  test('scan, Enter, weight, receive: the result shows the order, the parcels and the adjustment; the form is ready for the next parcel', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'GET /logistics/inbound/list': paged([RECORD]),
      'POST /logistics/inbound/intake': (body) =>
        (body as { number: string }).number === 'LX2CN'
          ? { status: 409, message: 'Order B2C9 is cancelled: put the parcel aside with the problem parcels!' }
          : { result: RESULT },
    });
    openPage(<IntoParcelPage />, fetchMock, 'logistics:inbound:list', 'logistics:inbound:add');
    const number = await screen.findByTestId('intake-number');
    await waitFor(() => expect(document.activeElement).toBe(number));
    // The list of received parcels is below, with its adjustment.
    const row = await rowOf('B2C1-2');
    expect(within(row).getByTestId('inbound-adjustment').textContent).toBe('+12.50 CNY charged');

    // A refusal shows inline and the number is selected for a rescan.
    fireEvent.change(number, { target: { value: 'LX2CN' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByTestId('intake-weight'));
    fireEvent.change(screen.getByTestId('intake-weight'), { target: { value: '1.1' } });
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('intake-problem')).textContent).toContain('Order B2C9 is cancelled');
    expect(document.activeElement).toBe(number);
    expect((number as HTMLInputElement).value).toBe('LX2CN');

    fireEvent.change(number, { target: { value: ' lx1cn ' } });
    fireEvent.change(screen.getByTestId('intake-weight'), { target: { value: '2.4' } });
    fireEvent.change(screen.getByTestId('intake-length'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('intake-width'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('intake-height'), { target: { value: '10' } });
    fireEvent.submit(number.closest('form')!);
    const result = await screen.findByTestId('intake-result');
    expect(within(result).getByTestId('intake-result-order').textContent).toBe('B2C1');
    expect(within(result).getByTestId('intake-result-parcels').textContent).toBe('2 of 2');
    const adjustment = within(result).getByTestId('intake-adjustment');
    expect(adjustment.textContent).toBe('+12.50 CNY charged');
    expect(adjustment.dataset.kind).toBe('charged');
    expect(within(result).getByTestId('intake-money').textContent).toBe('Held 40.00 → charged 52.50 CNY');
    expect(screen.queryByTestId('intake-problem')).toBeNull();

    const posted = calls(fetchMock, 'POST', '/logistics/inbound/intake');
    expect(posted).toHaveLength(2);
    expect(bodyOf(fetchMock, 'POST', '/logistics/inbound/intake')).toEqual({ number: 'lx1cn', weight: '2.4', length: '30', width: '20', height: '10', remark: null });
    const [first, second] = posted.map(([, init]) => headerOf(init, 'Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    // Cleared and focused for the next parcel.
    expect((number as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('intake-weight') as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(number);
  });

  test('a parcel that does not complete its order says how many are still to come; core refuses a bad scan here, on the field at fault', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = fakeServer({ 'GET /logistics/inbound/list': paged([]), 'POST /logistics/inbound/intake': { result: PARTIAL } });
    openPage(<IntoParcelPage />, fetchMock, 'logistics:inbound:list', 'logistics:inbound:add');
    const number = await screen.findByTestId('intake-number');
    // No weight.
    fireEvent.change(number, { target: { value: 'B2C2-1' } });
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('intake-weight-error')).textContent).toBe('实重不能为空!');
    expect(document.activeElement).toBe(screen.getByTestId('intake-weight'));
    // A UPU number whose check digit is wrong (…785CN is right).
    fireEvent.change(number, { target: { value: 'RR123456789CN' } });
    fireEvent.change(screen.getByTestId('intake-weight'), { target: { value: '3' } });
    expect(screen.queryByTestId('intake-weight-error')).toBeNull();
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('intake-number-error')).textContent).toBe('跟踪号 RR123456789CN 的校验位不正确，请重新扫描!');
    expect(document.activeElement).toBe(number);
    // A length without width and height.
    fireEvent.change(number, { target: { value: 'B2C2-1' } });
    fireEvent.change(screen.getByTestId('intake-length'), { target: { value: '30' } });
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('intake-width-error')).textContent).toBe('长、宽、高须同时填写或都不填!');
    expect(document.activeElement).toBe(screen.getByTestId('intake-width'));
    expect(screen.queryByTestId('intake-problem')).toBeNull();
    expect(calls(fetchMock, 'POST', '/logistics/inbound/intake')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('intake-length'), { target: { value: '' } });
    fireEvent.submit(number.closest('form')!);
    const result = await screen.findByTestId('intake-result');
    expect(within(result).getByTestId('intake-awaiting').textContent).toBe('还差 2 件包裹：最后一件入库时结算费用');
    expect(within(result).queryByTestId('intake-adjustment')).toBeNull();
  });
});

describe('batch intake', () => {
  test('spreadsheet lines become rows (a header line is skipped)', () => {
    expect(parseRows('Number\tWeight\tL\tW\tH\nLX1CN\t1,2\t10\t20\t30\r\n\nLX2CN\t2.5\n  LX3CN  ')).toEqual([
      { number: 'LX1CN', weight: '1.2', length: '10', width: '20', height: '30' },
      { number: 'LX2CN', weight: '2.5', length: '', width: '', height: '' },
      { number: 'LX3CN', weight: '', length: '', width: '', height: '' },
    ]);
  });

  test('rows scanned and pasted are received at once; each row shows its own result', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const refund = { ...RESULT, serialNumber: 'B2C3', chargedAmount: '36.80', adjustment: '-3.20' };
    const fetchMock = fakeServer({
      'POST /logistics/inbound/intakeBatch': (body) => {
        const { rows } = body as { rows: { number: string }[] };
        return {
          result: {
            total: rows.length,
            succeeded: 2,
            failed: rows.length - 2,
            rows: rows.map((row, index) =>
              row.number === 'LX9CN'
                ? { index, number: row.number, success: false, message: 'Parcel B2C5-1 of order B2C5 is already received: no need to scan it again!', result: null }
                : { index, number: row.number, success: true, message: null, result: index === 0 ? refund : PARTIAL },
            ),
          },
        };
      },
    });
    openPage(<BatchIntoParcelPage />, fetchMock, 'logistics:inbound:add');
    expect(await screen.findByTestId('batch-empty')).toBeTruthy();

    // Scanned: number, Enter (to the weight), weight, Enter (the row is added).
    const number = screen.getByTestId('batch-number');
    fireEvent.change(number, { target: { value: 'LX1CN' } });
    fireEvent.keyDown(number, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByTestId('batch-weight'));
    fireEvent.change(screen.getByTestId('batch-weight'), { target: { value: '1.2' } });
    fireEvent.keyDown(screen.getByTestId('batch-weight'), { key: 'Enter' });
    expect(document.activeElement).toBe(number);
    // Pasted from a spreadsheet.
    fireEvent.change(screen.getByTestId('batch-paste'), { target: { value: 'LX2CN\t2.5\t30\t20\t10\nLX9CN\t0.8' } });
    fireEvent.click(screen.getByTestId('batch-paste-add'));
    expect(await screen.findAllByTestId('batch-row')).toHaveLength(3);
    expect(screen.getByTestId('batch-submit').textContent).toBe('Receive all (3)');

    fireEvent.click(screen.getByTestId('batch-submit'));
    expect((await screen.findByTestId('batch-summary')).textContent).toBe('2 of 3 received, 1 failed');
    expect(bodyOf(fetchMock, 'POST', '/logistics/inbound/intakeBatch')).toEqual({
      rows: [
        { number: 'LX1CN', weight: '1.2', length: null, width: null, height: null, remark: null },
        { number: 'LX2CN', weight: '2.5', length: '30', width: '20', height: '10', remark: null },
        { number: 'LX9CN', weight: '0.8', length: null, width: null, height: null, remark: null },
      ],
    });
    expect(headerOf(calls(fetchMock, 'POST', '/logistics/inbound/intakeBatch')[0]?.[1], 'Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    const [first, second, third] = screen.getAllByTestId('batch-row');
    expect(first.dataset.state).toBe('received');
    expect(within(first).getByTestId('intake-adjustment').textContent).toBe('-3.20 CNY refunded');
    expect(within(second).getByTestId('batch-row-received').textContent).toContain('Awaiting 2 more parcel(s)');
    expect(third.dataset.state).toBe('failed');
    expect(within(third).getByTestId('batch-row-message').textContent).toBe('Parcel B2C5-1 of order B2C5 is already received: no need to scan it again!');
    // Only the refused row is left to send.
    expect(screen.getByTestId('batch-submit').textContent).toBe('Receive all (1)');
    fireEvent.click(screen.getByTestId('batch-clear-received'));
    expect(screen.getAllByTestId('batch-row')).toHaveLength(1);
  });

  test('batch rows core refuses are marked on the cell at fault and nothing is sent until they are fixed', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const fetchMock = fakeServer({
      'POST /logistics/inbound/intakeBatch': (body) => {
        const { rows } = body as { rows: { number: string }[] };
        return { result: { total: rows.length, succeeded: rows.length, failed: 0, rows: rows.map((row, index) => ({ index, number: row.number, success: true, message: null, result: PARTIAL })) } };
      },
    });
    openPage(<BatchIntoParcelPage />, fetchMock, 'logistics:inbound:add');
    fireEvent.change(await screen.findByTestId('batch-paste'), { target: { value: 'LX1CN\t0\nLX2CN\t1.5\t30\nLX3CN\t2' } });
    fireEvent.click(screen.getByTestId('batch-paste-add'));
    expect(await screen.findAllByTestId('batch-row')).toHaveLength(3);
    fireEvent.click(screen.getByTestId('batch-submit'));
    expect((await screen.findByTestId('batch-problem')).textContent).toBe('Some rows cannot be received as they are: fix the marked rows first.');
    const [zero, partial, fine] = screen.getAllByTestId('batch-row');
    expect(within(zero).getByTestId('batch-row-issue').textContent).toBe('Actual weight must be greater than 0!');
    expect(within(zero).getByTestId('batch-row-weight').getAttribute('aria-invalid')).toBe('true');
    expect(within(partial).getByTestId('batch-row-issue').textContent).toBe('Enter length, width and height together, or none of them!');
    expect(within(partial).getByTestId('batch-row-width').getAttribute('aria-invalid')).toBe('true');
    expect(within(fine).queryByTestId('batch-row-issue')).toBeNull();
    expect(calls(fetchMock, 'POST', '/logistics/inbound/intakeBatch')).toHaveLength(0);

    // Corrected (the weight) and cleared (the dimensions): all three go.
    fireEvent.change(within(zero).getByTestId('batch-row-weight'), { target: { value: '0.5' } });
    fireEvent.change(within(partial).getByTestId('batch-row-length'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('batch-submit'));
    expect((await screen.findByTestId('batch-summary')).textContent).toBe('3 of 3 received, 0 failed');
    expect(bodyOf<{ rows: { number: string; weight: string }[] }>(fetchMock, 'POST', '/logistics/inbound/intakeBatch').rows.map((row) => `${row.number} ${row.weight}`)).toEqual(['LX1CN 0.5', 'LX2CN 1.5', 'LX3CN 2']);
  });
});

describe('inbound parcel list', () => {
  test('lists received parcels newest first with the adjustment; numbers and days filter the list', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const refunded = { ...RECORD, id: 'i2', parcelSerialNumber: 'B2C3-1', serialNumber: 'B2C3', adjustment: '-3.20', chargedAmount: '36.80' };
    const fetchMock = openPage(<InboundParcelListPage />, fakeServer({ 'GET /logistics/inbound/list': paged([RECORD, refunded]) }), 'logistics:inbound:list', 'logistics:inbound:export');
    expect(within(await rowOf('B2C1-2')).getByTestId('inbound-adjustment').textContent).toBe('补扣 +12.50 CNY');
    expect(within(await rowOf('B2C3-1')).getByTestId('inbound-adjustment').textContent).toBe('退回 -3.20 CNY');
    expect(urlOf(fetchMock, 'GET', '/logistics/inbound/list').searchParams.get('column')).toBe('createTime');
    expect(screen.getByTestId('inbound-export')).toBeTruthy();
    fireEvent.change(screen.getByTestId('inbound-search-numbers'), { target: { value: 'B2C1, LX1CN' } });
    fireEvent.change(screen.getByTestId('inbound-search-from'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('inbound-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/logistics/inbound/list').searchParams.get('numbers')).toBe('B2C1, LX1CN'));
    expect(urlOf(fetchMock, 'GET', '/logistics/inbound/list').searchParams.get('createTime_begin')).toBe('2026-12-01');
  });
});

/** A PDA scan: the number, Enter (to the weight), the weight, Receive. */
function scan(number: string, weight: string) {
  fireEvent.change(screen.getByTestId('pda-number'), { target: { value: number } });
  fireEvent.keyDown(screen.getByTestId('pda-number'), { key: 'Enter' });
  expect(document.activeElement).toBe(screen.getByTestId('pda-weight'));
  fireEvent.change(screen.getByTestId('pda-weight'), { target: { value: weight } });
  fireEvent.submit(screen.getByTestId('pda-number').closest('form')!);
}

describe('PDA sort and store', () => {
  let online = true;
  const vibrate = vi.fn<(pattern: VibratePattern) => boolean>(() => true);

  beforeEach(() => {
    online = true;
    resetScanQueues(memoryScanStorage());
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    vibrate.mockClear();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'onLine');
    Reflect.deleteProperty(navigator, 'vibrate');
    resetScanQueues();
  });

  test('offline, scans are queued on the device; back online they are sent in order with their keys and show their results', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    online = false;
    const fetchMock = fakeServer({
      'POST /logistics/inbound/intake': (body) =>
        (body as { number: string }).number === 'LX2CN' ? { status: 409, message: 'Order B2C9 is cancelled: put the parcel aside with the problem parcels!' } : { result: RESULT },
    });
    openPage(<PdaSortStoragePage />, fetchMock, 'logistics:inbound:add');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('pda-number')));
    expect(screen.getByTestId('pda-network').textContent).toBe('Offline');

    scan('LX1CN', '2.4');
    expect((await screen.findByTestId('pda-status')).textContent).toContain('Offline — 1 scan(s) queued');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('pda-number')));
    scan('LX2CN', '1.1');
    await waitFor(() => expect(screen.getByTestId('pda-status').textContent).toContain('Offline — 2 scan(s) queued'));
    const queued = screen.getAllByTestId('pda-scan');
    expect(queued.map((card) => within(card).getByTestId('pda-scan-state').textContent)).toEqual(['Queued', 'Queued']);
    expect(calls(fetchMock, 'POST', '/logistics/inbound/intake')).toHaveLength(0);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getAllByTestId('pda-scan').map((card) => card.dataset.state)).toEqual(['failed', 'received']));
    const [cancelled, received] = screen.getAllByTestId('pda-scan');
    expect(within(received).getByTestId('intake-adjustment').textContent).toBe('+12.50 CNY charged');
    expect(within(cancelled).getByTestId('pda-scan-message').textContent).toBe('Order B2C9 is cancelled: put the parcel aside with the problem parcels!');
    expect(screen.queryByTestId('pda-status')).toBeNull();
    expect(screen.getByTestId('pda-network').textContent).toBe('Online');

    const posted = calls(fetchMock, 'POST', '/logistics/inbound/intake');
    expect(posted.map(([, init]) => (JSON.parse(String(init?.body)) as { number: string }).number)).toEqual(['LX1CN', 'LX2CN']);
    const sentKeys = posted.map(([, init]) => headerOf(init, 'Idempotency-Key'));
    expect(sentKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(sentKeys).size).toBe(2);
    // A buzz for each answer: one received, one refused.
    expect(vibrate).toHaveBeenCalledWith(80);
    expect(vibrate).toHaveBeenCalledWith([200, 80, 200]);
  });

  test('online, a scan is sent at once; a scan core refuses (no weight, a wrong check digit) is not queued', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const fetchMock = fakeServer({ 'POST /logistics/inbound/intake': { result: PARTIAL } });
    openPage(<PdaSortStoragePage />, fetchMock, 'logistics:inbound:add');
    const number = await screen.findByTestId('pda-number');
    fireEvent.change(number, { target: { value: 'B2C2-1' } });
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('pda-weight-error')).textContent).toBe('实重不能为空!');
    expect(document.activeElement).toBe(screen.getByTestId('pda-weight'));
    fireEvent.change(number, { target: { value: 'RR123456789CN' } });
    fireEvent.change(screen.getByTestId('pda-weight'), { target: { value: '3' } });
    fireEvent.submit(number.closest('form')!);
    expect((await screen.findByTestId('pda-number-error')).textContent).toBe('跟踪号 RR123456789CN 的校验位不正确，请重新扫描!');
    expect(document.activeElement).toBe(number);
    expect(screen.queryByTestId('pda-scan')).toBeNull();
    expect(calls(fetchMock, 'POST', '/logistics/inbound/intake')).toHaveLength(0);
    fireEvent.change(number, { target: { value: 'B2C2-1' } });
    fireEvent.submit(number.closest('form')!);
    await waitFor(() => expect(screen.getByTestId('pda-scan').dataset.state).toBe('received'));
    expect(within(screen.getByTestId('pda-scan')).getByTestId('intake-awaiting').textContent).toBe('还差 2 件包裹：最后一件入库时结算费用');
    expect(calls(fetchMock, 'POST', '/logistics/inbound/intake')).toHaveLength(1);
  });
});
