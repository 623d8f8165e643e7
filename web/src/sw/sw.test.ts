import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { precacheEntries, precacheShell, renderServiceWorker, shellVersion, SW_FILENAME, SW_TEMPLATE } from './precachePlugin';
import { registerServiceWorker, SW_URL } from './register';

const ROOT = process.cwd();
const TEMPLATE = readFileSync(join(ROOT, SW_TEMPLATE), 'utf8');
const ORIGIN = 'https://app.example';

const pathOf = (request: Request | string) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;

/** A Cache Storage in memory, keyed by URL path. */
class FakeCaches {
  readonly stores = new Map<string, Map<string, Response>>();

  async open(name: string) {
    let store = this.stores.get(name);
    if (!store) {
      store = new Map();
      this.stores.set(name, store);
    }
    const entries = store;
    return {
      addAll: async (urls: string[]) => {
        for (const url of urls) entries.set(pathOf(url), new Response(`precached ${url}`));
      },
      put: async (request: Request | string, response: Response) => {
        entries.set(pathOf(request), response);
      },
    };
  }

  async match(request: Request | string) {
    const path = pathOf(request);
    for (const store of this.stores.values()) {
      const hit = store.get(path);
      if (hit) return hit.clone();
    }
    return undefined;
  }

  async keys() {
    return [...this.stores.keys()];
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }
}

type Listener = (event: unknown) => void;

