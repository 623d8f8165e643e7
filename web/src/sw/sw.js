/*
 * The service worker of the app shell, so that a signed-in page (the price forecast above all)
 * reloads without a network. `src/sw/precachePlugin.ts` writes it to `dist/sw.js` at build time
 * and fills in the marked constants (the built files, a version, the base path); it is plain
 * JavaScript, not bundled, and registered by `src/sw/register.ts` in production builds only.
 *
 * - install: every built file (HTML, JS, CSS, WASM, fonts) goes into `logistics-shell-<version>`;
 * - activate: older shell caches are dropped (a new version waits until no tab uses the old one);
 * - navigations: network first (a fresh index.html is kept), the cached index.html when offline
 *   or when the network takes longer than NAVIGATION_TIMEOUT_MS;
 * - hashed assets: cache first (new hashes are added to the cache as they are fetched);
 * - the API (`<base>boot/…`) and other origins: never touched.
 */
const VERSION = /* @sw-version */ 'dev';
const PRECACHE = /* @sw-precache */ [];
const BASE = /* @sw-base */ '/';

const CACHE_PREFIX = 'logistics-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SHELL = `${BASE}index.html`;
const API = `${BASE}boot`;
const ASSETS = `${BASE}assets/`;
const NAVIGATION_TIMEOUT_MS = 5000;
const precached = new Set(PRECACHE);

/** What to do with a request: `network-first`, `cache-first` or `none` (the browser's own). */
function strategyFor(request) {
  if (request.method !== 'GET') return 'none';
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return 'none';
  if (url.pathname === API || url.pathname.startsWith(`${API}/`)) return 'none';
  if (request.mode === 'navigate') return 'network-first';
  if (precached.has(url.pathname) || url.pathname.startsWith(ASSETS)) return 'cache-first';
  return 'none';
}

async function networkFirst(request) {
  const network = fetch(request).then(async (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.includes('text/html')) {
      const cache = await caches.open(CACHE);
      await cache.put(SHELL, response.clone());
    }
    return response;
  });
  // When the cached page answers first, a later network failure is nobody's concern.
  network.catch(() => undefined);
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, NAVIGATION_TIMEOUT_MS);
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first) return first;
    const cached = await caches.match(SHELL, { ignoreVary: true });
    return cached ?? (await network);
  } catch {
    const cached = await caches.match(SHELL, { ignoreVary: true });
    return cached ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith(ASSETS)) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request);
  if (strategy === 'network-first') event.respondWith(networkFirst(event.request));
  else if (strategy === 'cache-first') event.respondWith(cacheFirst(event.request));
});
