/**
 * The price-forecast bundle (`GET /logistics/priceForecast/bundle`: the caller's channel products
 * and rate cards at the caller's price level) kept in the browser, so the forecast answers at
 * once and without a network:
 *
 * 1. the copy in IndexedDB (database `logistics`, store `forecastBundle`, one record per user id,
 *    so two people on one browser never see each other's prices) is shown first;
 * 2. then, when online, the server is asked with `If-None-Match: <etag>`: 304 keeps the copy, 200
 *    replaces it; the same happens on the window's `online` event and on "refresh".
 *
 * `useForecastBundle()` is the React side. The storage is injected (`createBundleStore`), so the
 * logic is tested with an in-memory fake; browsers without IndexedDB fall back to memory.
 */
import { useEffect, useMemo } from 'react';
import { ApiError, requestWithResponse } from '../../../api/client';
import { onSessionCleared, useUserInfo } from '../../../lib/session';
import { createStore, useStore, type Store } from '../../../lib/store';

export const BUNDLE_PATH = '/logistics/priceForecast/bundle';
export const BUNDLE_DB_NAME = 'logistics';
export const BUNDLE_STORE_NAME = 'forecastBundle';

/** One user's saved bundle. `json` is the server's `result` as text, as the core reads it. */
export interface BundleRecord {
  version: string;
  /** The server's `ETag` (`"<version>"`), sent back as `If-None-Match`. */
  etag: string | null;
  /** When the server last confirmed this copy (ms since the epoch). */
  fetchedAt: number;
  /** When the server built the bundle (ISO date-time), if it said. */
  generatedAt: string | null;
  json: string;
}

/** Where records are kept, by key (the user id). */
export interface BundleStorage {
  read: (key: string) => Promise<BundleRecord | undefined>;
  write: (key: string, record: BundleRecord) => Promise<void>;
}

/** A conditional fetch: `undefined` when the server says the copy with `etag` is current (304). */
export type BundleFetcher = (etag: string | null) => Promise<BundleRecord | undefined>;

/** A storage in memory (tests; browsers without IndexedDB). */
export function memoryBundleStorage(initial: Record<string, BundleRecord> = {}): BundleStorage & { records: Map<string, BundleRecord> } {
  const records = new Map(Object.entries(initial));
  return {
    records,
    read: async (key) => records.get(key),
    write: async (key, record) => {
      records.set(key, record);
    },
  };
}

const promised = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(request.result));
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB request failed')));
  });

function openDatabase(factory: IDBFactory, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = version === undefined ? factory.open(BUNDLE_DB_NAME) : factory.open(BUNDLE_DB_NAME, version);
    request.addEventListener('upgradeneeded', () => {
      if (!request.result.objectStoreNames.contains(BUNDLE_STORE_NAME)) request.result.createObjectStore(BUNDLE_STORE_NAME);
    });
    request.addEventListener('success', () => {
      const db = request.result;
      // Another part of the app may own the database without this store: add it in a new version.
      if (!db.objectStoreNames.contains(BUNDLE_STORE_NAME)) {
        const next = db.version + 1;
        db.close();
        openDatabase(factory, next).then(resolve, reject);
        return;
      }
      // A newer version elsewhere (another tab) must not be blocked by this connection.
      db.addEventListener('versionchange', () => db.close());
      resolve(db);
    });
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB open failed')));
    request.addEventListener('blocked', () => reject(new Error('IndexedDB open blocked')));
  });
}

/** The IndexedDB storage (plain API); memory when the browser has none. */
export function indexedDbBundleStorage(factory: IDBFactory | undefined = globalThis.indexedDB): BundleStorage {
  if (!factory) return memoryBundleStorage();
  let db: Promise<IDBDatabase> | undefined;
  const database = () => {
    db ??= openDatabase(factory).catch((error: unknown) => {
      db = undefined;
      throw error;
    });
    return db;
  };
  return {
    read: async (key) => {
      const store = (await database()).transaction(BUNDLE_STORE_NAME, 'readonly').objectStore(BUNDLE_STORE_NAME);
      const record = (await promised(store.get(key))) as BundleRecord | undefined;
      return record && typeof record.json === 'string' ? record : undefined;
    },
    write: async (key, record) => {
      const transaction = (await database()).transaction(BUNDLE_STORE_NAME, 'readwrite');
      transaction.objectStore(BUNDLE_STORE_NAME).put(record, key);
      await new Promise<void>((resolve, reject) => {
        transaction.addEventListener('complete', () => resolve());
        transaction.addEventListener('error', () => reject(transaction.error ?? new Error('IndexedDB write failed')));
        transaction.addEventListener('abort', () => reject(transaction.error ?? new Error('IndexedDB write aborted')));
      });
    },
  };
}

interface BundleAnswer {
  version?: unknown;
  generatedAt?: unknown;
}

/** The server's bundle, conditionally on `etag` (no notice on failure: the page says it); staff
 * may name a customer, whose prices it then carries. */