/** Runs the built worker in a fake scope; returns its listeners and the fakes. */
function loadWorker(precache: string[], network: (request: Request) => Promise<Response>) {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  const claim = vi.fn<() => Promise<void>>(async () => undefined);
  const scope = {
    location: new URL(`${ORIGIN}/`),
    clients: { claim },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  const fetch = vi.fn<(request: Request) => Promise<Response>>(network);
  const source = renderServiceWorker(TEMPLATE, { version: 'v1', precache, base: '/' });
  new Function('self', 'caches', 'fetch', source)(scope, caches, fetch);

  /** Dispatches a fetch event; resolves to the worker's answer, or undefined when it let the browser go on. */
  const request = async (url: string, init: { mode?: string; method?: string } = {}) => {
    const req = { url: new URL(url, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' } as unknown as Request;
    let answer: Promise<Response> | undefined;
    listeners.get('fetch')!({ request: req, respondWith: (response: Promise<Response>) => (answer = response) });
    return answer;
  };
  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  return { caches, fetch, claim, request, lifecycle };
}

const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('precache list and worker source', () => {
  test('every built file except maps and the worker, under the base, sorted', () => {
    expect(precacheEntries(['index.html', 'assets/app-1a2b.js', 'assets/app-1a2b.js.map', 'sw.js', 'assets/core-9f.wasm', 'favicon.svg'], '/')).toEqual([
      '/assets/app-1a2b.js',
      '/assets/core-9f.wasm',
      '/favicon.svg',
      '/index.html',
    ]);
    expect(precacheEntries(['index.html'], '/app')).toEqual(['/app/index.html']);
  });

  test('the version follows the files and the index page', () => {
    const a = shellVersion(['/index.html', '/assets/a.js'], '<html>1</html>');
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(shellVersion(['/index.html', '/assets/a.js'], '<html>1</html>')).toBe(a);
    expect(shellVersion(['/index.html', '/assets/b.js'], '<html>1</html>')).not.toBe(a);
    expect(shellVersion(['/index.html', '/assets/a.js'], '<html>2</html>')).not.toBe(a);
  });

  test('the template markers are filled in; a lost marker fails the build', () => {
    const source = renderServiceWorker(TEMPLATE, { version: 'abc', precache: ['/index.html', '/assets/x.js'], base: '/' });
    expect(source).toContain(`const VERSION = "abc";`);
    expect(source).toContain(`const PRECACHE = ["/index.html","/assets/x.js"];`);
    expect(() => renderServiceWorker(TEMPLATE.replace('/* @sw-precache */ []', '[]'), { version: 'x', precache: [], base: '/' })).toThrow(/@sw-precache/);
  });

  test('the plugin emits sw.js with the bundle and the public files', () => {
    const plugin = precacheShell();
    const configResolved = plugin.configResolved as (config: unknown) => void;
    configResolved({ root: ROOT, base: '/', publicDir: join(ROOT, 'public') });
    const emitFile = vi.fn<(file: { fileName: string; source: string }) => void>();
    const hook = plugin.generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
    const bundle = {
      'index.html': { type: 'asset', source: '<html></html>' },
      'assets/index-abc.js': { type: 'chunk' },
      'assets/logistics_wasm_bg-def.wasm': { type: 'asset', source: new Uint8Array() },
    };
    hook.handler.call({ emitFile }, {}, bundle);
    const emitted = emitFile.mock.calls[0]![0] as { fileName: string; source: string };
    expect(emitted.fileName).toBe(SW_FILENAME);
    expect(emitted.source).toContain('"/assets/index-abc.js"');
    expect(emitted.source).toContain('"/assets/logistics_wasm_bg-def.wasm"');
    expect(emitted.source).toContain('"/favicon.svg"');
    expect(emitted.source).toContain('"/index.html"');
  });
});

describe('the service worker', () => {
  test('install precaches the shell; activate drops older shells and claims the pages', async () => {
    const worker = loadWorker(['/index.html', '/assets/app.js'], async () => html('x'));
    await worker.caches.open('logistics-shell-old');
    await worker.caches.open('someone-else');
    await worker.lifecycle('install');
    expect([...worker.caches.stores.get('logistics-shell-v1')!.keys()]).toEqual(['/index.html', '/assets/app.js']);
    await worker.lifecycle('activate');
    expect([...worker.caches.stores.keys()].toSorted()).toEqual(['logistics-shell-v1', 'someone-else']);
    expect(worker.claim).toHaveBeenCalled();
  });

  test('navigations: network first (keeping the fresh page), the cached page offline', async () => {
    let up = true;
    const worker = loadWorker(['/index.html'], async () => {
      if (!up) throw new TypeError('offline');
      return html('fresh');
    });
    await worker.lifecycle('install');
    const online = await worker.request('/logistics/priceForecast', { mode: 'navigate' });
    expect(await online!.text()).toBe('fresh');
    up = false;
    const offline = await worker.request('/logistics/priceForecast?product=ECO', { mode: 'navigate' });
    expect(await offline!.text()).toBe('fresh');
  });

  test('a navigation that hangs gets the cached page after a few seconds', async () => {
    vi.useFakeTimers();
    try {
      const worker = loadWorker(['/index.html'], () => new Promise<Response>(() => undefined));
      await worker.lifecycle('install');
      const answer = worker.request('/logistics/priceForecast', { mode: 'navigate' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(await (await answer)!.text()).toBe('precached /index.html');
    } finally {
      vi.useRealTimers();
    }
  });

  test('hashed assets: cache first, new ones kept once fetched', async () => {
    const worker = loadWorker(['/assets/app.js'], async (request) => new Response(`net ${new URL(request.url).pathname}`));
    await worker.lifecycle('install');
    expect(await (await worker.request('/assets/app.js'))!.text()).toBe('precached /assets/app.js');
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(await (await worker.request('/assets/late-chunk.js'))!.text()).toBe('net /assets/late-chunk.js');
    expect(await (await worker.request('/assets/late-chunk.js'))!.text()).toBe('net /assets/late-chunk.js');
    expect(worker.fetch).toHaveBeenCalledTimes(1);
  });

  test('the API, other methods and other origins are left to the browser', async () => {
    const worker = loadWorker(['/index.html'], async () => html('x'));
    expect(await worker.request('/boot/logistics/priceForecast/bundle')).toBeUndefined();
    expect(await worker.request('/boot/logistics/channelProduct/exportXls?id=1', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.request('/boot')).toBeUndefined();
    expect(await worker.request('/assets/app.js', { method: 'POST' })).toBeUndefined();
    expect(await worker.request('https://cdn.example/assets/app.js')).toBeUndefined();
    expect(worker.fetch).not.toHaveBeenCalled();
  });
});

describe('registration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('registers sw.js at the base once the page has loaded', () => {
    const register = vi.fn<ServiceWorkerContainer['register']>(async () => ({}) as ServiceWorkerRegistration);
    const container = { register } as unknown as ServiceWorkerContainer;
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    registerServiceWorker(container);
    expect(register).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith(SW_URL, { scope: '/' });
    expect(SW_URL).toBe('/sw.js');
  });

  test('no service workers (old browser, plain http): nothing happens', () => {
    expect(() => registerServiceWorker(undefined)).not.toThrow();
  });
});
