// Shared set-up for the end-to-end tests: the real server binary serving the built web app,
// and Debian's Chromium driven by playwright-core (no browser downloads).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOT_DIR = join(webDir, 'test-results', 'screenshots');
export const ADMIN_PASSWORD = 'Admin@12345';
/** Colour codes in the server's log lines. */
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/boot/health/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready at ${baseUrl} after ${timeoutMs} ms`);
}

/**
 * Starts the real server (`LOGISTICS_SERVER_BIN`, default ../target/debug/logistics-server) on a
 * free port with a fresh SQLite database, serving web/dist, with `env` added to its environment
 * (e.g. a local single sign-on provider's addresses). `E2E_BASE_URL` skips this and tests an
 * already running app instead (e.g. `vite preview`).
 */
export async function startApp({ env = {} } = {}) {
  if (process.env.E2E_BASE_URL) {
    return { baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  }
  const bin = resolve(webDir, process.env.LOGISTICS_SERVER_BIN ?? '../target/debug/logistics-server');
  const distDir = join(webDir, 'dist');
  if (!existsSync(bin)) throw new Error(`server binary not found: ${bin} (build it or set LOGISTICS_SERVER_BIN)`);
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} is missing: run npm run build first`);

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'logistics-e2e-'));
  const child = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      LOGISTICS_BIND: `127.0.0.1:${port}`,
      DATABASE_URL: `sqlite://${join(dataDir, 'e2e.db')}`,
      LOGISTICS_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOGISTICS_WEB_DIR: distDir,
      LOGISTICS_UPLOAD_DIR: join(dataDir, 'uploads'),
      LOGISTICS_RATE_LIMITS: 'off',
      LOGISTICS_DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    error.message += `\n--- server output ---\n${output}`;
    throw error;
  }
  return {
    baseUrl,
    /** How much the server has logged so far; pass it to `smsCode` before asking for a code. */
    logMark: () => stderr.length,
    /**
     * The SMS code the server's default sender logged for `mobile` after `mark` (a line with
     * `mobile=<digits>` ... `code=<6 digits>`), waiting for it up to `timeoutMs`.
     */
    smsCode: async (mobile, mark = 0, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const plain = stderr.slice(mark).replaceAll(ANSI_ESCAPE, '');
        for (const line of plain.split('\n').toReversed()) {
          const match = /mobile=(\d+).*?code=(\d{6})/.exec(line);
          if (match && match[1] === mobile) return match[2];
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code for ${mobile} in the server log`);
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (no cookies, no storage) whose browser language is `locale`. */
export async function newPage(browser, baseUrl, { locale = 'zh-CN', viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, locale, viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Failed requests are logged by the browser itself; the tests assert on those explicitly. So
    // are the notice socket's reconnection attempts while a test has taken the context offline.
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource') && !/^WebSocket connection to .* net::ERR_INTERNET_DISCONNECTED$/.test(text)) errors.push(text);
  });
  uncaught.set(context, errors);
  return { context, page };
}

const uncaught = new WeakMap();

/** Closes the context and fails if the page threw or logged an error meanwhile. */
export async function closeContext(context) {
  const errors = uncaught.get(context) ?? [];
  await context.close();
  if (errors.length > 0) throw new Error(`errors in the page:\n${errors.join('\n')}`);
}

export async function screenshot(page, name, { fullPage = true } = {}) {
  // Screenshots are for people to look at; CI has no one looking, and drawing and encoding
  // hundreds of full pages is much of the suite's CPU. E2E_SCREENSHOTS=1 takes them anyway.
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * The app's API for set-up that is not under test: `api(method, path, {token, body, lang})`
 * answers the envelope's `result` and fails with the method, path, status and body unless the
 * call succeeds; `apiLogin(username, password)` answers a session token.
 */
export function apiClient(baseUrl) {
  async function api(method, path, { token, body, lang = 'en-US' } = {}) {
    const init = { method, headers: { 'Accept-Language': lang } };
    if (token) init.headers['X-Access-Token'] = token;
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${baseUrl}/boot${path}`, init);
    const text = await response.text();
    let envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    if (response.status !== 200 || !envelope?.success) {
      throw new Error(`${method} /boot${path} ${body === undefined ? '' : JSON.stringify(body)} answered ${response.status}: ${text}`);
    }
    return envelope.result;
  }
  const apiLogin = async (username, password) => (await api('POST', '/sys/login', { body: { username, password } })).token;
  return { api, apiLogin };
}

