/**
 * The PDA's offline queue of intake scans: no scan is lost and none is applied twice.
 *
 * 1. A scan is written to storage (IndexedDB: database `logistics-warehouse`, store
 *    `intakeScans`, one record per scan, kept per user) with its own `Idempotency-Key`, made at
 *    scan time, before any request is made.
 * 2. When the browser is online the queue is sent in scan order, one request at a time, each with
 *    its key. A scan is marked `sending` in storage before its request, so a page closed or
 *    crashed mid-request sends it again on the next start with the same key, and the server
 *    replays its first answer instead of receiving the parcel twice.
 * 3. An answer settles a scan: `received` with the server's result, or `failed` with the server's
 *    message for a refusal (a 4xx: a bad number, already received, the order cancelled
 *    meanwhile …), which no resend would change. No answer (no network), a server error (5xx),
 *    a timeout, throttling (408, 429), an ended session (401: kept until the user signs in
 *    again) or the server still busy with the same key (409 `idempotency_in_flight`: the first
 *    request of a resend after a crash) leave the scan queued, and sending stops there, so that the order is kept; it
 *    resumes on the next sync (the window's `online` event, a periodic retry, a new scan).
 * 4. Settled scans are kept for the screen (the newest {@link KEEP_SETTLED}), older ones dropped.
 *
 * The storage and the sender are injected ({@link createScanQueue}), so the logic is tested with
 * an in-memory storage; browsers without IndexedDB fall back to memory (`durable: false`: the
 * page warns not to close it while scans wait).
 */
import { ApiError, errorKey } from '../../api/client';
import { onSessionCleared } from '../../lib/session';
import { createStore, type Store } from '../../lib/store';
import { newIdempotencyKey } from '../logistics/wallet/idempotency';
import { intake, type IntakeForm, type IntakeResult } from './api';

export const SCAN_DB_NAME = 'logistics-warehouse';
export const SCAN_STORE_NAME = 'intakeScans';
/** Settled scans kept for the screen; scans still waiting are always kept. */
export const KEEP_SETTLED = 20;

/** Waiting to be sent, being sent, received by the server, or refused by it. */
export type ScanState = 'queued' | 'sending' | 'received' | 'failed';
export const SCAN_STATES = ['queued', 'sending', 'received', 'failed'] as const satisfies readonly ScanState[];

/** One scan as kept in storage. */
export interface QueuedScan {
  /** The scan's `Idempotency-Key` (made at scan time) and its storage key. */
  key: string;
  /** Whose scan it is (tenant and user): it is only ever sent in that user's session. */
  owner: string;
  /** Scan order: the queue is sent in it. */
  seq: number;
  form: IntakeForm;
  state: ScanState;
  /** When it was scanned (ms since the epoch). */
  scannedAt: number;
  /** Requests made for it so far. */
  attempts: number;
  /** The server's answer, once received. */
  result?: IntakeResult;
  /** Failed: the server's message. Queued: why the last try did not get through. */
  message?: string;
  /** HTTP status of the last failure (0: no network). */
  status?: number;
}

/** Where scans are kept. `durable` is false for memory (lost with the page). */
export interface ScanStorage {
  durable: boolean;
  list: (owner: string) => Promise<QueuedScan[]>;
  put: (scan: QueuedScan) => Promise<void>;
  remove: (key: string) => Promise<void>;
}

/** Sends one scan with its key; resolves with the server's result or rejects (an {@link ApiError}). */
export type ScanSender = (form: IntakeForm, key: string) => Promise<IntakeResult>;

/**
 * How long one scan's request may take before it is given up and left queued (a 504, tried again
 * with the same key). Intake answers in milliseconds; a request that hangs (a network coming
 * back, a captive portal) must not hold the queue for the client's default five minutes.
 */
export const SCAN_TIMEOUT_MS = 10_000;

/** The server's intake. */
export const sendScan: ScanSender = async (form, key) => (await intake(form, key, SCAN_TIMEOUT_MS)).result;

/** A storage in memory (tests; browsers without IndexedDB). */
export function memoryScanStorage(initial: QueuedScan[] = []): ScanStorage & { records: Map<string, QueuedScan> } {
  const records = new Map(initial.map((scan) => [scan.key, structuredClone(scan)]));
  return {
    durable: false,
    records,
    list: async (owner) => [...records.values()].filter((scan) => scan.owner === owner).map((scan) => structuredClone(scan)),
    put: async (scan) => {
      records.set(scan.key, structuredClone(scan));
    },
    remove: async (key) => {
      records.delete(key);
    },
  };
}

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB request failed')));
  });

const completed = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.addEventListener('complete', () => resolve());
    transaction.addEventListener('error', () => reject(transaction.error ?? new Error('IndexedDB write failed')));
    transaction.addEventListener('abort', () => reject(transaction.error ?? new Error('IndexedDB write aborted')));
  });

function openScanDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    // A database of its own (not the forecast's `logistics`): adding a store there would need a
    // version change under the forecast's open connection.
    const request = factory.open(SCAN_DB_NAME, 1);
    request.addEventListener('upgradeneeded', () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(SCAN_STORE_NAME)) db.createObjectStore(SCAN_STORE_NAME, { keyPath: 'key' }).createIndex('owner', 'owner');
    });
    request.addEventListener('success', () => {
      const db = request.result;
      db.addEventListener('versionchange', () => db.close());
      resolve(db);
    });
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB open failed')));
    request.addEventListener('blocked', () => reject(new Error('IndexedDB open blocked')));
  });
}

/** The IndexedDB storage (plain API); memory when the browser has none. */
export function indexedDbScanStorage(factory: IDBFactory | undefined = globalThis.indexedDB): ScanStorage {
  if (!factory) return memoryScanStorage();
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= openScanDatabase(factory).catch((error: unknown) => {
      db = undefined;
      throw error;
    });
    return db;
  };
  const write = async (change: (store: IDBObjectStore) => void) => {
    const transaction = (await database()).transaction(SCAN_STORE_NAME, 'readwrite');
    change(transaction.objectStore(SCAN_STORE_NAME));
    // Resolved once the write is committed: only then is a scan safe to send.
    await completed(transaction);
  };
  return {
    durable: true,
    list: async (owner) => {
      const store = (await database()).transaction(SCAN_STORE_NAME, 'readonly').objectStore(SCAN_STORE_NAME);
      return (await promised(store.index('owner').getAll(owner))) as QueuedScan[];
    },
    put: (scan) => write((store) => store.put(scan)),
    remove: (key) => write((store) => store.delete(key)),
  };
}

/** The server's 409 for a key whose first request is still being processed (a resend after a crash, too early). */
export const IN_FLIGHT_KEY = 'idempotency_in_flight';