export const bundleFetcher =
  (customerId?: string): BundleFetcher =>
  async (etag) => {
    const { status, headers, envelope } = await requestWithResponse<BundleAnswer>(BUNDLE_PATH, {
      notify: false,
      params: customerId ? { customerId } : undefined,
      headers: etag ? { 'If-None-Match': etag } : undefined,
    });
    return answerOf(status, headers, envelope);
  };

function answerOf(status: number, headers: Headers, envelope: { result?: BundleAnswer | null } | undefined): BundleRecord | undefined {
  if (status === 304 || !envelope) return undefined;
  const result = envelope.result ?? {};
  const version = typeof result.version === 'string' || typeof result.version === 'number' ? String(result.version) : '';
  return {
    version,
    etag: headers.get('ETag') ?? (version ? `"${version}"` : null),
    fetchedAt: Date.now(),
    generatedAt: typeof result.generatedAt === 'string' ? result.generatedAt : null,
    json: JSON.stringify(result),
  };
}

/** The caller's own bundle. */
export const fetchBundle: BundleFetcher = bundleFetcher();

export interface BundleState {
  /** The bundle in use (saved or fresh), if there is one. */
  bundle: BundleRecord | undefined;
  /** The saved copy is being read (first paint only). */
  loading: boolean;
  /** The server is being asked. */
  refreshing: boolean;
  /** Why the last refresh failed (`status` 0: no network), cleared by the next success. */
  error: { status: number; message: string } | undefined;
}

export interface BundleStoreOptions {
  /** The user id: the storage key. */
  key: string;
  storage: BundleStorage;
  fetch?: BundleFetcher;
  /** Whether the browser thinks it is online (default `navigator.onLine`). */
  isOnline?: () => boolean;
}

export interface BundleStore extends Store<BundleState> {
  /** Reads the saved copy (once), then refreshes when online. */
  start: () => Promise<void>;
  /** Asks the server (one call at a time); resolves when done, never rejects. */
  refresh: () => Promise<void>;
}

const INITIAL: BundleState = { bundle: undefined, loading: true, refreshing: false, error: undefined };

export function createBundleStore({ key, storage, fetch = fetchBundle, isOnline = () => navigator.onLine }: BundleStoreOptions): BundleStore {
  const store = createStore<BundleState>(INITIAL);
  let started: Promise<void> | undefined;
  let inFlight: Promise<void> | undefined;

  const refresh = (): Promise<void> => {
    inFlight ??= (async () => {
      store.set((s) => ({ ...s, refreshing: true }));
      try {
        const current = store.get().bundle;
        const fresh = await fetch(current?.etag ?? null);
        const next = fresh ?? (current ? { ...current, fetchedAt: Date.now() } : undefined);
        store.set((s) => ({ ...s, bundle: next, error: undefined }));
        if (next) await storage.write(key, next).catch(() => undefined);
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        const message = error instanceof Error ? error.message : String(error);
        store.set((s) => ({ ...s, error: { status, message } }));
      } finally {
        store.set((s) => ({ ...s, refreshing: false, loading: false }));
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  const start = (): Promise<void> => {
    started ??= (async () => {
      const saved = await storage.read(key).catch(() => undefined);
      // A refresh that finished first wins over the saved copy.
      store.set((s) => ({ ...s, bundle: s.bundle ?? saved, loading: false }));
      if (isOnline()) await refresh();
    })();
    return started;
  };

  return { ...store, start, refresh };
}

// One store per user for the life of the page, so coming back to the forecast is instant.
const stores = new Map<string, BundleStore>();
let defaultStorage: BundleStorage | undefined;

/** The store of a user, or of staff quoting for a customer (made on first use with the IndexedDB storage). */
export function bundleStoreFor(key: string, customerId?: string): BundleStore {
  let store = stores.get(key);
  if (!store) {
    defaultStorage ??= indexedDbBundleStorage();
    store = createBundleStore({ key, storage: defaultStorage, fetch: bundleFetcher(customerId) });
    stores.set(key, store);
  }
  return store;
}

/** Forgets the in-memory stores (sign-out; tests). The saved copies stay, keyed by user. */
export function resetBundleStores(storage?: BundleStorage): void {
  stores.clear();
  defaultStorage = storage;
}

onSessionCleared(() => stores.clear());

export interface ForecastBundle extends BundleState {
  refresh: () => Promise<void>;
}

/**
 * The signed-in user's bundle: the saved copy at once, then the server's when online (again on
 * every `online` event). `refresh` asks the server now. Staff naming `customerId` get that
 * customer's (kept apart from their own).
 */
export function useForecastBundle(customerId?: string): ForecastBundle {
  const user = useUserInfo();
  const key = `${user?.id ?? 'anonymous'}${customerId ? `:${customerId}` : ''}`;
  const store = useMemo(() => bundleStoreFor(key, customerId), [key, customerId]);
  const state = useStore(store);

  useEffect(() => {
    void store.start();
    const onOnline = () => void store.refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [store]);

  return { ...state, refresh: store.refresh };
}
