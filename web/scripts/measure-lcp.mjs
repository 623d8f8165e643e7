#!/usr/bin/env node
// Largest contentful paint of the sign-in page on a slow link, in headless Chromium:
//
//   node scripts/measure-lcp.mjs [--dist dist] [--runs 5] [--path /user/login] [--link slow|none] [--screenshots DIR]
//
// Serves dist/ with brotli (scripts/serve-dist.mjs, loopback), throttles the page through CDP
// (`--link slow`, the default: Network.emulateNetworkConditions at 1.6 Mbps down, 750 kbps up,
// 150 ms round trip; `--link none`: loopback as it is; cache off either way, service workers
// blocked) and loads the page `--runs` times per language (zh-CN, en-US) in fresh
// contexts. Prints each run's LCP, the median, and the JavaScript the page fetched before it was
// ready (count, transferred bytes). Chromium: CHROMIUM_BIN or /usr/bin/chromium (playwright-core).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveDist } from './serve-dist.mjs';

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

export const SLOW_LINK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function loadOnce(browser, baseUrl, path, locale, screenshotPath, link) {
  const context = await browser.newContext({ baseURL: baseUrl, locale, serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    window.lcpEntries = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.lcpEntries.push({ time: entry.startTime, size: entry.size, element: entry.element ? `${entry.element.tagName.toLowerCase()}: ${(entry.element.textContent ?? '').trim().slice(0, 40)}` : '' });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (link === 'slow') await cdp.send('Network.emulateNetworkConditions', SLOW_LINK);
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => requests.set(requestId, { url: response.url, type, bytes: 0 }));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const request = requests.get(requestId);
    if (request) request.bytes = encodedDataLength;
  });

  await page.goto(path, { waitUntil: 'load' });
  await page.getByTestId('login-card').waitFor({ timeout: 60_000 });
  await page.getByTestId('login-submit').waitFor({ timeout: 60_000 });
  // LCP entries stop with the first input; give late paints a moment, then read them.
  await page.waitForTimeout(1500);
  const entries = await page.evaluate(() => window.lcpEntries);
  const ready = await page.evaluate(() => performance.now());
  if (screenshotPath) await page.screenshot({ path: screenshotPath, fullPage: true });
  const js = [...requests.values()].filter((r) => r.type === 'Script' || r.url.endsWith('.js'));
  const wasm = [...requests.values()].filter((r) => r.url.endsWith('.wasm'));
  await context.close();
  if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`);
  const last = entries.at(-1);
  return {
    lcp: last?.time ?? Number.NaN,
    element: last?.element ?? '',
    ready,
    jsCount: js.length,
    jsBytes: js.reduce((sum, r) => sum + r.bytes, 0),
    wasmBytes: wasm.reduce((sum, r) => sum + r.bytes, 0),
  };
}

export async function measureLcp({ dist, runs = 5, path = '/user/login', screenshots, link = 'slow' } = {}) {
  const server = await serveDist({ dist });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  const results = {};
  try {
    for (const locale of ['zh-CN', 'en-US']) {
      const list = [];
      for (let run = 0; run < runs; run++) {
        const shot = screenshots && run === 0 ? join(screenshots, `lcp-${locale}.png`) : undefined;
        list.push(await loadOnce(browser, server.url, path, locale, shot, link));
      }
      results[locale] = { runs: list, medianLcp: median(list.map((r) => r.lcp)) };
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const screenshots = option('--screenshots', undefined);
  if (screenshots) mkdirSync(screenshots, { recursive: true });
  const link = option('--link', 'slow');
  if (link !== 'slow' && link !== 'none') throw new Error('--link is slow or none');
  const results = await measureLcp({
    link,
    dist: option('--dist', undefined),
    runs: Number(option('--runs', '5')),
    path: option('--path', '/user/login'),
    screenshots,
  });
  const over = link === 'slow' ? '1.6 Mbps down / 150 ms RTT' : 'loopback, unthrottled';
  console.log(`LCP of ${option('--path', '/user/login')}, ${over}, brotli, cold cache:`);
  for (const [locale, { runs, medianLcp }] of Object.entries(results)) {
    for (const r of runs) {
      console.log(`  ${locale}  LCP ${r.lcp.toFixed(0).padStart(5)} ms  (${r.element})  JS ${r.jsCount} files ${kb(r.jsBytes)} transferred, wasm ${kb(r.wasmBytes)}`);
    }
    console.log(`  ${locale}  median LCP ${medianLcp.toFixed(0)} ms`);
  }
}