/** Whether a failure leaves the scan queued for another try (see the module's comment). */
export function isRetryable(failure: unknown): boolean {
  if (!(failure instanceof ApiError)) return true;
  const { status } = failure;
  if (status === 409) return errorKey(failure.envelope) === IN_FLIGHT_KEY;
  return status === 0 || status >= 500 || status === 401 || status === 408 || status === 429;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
const statusOf = (failure: unknown) => (failure instanceof ApiError ? failure.status : 0);
const waiting = (scan: QueuedScan) => scan.state === 'queued' || scan.state === 'sending';
const bySeq = (a: QueuedScan, b: QueuedScan) => a.seq - b.seq;

export interface ScanQueueState {
  /** Every scan kept, oldest first. */
  scans: QueuedScan[];
  /** The saved scans have been read. */
  loaded: boolean;
  /** A sync is running. */
  syncing: boolean;
  /** The browser says it is offline, or the last request got no answer. */
  offline: boolean;
  /** Whether scans outlive the page (IndexedDB). */
  durable: boolean;
  /** Why the storage could not be read or written, if it could not. */
  storageError: string | undefined;
}

export interface ScanQueueOptions {
  /** Whose scans (tenant and user). */
  owner: string;
  storage: ScanStorage;
  send?: ScanSender;
  /** Whether the browser thinks it is online (default `navigator.onLine`). */
  isOnline?: () => boolean;
  /** A fresh key (default {@link newIdempotencyKey}). */
  newKey?: () => string;
  now?: () => number;
}

export interface ScanQueue extends Store<ScanQueueState> {
  /** Reads the saved scans (once), then syncs. */
  start: () => Promise<void>;
  /** Saves a new scan with a fresh key, then starts sending (does not wait for the answer). Rejects when it cannot be saved. */
  enqueue: (form: IntakeForm) => Promise<QueuedScan>;
  /**
   * Sends what waits, in order, while answers come; resolves when it stops. One sync at a time.
   * A `probe` tries the network even when the browser says it is offline (`navigator.onLine` can
   * stay wrong after the network is back): a request is the only sure test.
   */
  sync: (options?: { probe?: boolean }) => Promise<void>;
  /** Calls `listener` with each scan the server settles (received or failed). */
  onSettled: (listener: (scan: QueuedScan) => void) => () => void;
}

export function createScanQueue({ owner, storage, send = sendScan, isOnline = () => navigator.onLine, newKey = newIdempotencyKey, now = Date.now }: ScanQueueOptions): ScanQueue {
  const store = createStore<ScanQueueState>({ scans: [], loaded: false, syncing: false, offline: !isOnline(), durable: storage.durable, storageError: undefined });
  const listeners = new Set<(scan: QueuedScan) => void>();
  let loading: Promise<void> | undefined;
  let running: Promise<void> | undefined;
  let wanted = false;
  let probing = false;

  const show = (scan: QueuedScan) =>
    store.set((s) => ({ ...s, scans: s.scans.some((one) => one.key === scan.key) ? s.scans.map((one) => (one.key === scan.key ? scan : one)) : [...s.scans, scan].toSorted(bySeq) }));
  /** Written first, shown after: the screen never shows what storage does not hold. */
  const save = async (scan: QueuedScan) => {
    await storage.put(scan);
    show(scan);
  };

  const load = (): Promise<void> => {
    loading ??= (async () => {
      try {
        const saved = await storage.list(owner);
        // A scan left `sending` was cut off mid-request (a crash, a closed page): it waits again,
        // with the same key, so the resend cannot apply twice.
        const scans = saved.map((scan): QueuedScan => (scan.state === 'sending' ? { ...scan, state: 'queued' } : scan)).toSorted(bySeq);
        store.set((s) => ({ ...s, scans: [...scans, ...s.scans.filter((one) => !scans.some((old) => old.key === one.key))].toSorted(bySeq), loaded: true }));
      } catch (error) {
        store.set((s) => ({ ...s, loaded: true, storageError: messageOf(error) }));
      }
    })();
    return loading;
  };

  /** Drops settled scans beyond the newest {@link KEEP_SETTLED}. */
  const prune = async () => {
    const settled = store.get().scans.filter((scan) => !waiting(scan)).toSorted((a, b) => b.seq - a.seq);
    for (const old of settled.slice(KEEP_SETTLED)) {
      await storage.remove(old.key).catch(() => undefined);
      store.set((s) => ({ ...s, scans: s.scans.filter((scan) => scan.key !== old.key) }));
    }
  };

  /** Sends waiting scans in order until none waits or one does not get through. */
  const drain = async (probe: boolean): Promise<void> => {
    for (;;) {
      if (!probe && !isOnline()) {
        store.set((s) => ({ ...s, offline: true }));
        return;
      }
      const next = store.get().scans.find(waiting);
      if (!next) {
        // Online with nothing to send: nothing says the network is down.
        store.set((s) => ({ ...s, offline: false }));
        return;
      }
      const sending: QueuedScan = { ...next, state: 'sending', attempts: next.attempts + 1 };
      await save(sending);
      let settled: QueuedScan;
      try {
        const result = await send(next.form, next.key);
        settled = { ...sending, state: 'received', result, message: undefined, status: undefined };
      } catch (failure) {
        const status = statusOf(failure);
        if (isRetryable(failure)) {
          await save({ ...sending, state: 'queued', message: messageOf(failure), status });
          store.set((s) => ({ ...s, offline: status === 0 }));
          return;
        }
        settled = { ...sending, state: 'failed', message: messageOf(failure), status };
      }
      store.set((s) => ({ ...s, offline: false }));
      await save(settled);
      for (const listener of listeners) {
        try {
          listener(settled);
        } catch {
          // A listener's failure (a beep) must not stop the queue.
        }
      }
      await prune();
    }
  };

  const sync = (options?: { probe?: boolean }): Promise<void> => {
    wanted = true;
    probing ||= options?.probe === true;
    running ??= (async () => {
      await load();
      store.set((s) => ({ ...s, syncing: true }));
      try {
        // A sync asked for while a pass runs (a new scan, the network back) gets a pass of its own
        // after it, so nothing waits for the periodic retry.
        while (wanted) {
          wanted = false;
          const probe = probing;
          probing = false;
          await drain(probe);
        }
      } catch (error) {
        store.set((s) => ({ ...s, storageError: messageOf(error) }));
      } finally {
        running = undefined;
        store.set((s) => ({ ...s, syncing: false }));
      }
    })();
    return running;
  };

  const enqueue = async (form: IntakeForm): Promise<QueuedScan> => {
    await load();
    const seq = Math.max(0, ...store.get().scans.map((scan) => scan.seq)) + 1;
    const scan: QueuedScan = { key: newKey(), owner, seq, form, state: 'queued', scannedAt: now(), attempts: 0 };
    // Kept before anything is sent: a failed write is the caller's error, and nothing is sent.
    await save(scan);
    store.set((s) => ({ ...s, offline: s.offline || !isOnline(), storageError: undefined }));
    void sync();
    return scan;
  };

  const start = async (): Promise<void> => {
    await load();
    await sync();
  };

  return {
    ...store,
    start,
    enqueue,
    sync,
    onSettled: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Scans waiting to be sent. */
export const waitingCount = (state: ScanQueueState) => state.scans.filter(waiting).length;

// One queue per user for the life of the page: leaving the PDA page does not stop its sending.
const queues = new Map<string, ScanQueue>();
let defaultStorage: ScanStorage | undefined;

/** The queue of a user (made on first use with the IndexedDB storage). */
export function scanQueueFor(owner: string): ScanQueue {
  let queue = queues.get(owner);
  if (!queue) {
    defaultStorage ??= indexedDbScanStorage();
    queue = createScanQueue({ owner, storage: defaultStorage });
    queues.set(owner, queue);
  }
  return queue;
}

/** Forgets the in-memory queues (sign-out; tests) and, for tests, sets the storage new queues use. The saved scans stay. */
export function resetScanQueues(storage?: ScanStorage): void {
  queues.clear();
  defaultStorage = storage;
}

onSessionCleared(() => queues.clear());
