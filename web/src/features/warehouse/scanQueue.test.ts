import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { IntakeForm, IntakeResult } from './api';
import { createScanQueue, indexedDbScanStorage, KEEP_SETTLED, memoryScanStorage, type QueuedScan, type ScanSender, type ScanStorage } from './scanQueue';

const OWNER = '1:u1';
const form = (number: string, weight = '1.2'): IntakeForm => ({ number, weight, length: null, width: null, height: null, remark: null });
const answer = (number: string): IntakeResult => ({
  inbound: {
    id: `i-${number}`, customerId: 'c1', shipmentId: 's1', shipmentParcelId: 'p1', serialNumber: 'B2C1', parcelSerialNumber: `${number}-1`, scannedNo: number,
    inboundStatus: 'received', length: '10', width: '10', height: '10', weight: '1.2', bulky: '0.2', declaredWeight: '1', createTime: '2026-12-03T08:00:00Z',
  },
  shipmentId: 's1', serialNumber: 'B2C1', shipmentStatus: 'received', pieces: 1, receivedPieces: 1, complete: true, currency: 'CNY', heldAmount: '40.00',
  chargedAmount: '52.50', adjustment: '12.50', chargeableWeight: '1.5', rateVersion: 'v1',
});

/** Keys k1, k2, … in order. */
const keys = () => {
  let next = 0;
  return () => `k${(next += 1)}`;
};

/** A queue on an in-memory storage; `online` is switched by the test. */
function setUp(send: ScanSender, initial: QueuedScan[] = []) {
  const storage = memoryScanStorage(initial);
  const network = { online: true };
  const queue = createScanQueue({ owner: OWNER, storage, send, isOnline: () => network.online, newKey: keys() });
  return { storage, network, queue };
}

const states = (scans: readonly QueuedScan[]) => scans.map((scan) => [scan.form.number, scan.state]);