/** Signs in through the login page as `username` and lands on `to`. */
export async function signIn(page, username, password, to) {
  await page.goto(`/user/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByTestId('password-login-form');
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[type="password"]').fill(password);
  const login = page.waitForResponse((r) => r.url().endsWith('/boot/sys/login'));
  await page.getByTestId('login-submit').click();
  const answer = await login;
  if (answer.status() !== 200) throw new Error(`sign-in of ${username}: ${answer.status()} ${await answer.text()}`);
  await page.waitForURL((url) => url.pathname === to);
}

/** Waits for a server-paged table to show rows (or its empty state), not skeletons. */
export async function tableLoaded(page, testId) {
  await page.getByTestId(testId).first().waitFor();
  await page.waitForFunction(
    (id) => {
      const root = document.querySelector(`[data-testid="${id}"]`);
      if (!root || root.querySelector('[data-testid="skeleton-row"]')) return false;
      return root.querySelector(`[data-testid="${id}-row"]`) !== null || root.querySelector('tbody td[colspan]') !== null;
    },
    testId,
    { timeout: 30_000 },
  );
}

/**
 * The app and a browser for a test file: started before its tests, stopped after them. Read them
 * inside tests: `suite.app.baseUrl`, `suite.browser`, `suite.api(...)`, `suite.apiLogin(...)`;
 * `suite.open(locale, { viewport })` is a fresh context in `locale` (browser language and
 * `client_lang` cookie) with its page. `ready(suite)` runs last in the same hook (set-up that needs
 * the app, such as signing in: top-level hooks of a file do not wait for one another).
 * `options.env`: more of the server's environment, or an (async) function answering it, called
 * first in the same hook (to start what the server needs to know about, such as a provider).
 */
export function appSuite(ready, { env } = {}) {
  const suite = {
    async open(locale, { viewport } = {}) {
      const { context, page } = await newPage(suite.browser, suite.app.baseUrl, { locale, viewport });
      await context.addCookies([{ name: 'client_lang', value: locale, url: suite.app.baseUrl }]);
      return { context, page };
    },
  };
  before(async () => {
    suite.app = await startApp({ env: typeof env === 'function' ? await env() : env });
    suite.browser = await launchBrowser();
    Object.assign(suite, apiClient(suite.app.baseUrl));
    await ready?.(suite);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}

/**
 * The demo customer's funded wallet for a suite (`demo_admin` credits 5,000 CNY): answers the two
 * tokens, `{admin, demo}`.
 */
export async function fundedDemo(s, reason) {
  const admin = await s.apiLogin('demo_admin', 'Demo@2026!');
  const demo = await s.apiLogin('demo', 'Demo@2026!');
  const info = await s.api('GET', '/sys/user/getUserInfo', { token: demo });
  const customerId = info.userInfo?.id ?? info.id;
  await s.api('POST', '/logistics/wallet/adjust', { token: admin, body: { customerId, currency: 'CNY', direction: 'credit', amount: '5000', reason } });
  return { admin, demo };
}

/** A submitted B2C order of the customer of `token`, one parcel of 1.2 kg, as `queryById` answers it. */
export async function submittedB2cOrder(suite, token, reference) {
  const products = await suite.api('GET', '/logistics/channelProduct/myList?pageSize=100', { token });
  const product = products.records.find((p) => p.tradeType === 'B2C');
  const order = await suite.api('POST', '/logistics/shipment/add', {
    token,
    body: {
      shipmentType: 'B2C', customerCode: reference, channelProductId: product.id, currency: 'CNY',
      consignee: { name: 'Ann Lee', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
      parcels: [{ reference: `${reference}-P`, length: 30, width: 20, height: 10, weight: 1.2, products: [{ frName: 'T-shirt', lcName: 'T恤', quantity: 2, unitPrice: '9.9', unitWeight: '0.3', frHscode: '6109100000' }] }],
    },
  });
  await suite.api('POST', '/logistics/shipment/submit', { token, body: { id: order.id } });
  return suite.api('GET', `/logistics/shipment/queryById?id=${order.id}`, { token });
}

/** Where the menu of the user of `token` puts a page component (the server seeds the paths). */
export async function menuPath(suite, token, component) {
  const answer = await suite.api('GET', '/sys/permission/getUserPermissionByToken', { token });
  const find = (routes) => {
    for (const route of routes ?? []) {
      if (route.component === component) return route.path;
      const inner = find(route.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const path = find(answer.menu);
  if (!path) throw new Error(`the menu has no ${component}`);
  return path;
}

/** Visible texts (text nodes, placeholders, labels) that match `keyPattern`: untranslated i18n keys. */
export function rawKeys(page, keyPattern) {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs in the page, which sees only this function
    const visible = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const found = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      if (pattern.test(text) && visible(node.parentElement)) found.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const text = el.getAttribute(name)?.trim();
        if (text && pattern.test(text) && visible(el)) found.add(`${name}=${text}`);
      }
    }
    return [...found];
  }, keyPattern.source);
}

/**
 * A live reading once what it reads from has settled (a live quote waits 150 ms for typing to stop,
 * and a busy machine may show one for a half-typed form first): the same reading 500 ms apart, or,
 * given `expected`, that reading as soon as it shows. Gives the last reading on timeout.
 */
export async function settledReading(read, expected, timeout = 15_000) {
  const end = Date.now() + timeout;
  let last = await read();
  while (Date.now() < end && last !== expected) {
    await new Promise((done) => setTimeout(done, 500));
    const now = await read();
    if (now === last && expected === undefined) break;
    last = now;
  }
  return last;
}
