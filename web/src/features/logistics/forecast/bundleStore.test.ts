import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { setUserInfo } from '../../../lib/session';
import { testUser } from '../../../test/api';
import {
  BUNDLE_PATH,
  createBundleStore,
  fetchBundle,
  memoryBundleStorage,
  resetBundleStores,
  useForecastBundle,
  type BundleFetcher,
  type BundleRecord,
  type BundleStorage,
} from './bundleStore';


const record = (version: string, fetchedAt = 1): BundleRecord => ({
  version,
  etag: `"${version}"`,
  fetchedAt,
  generatedAt: null,
  json: JSON.stringify({ version, cards: [], products: [] }),
});

const online = () => true;
const offline = () => false;

afterEach(() => {
  vi.unstubAllGlobals();
  resetBundleStores();
});

describe('bundle store', () => {
  test('shows the saved copy first, then asks the server with its ETag; 304 keeps it', async () => {
    const storage = memoryBundleStorage({ u1: record('v1') });
    let release!: () => void;
    const fetch = vi.fn<BundleFetcher>(() => new Promise((resolve) => (release = () => resolve(undefined))));
    const store = createBundleStore({ key: 'u1', storage, fetch, isOnline: online });
    expect(store.get().loading).toBe(true);

    const started = store.start();
    await waitFor(() => expect(store.get().bundle?.version).toBe('v1'));
    expect(store.get()).toMatchObject({ loading: false, refreshing: true });
    expect(fetch).toHaveBeenCalledWith('"v1"');

    release();
    await started;
    expect(store.get()).toMatchObject({ refreshing: false, error: undefined });
    expect(store.get().bundle?.version).toBe('v1');
    // The copy is confirmed: its check time moves on and it is saved again.
    expect(storage.records.get('u1')!.fetchedAt).toBeGreaterThan(1);
  });

  test('a new bundle (200) replaces the saved one and is written back', async () => {
    const storage = memoryBundleStorage({ u1: record('v1') });
    const fetch = vi.fn<BundleFetcher>(async () => record('v2', 5));
    const store = createBundleStore({ key: 'u1', storage, fetch, isOnline: online });
    await store.start();
    expect(store.get().bundle?.version).toBe('v2');
    expect(storage.records.get('u1')?.version).toBe('v2');
  });

  test('offline: the saved copy only, no call; nothing saved means no bundle and no error', async () => {
    const fetch = vi.fn<BundleFetcher>();
    const saved = createBundleStore({ key: 'u1', storage: memoryBundleStorage({ u1: record('v1') }), fetch, isOnline: offline });
    await saved.start();
    expect(saved.get()).toMatchObject({ loading: false, refreshing: false, error: undefined });
    expect(saved.get().bundle?.version).toBe('v1');

    const empty = createBundleStore({ key: 'u1', storage: memoryBundleStorage(), fetch, isOnline: offline });
    await empty.start();
    expect(empty.get()).toMatchObject({ bundle: undefined, loading: false, error: undefined });
    expect(fetch).not.toHaveBeenCalled();
  });

  test('a failed refresh keeps the saved copy and says why', async () => {
    const fetch = vi.fn<BundleFetcher>(async () => {
      throw new ApiError(0, 'network');
    });
    const store = createBundleStore({ key: 'u1', storage: memoryBundleStorage({ u1: record('v1') }), fetch, isOnline: online });
    await store.start();
    expect(store.get().bundle?.version).toBe('v1');
    expect(store.get().error).toEqual({ status: 0, message: 'network' });

    fetch.mockResolvedValueOnce(undefined);
    await store.refresh();
    expect(store.get().error).toBeUndefined();
  });

  test('each user has their own record', async () => {
    const storage = memoryBundleStorage({ alice: record('alice-prices') });
    const fetch = vi.fn<BundleFetcher>(async () => record('bob-prices'));
    const bob = createBundleStore({ key: 'bob', storage, fetch, isOnline: online });
    await bob.start();
    expect(fetch).toHaveBeenCalledWith(null);
    expect(bob.get().bundle?.version).toBe('bob-prices');
    expect(storage.records.get('alice')?.version).toBe('alice-prices');
    expect(storage.records.get('bob')?.version).toBe('bob-prices');
  });

  test('one call at a time', async () => {
    let release!: () => void;
    const fetch = vi.fn<BundleFetcher>(() => new Promise((resolve) => (release = () => resolve(record('v3')))));
    const store = createBundleStore({ key: 'u1', storage: memoryBundleStorage(), fetch, isOnline: online });
    const both = Promise.all([store.refresh(), store.refresh()]);
    release();
    await both;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.get().bundle?.version).toBe('v3');
  });

  test('a storage that fails does not break the page', async () => {
    const failing = {
      read: vi.fn<BundleStorage['read']>(async () => Promise.reject(new Error('quota'))),
      write: vi.fn<BundleStorage['write']>(async () => Promise.reject(new Error('quota'))),
    };
    const store = createBundleStore({ key: 'u1', storage: failing, fetch: async () => record('v3'), isOnline: online });
    await store.start();
    expect(failing.write).toHaveBeenCalled();
    expect(store.get()).toMatchObject({ loading: false, refreshing: false, error: undefined });
    expect(store.get().bundle?.version).toBe('v3');
  });
});

const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify({ success: true, message: 'ok', code: 200, result: body, timestamp: 0 }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('fetchBundle', () => {
  test('sends If-None-Match and reads 304 as "keep yours"', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer(304));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchBundle('"v1"')).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://localhost').pathname).toBe(`/boot${BUNDLE_PATH}`);
    expect(new Headers(init?.headers).get('If-None-Match')).toBe('"v1"');
  });

  test('a 200 becomes a record with the ETag, the version and the JSON text', async () => {
    const bundle = { version: 'v9', generatedAt: '2026-11-21T08:00:00Z', cards: [], products: [] };
    const fetchMock = vi.fn<typeof fetch>(async () => answer(200, bundle, { ETag: '"v9"' }));
    vi.stubGlobal('fetch', fetchMock);
    const fresh = await fetchBundle(null);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('If-None-Match')).toBe(false);
    expect(fresh).toMatchObject({ version: 'v9', etag: '"v9"', generatedAt: '2026-11-21T08:00:00Z' });
    expect(JSON.parse(fresh!.json)).toEqual(bundle);
  });

  test('no network: an ApiError with status 0 (no notice)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchBundle(null)).rejects.toMatchObject({ status: 0 });
  });
});

describe('useForecastBundle', () => {
  beforeEach(() => {
    setUserInfo(testUser({ id: 'u1', username: 'customer' }));
  });

  test('loads per signed-in user and refreshes on the online event', async () => {
    const storage = memoryBundleStorage({ u1: record('v1') });
    resetBundleStores(storage);
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', fetchMock);

    const { result } = renderHook(() => useForecastBundle());
    await waitFor(() => expect(result.current.bundle?.version).toBe('v1'));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    const calls = fetchMock.mock.calls.length;
    expect(calls).toBe(1);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
    await waitFor(() => expect(result.current.refreshing).toBe(false));
    expect(result.current.bundle?.version).toBe('v1');
  });
});