describe('scan queue', () => {
  test('a scan is kept in storage, with its key, before any request is made', async () => {
    const events: string[] = [];
    const storage = memoryScanStorage();
    const put = storage.put;
    const logged: ScanStorage = { ...storage, put: async (scan) => (events.push(`put ${scan.key} ${scan.state}`), put(scan)) };
    const send = vi.fn<ScanSender>(async (scanned, key) => {
      events.push(`send ${key}`);
      // At the moment of the request the scan is in storage, marked as being sent.
      expect(storage.records.get(key)).toMatchObject({ state: 'sending', form: scanned, owner: OWNER });
      return answer(scanned.number ?? '');
    });
    const queue = createScanQueue({ owner: OWNER, storage: logged, send, isOnline: () => true, newKey: keys() });
    const scan = await queue.enqueue(form('LX1CN'));
    expect(scan).toMatchObject({ key: 'k1', state: 'queued' });
    await queue.sync();
    expect(events).toEqual(['put k1 queued', 'put k1 sending', 'send k1', 'put k1 received']);
    expect(storage.records.get('k1')).toMatchObject({ state: 'received', result: { adjustment: '12.50' }, attempts: 1 });
  });

  test('a scan that cannot be saved is refused and never sent', async () => {
    const send = vi.fn<ScanSender>();
    const storage: ScanStorage = { ...memoryScanStorage(), put: async () => Promise.reject(new Error('QuotaExceededError')) };
    const queue = createScanQueue({ owner: OWNER, storage, send, isOnline: () => true });
    await expect(queue.enqueue(form('LX1CN'))).rejects.toThrow('QuotaExceededError');
    await queue.sync();
    expect(send).not.toHaveBeenCalled();
    expect(queue.get().scans).toEqual([]);
  });

  test('offline, scans stay queued (in storage) and nothing is sent', async () => {
    const send = vi.fn<ScanSender>();
    const { queue, network, storage } = setUp(send);
    network.online = false;
    await queue.enqueue(form('LX1CN'));
    await queue.enqueue(form('LX2CN'));
    await queue.sync();
    expect(send).not.toHaveBeenCalled();
    expect(queue.get().offline).toBe(true);
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'queued'], ['LX2CN', 'queued']]);
    expect([...storage.records.values()].map((scan) => scan.state)).toEqual(['queued', 'queued']);
  });

  test('back online, the queue is sent in scan order, each scan with its own key', async () => {
    const send = vi.fn<ScanSender>(async (scanned) => answer(scanned.number ?? ''));
    const { queue, network } = setUp(send);
    network.online = false;
    for (const number of ['LX1CN', 'LX2CN', 'LX3CN']) await queue.enqueue(form(number));
    network.online = true;
    await queue.sync();
    expect(send.mock.calls).toEqual([
      [form('LX1CN'), 'k1'],
      [form('LX2CN'), 'k2'],
      [form('LX3CN'), 'k3'],
    ]);
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'received'], ['LX2CN', 'received'], ['LX3CN', 'received']]);
    expect(queue.get().offline).toBe(false);
  });

  test('a probe tries the network though the browser still says offline, and the queue goes out', async () => {
    const send = vi.fn<ScanSender>(async (scanned) => answer(scanned.number ?? ''));
    const { queue, network } = setUp(send);
    network.online = false;
    for (const number of ['LX1CN', 'LX2CN']) await queue.enqueue(form(number));
    await queue.sync();
    expect(send).not.toHaveBeenCalled();
    // The network is back, the flag is not: the periodic retry probes.
    await queue.sync({ probe: true });
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'received'], ['LX2CN', 'received']]);
    expect(queue.get().offline).toBe(false);
  });

  test('a 4xx answer settles the scan as failed with the server’s message, never sent again; the next scan goes on', async () => {
    const send = vi.fn<ScanSender>(async (scanned) => {
      if (scanned.number === 'LX1CN') throw new ApiError(409, 'Order B2C1 is cancelled: put the parcel aside with the problem parcels!');
      return answer(scanned.number ?? '');
    });
    const settled = vi.fn<(scan: QueuedScan) => void>();
    const { queue, network, storage } = setUp(send);
    queue.onSettled(settled);
    network.online = false;
    await queue.enqueue(form('LX1CN'));
    await queue.enqueue(form('LX2CN'));
    network.online = true;
    await queue.sync();
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'failed'], ['LX2CN', 'received']]);
    expect(storage.records.get('k1')).toMatchObject({ state: 'failed', status: 409, message: 'Order B2C1 is cancelled: put the parcel aside with the problem parcels!' });
    expect(settled.mock.calls.map(([scan]) => scan.state)).toEqual(['failed', 'received']);
    await queue.sync();
    expect(send).toHaveBeenCalledTimes(2);
  });

  test('no answer (network) or a server error keeps the scan queued, stops there to keep the order, and the retry reuses its key', async () => {
    let failure: ApiError | undefined = new ApiError(0, 'Network error');
    const send = vi.fn<ScanSender>(async (scanned) => {
      if (failure) throw failure;
      return answer(scanned.number ?? '');
    });
    const { queue, network, storage } = setUp(send);
    network.online = false;
    await queue.enqueue(form('LX1CN'));
    await queue.enqueue(form('LX2CN'));
    network.online = true;
    await queue.sync();
    expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1']);
    expect(queue.get().offline).toBe(true);
    expect(storage.records.get('k1')).toMatchObject({ state: 'queued', status: 0, attempts: 1, message: 'Network error' });
    failure = new ApiError(503, 'Service unavailable');
    await queue.sync();
    expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1', 'k1']);
    expect(queue.get().offline).toBe(false);
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'queued'], ['LX2CN', 'queued']]);
    failure = undefined;
    await queue.sync();
    expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1', 'k1', 'k1', 'k2']);
    expect(storage.records.get('k1')).toMatchObject({ state: 'received', attempts: 3 });
  });

  test('the browser going offline and back shows, with nothing to send', async () => {
    const { queue, network } = setUp(vi.fn<ScanSender>());
    network.online = false;
    await queue.sync();
    expect(queue.get().offline).toBe(true);
    network.online = true;
    await queue.sync();
    expect(queue.get().offline).toBe(false);
  });

  test('an ended session (401), or the same key still in flight on the server (409), keeps the scan queued', async () => {
    const inFlight = { success: false, code: 409, message: 'The same request is still being processed; wait a moment!', result: { key: 'idempotency_in_flight' }, timestamp: 0 };
    const failures = [new ApiError(401, 'Token失效，请重新登录'), new ApiError(409, inFlight.message, inFlight)];
    const send = vi.fn<ScanSender>(async () => Promise.reject(failures.shift()));
    const { queue, network } = setUp(send);
    network.online = false;
    await queue.enqueue(form('LX1CN'));
    network.online = true;
    await queue.sync();
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'queued']]);
    await queue.sync();
    expect(states(queue.get().scans)).toEqual([['LX1CN', 'queued']]);
    expect(send.mock.calls.map(([, key]) => key)).toEqual(['k1', 'k1']);
    expect(queue.get().scans[0]).toMatchObject({ status: 409, attempts: 2 });
  });

  test('after a crash mid-request (a scan left “sending”), the scan is sent again with the same key', async () => {
    const cut: QueuedScan = { key: 'k-before-crash', owner: OWNER, seq: 7, form: form('LX9CN'), state: 'sending', scannedAt: 1, attempts: 1 };
    const someoneElse: QueuedScan = { ...cut, key: 'k-other-user', owner: '1:u2' };
    const send = vi.fn<ScanSender>(async (scanned) => answer(scanned.number ?? ''));
    const { queue, storage } = setUp(send, [cut, someoneElse]);
    await queue.start();
    expect(send.mock.calls).toEqual([[form('LX9CN'), 'k-before-crash']]);
    expect(storage.records.get('k-before-crash')).toMatchObject({ state: 'received', attempts: 2 });
    // Another user's scan is theirs to send.
    expect(storage.records.get('k-other-user')?.state).toBe('sending');
    // A new scan comes after it.
    expect((await queue.enqueue(form('LX10CN'))).seq).toBe(8);
  });

  test(`only the newest ${KEEP_SETTLED} settled scans are kept`, async () => {
    const send = vi.fn<ScanSender>(async (scanned) => answer(scanned.number ?? ''));
    const { queue, storage } = setUp(send);
    for (let index = 1; index <= KEEP_SETTLED + 2; index += 1) {
      await queue.enqueue(form(`LX${index}CN`));
      await queue.sync();
    }
    expect(storage.records.size).toBe(KEEP_SETTLED);
    expect(queue.get().scans[0]?.form.number).toBe('LX3CN');
  });

  test('IndexedDB: scans survive a reload, and one cut off mid-request is resent with its key', async () => {
    const factory = new IDBFactory();
    // The first page's request never answers (the page is closed meanwhile).
    const hanging = vi.fn<ScanSender>(() => new Promise<IntakeResult>(() => undefined));
    const first = createScanQueue({ owner: OWNER, storage: indexedDbScanStorage(factory), send: hanging, isOnline: () => true, newKey: keys() });
    await first.enqueue(form('LX1CN'));
    await vi.waitFor(() => expect(hanging).toHaveBeenCalledTimes(1));

    const reloaded = indexedDbScanStorage(factory);
    expect(reloaded.durable).toBe(true);
    expect(await reloaded.list(OWNER)).toMatchObject([{ key: 'k1', state: 'sending', form: form('LX1CN') }]);
    expect(await reloaded.list('1:u2')).toEqual([]);
    const send = vi.fn<ScanSender>(async (scanned) => answer(scanned.number ?? ''));
    const second = createScanQueue({ owner: OWNER, storage: reloaded, send, isOnline: () => true });
    await second.start();
    expect(send.mock.calls).toEqual([[form('LX1CN'), 'k1']]);
    expect(await reloaded.list(OWNER)).toMatchObject([{ key: 'k1', state: 'received', attempts: 2 }]);
    await reloaded.remove('k1');
    expect(await reloaded.list(OWNER)).toEqual([]);
  });
});
