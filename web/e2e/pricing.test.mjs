// End-to-end: the carrier network and the price forecast, on the demo network (LOGISTICS_DEMO=1).
// The customer `demo` gets quotes cheapest first, opens one, sees what cannot take the parcel;
// the page reloads and answers offline (service worker + IndexedDB bundle); a rate card that
// demo_admin changes meanwhile reaches the page on reconnecting, without a reload. Every carrier
// page, the rate-card editor, the product drawer and the customer's products are photographed in
// both languages on a desktop and a phone. Real server, Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, rawKeys, screenshot, signIn, tableLoaded } from './support.mjs';

const suite = appSuite();

const LOCALES = ['zh-CN', 'en-US'];
const PHONE = { width: 390, height: 844 };
const DEMO_PASSWORD = 'Demo@2026!';
/** The shipment of the brief: US 10001, B2C, one parcel 50×40×30 cm, 8 kg. */
const SHIPMENT = { country: 'US', postalCode: '10001', tradeType: 'B2C', length: '50', width: '40', height: '30', weight: '8' };
/** A text that is an i18n key shown as is ('carrierProduct.title'). */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

// ---------------------------------------------------------------------------------------------
// The API, for set-up that is not under test (`api`, `apiLogin`: support.mjs).

/**
 * demo_admin raises every per-kg price of the card `code` (the version in force) by `by`, through
 * the API as the rate-card page would. Answers the old and new prices of zone Z1's per-kg bracket.
 */
async function raiseRateCard(code, by) {
  const token = await suite.apiLogin('demo_admin', DEMO_PASSWORD);
  const list = await suite.api('GET', `/logistics/rateCard/list?code=${encodeURIComponent(code)}`, { token });
  const version = list.records.find((r) => r.state === 'current') ?? list.records[0];
  assert.ok(version, `the card ${code} exists: ${JSON.stringify(list)}`);
  const detail = await suite.api('GET', `/logistics/rateCard/queryById?id=${version.id}`, { token });
  const old = detail.prices.find((p) => p.zone === 'Z1' && p.mode === 'perKg');
  assert.ok(old, `the card ${code} has a per-kg price in Z1`);
  const prices = detail.prices.map((p) => (p.mode === 'perKg' ? { ...p, price: String(Number(p.price) + by) } : p));
  await suite.api('PUT', '/logistics/rateCard/edit', { token, body: { ...detail, prices } });
  const saved = await suite.api('GET', `/logistics/rateCard/queryById?id=${version.id}`, { token });
  return { before: old.price, after: saved.prices.find((p) => p.zone === 'Z1' && p.mode === 'perKg').price };
}

// ---------------------------------------------------------------------------------------------
// The suite.browser.

/** How far the page scrolls sideways (0 when it fits). */
function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** How far each table on the page scrolls sideways inside its frame, by test id (only those that do). */
function tableOverflows(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')]
      .map((table) => {
        const frame = table.parentElement;
        return { id: table.closest('[data-testid]')?.dataset.testid ?? '?', wide: frame.scrollWidth - frame.clientWidth };
      })
      .filter((entry) => entry.wide > 0)
      .map((entry) => `${entry.id} ${entry.wide}px`),
  );
}


/**
 * Shots named `pricing-<name>-<tag>`, noting what scrolls sideways (on a phone the page, on a
 * desktop any table of a page as well) and any raw i18n key. `overlay`: the viewport only (a
 * drawer or dialog, once it has slid in).
 */
function camera(tag, phone) {
  const problems = [];
  const shoot = async (page, name, { overlay = false } = {}) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(overlay ? 500 : 150);
    const wide = await overflow(page);
    if (wide > 0) problems.push(`${name}: the page scrolls sideways by ${wide}px`);
    if (!phone && !overlay) for (const table of await tableOverflows(page)) problems.push(`${name}: ${table}`);
    for (const key of await rawKeys(page, RAW_KEY)) problems.push(`${name}: untranslated "${key}"`);
    await screenshot(page, `pricing-${name}-${tag}`, { fullPage: !overlay });
  };
  return { problems, shoot };
}

// ---------------------------------------------------------------------------------------------
// The forecast page.

async function openForecast(page) {
  await page.getByTestId('forecast-page').waitFor();
  await page.getByTestId('forecast-as-of').waitFor({ timeout: 30_000 });
}

async function pickCountry(page, code) {
  const input = page.getByTestId('forecast-country-input');
  await input.click();
  await input.fill(code);
  const option = page.getByTestId('forecast-country-option').filter({ has: page.getByText(code, { exact: true }) }).first();
  await option.waitFor();
  await option.click();
  await page.getByTestId('forecast-country-options').waitFor({ state: 'hidden' });
  assert.match(await input.inputValue(), new RegExp(`\\(${code}\\)$`));
}

async function fillShipment(page, shipment = SHIPMENT) {
  await pickCountry(page, shipment.country);
  await page.getByTestId('forecast-postal').fill(shipment.postalCode);
  await page.getByTestId(`forecast-trade-${shipment.tradeType}`).click();
  assert.equal(await page.getByTestId(`forecast-trade-${shipment.tradeType}`).getAttribute('aria-pressed'), 'true');
  const row = page.getByTestId('forecast-parcel-row').first();
  for (const field of ['length', 'width', 'height', 'weight']) await row.getByTestId(`forecast-parcel-${field}`).fill(shipment[field]);
  await row.getByTestId('forecast-parcel-quantity').fill('1');
  await page.getByTestId('forecast-quotes').waitFor();
}

/** The quotes shown: `[{code, total}]` in the order of the page. */
async function quotes(page) {
  return page.getByTestId('forecast-quote').evaluateAll((cards) =>
    cards.map((card) => ({
      code: card.querySelector('[data-testid="forecast-quote-code"]').textContent.trim(),
      total: card.querySelector('[data-testid="forecast-quote-total"]').textContent.trim(),
    })),
  );
}

/** Waits until `read()` answers something other than `from` (polling), and answers it. */
async function changed(page, read, from, timeout = 10_000, what = 'value') {
  const deadline = Date.now() + timeout;
  let last = from;
  while (Date.now() < deadline) {
    last = await read();
    if (JSON.stringify(last) !== JSON.stringify(from)) return last;
    await page.waitForTimeout(100);
  }
  assert.notDeepEqual(last, from, `the ${what} changed within ${timeout} ms`);
  return last;
}

const totalOf = async (page, code) => (await quotes(page)).find((q) => q.code === code)?.total;

async function waitForServiceWorker(page) {
  const controlled = () => page.evaluate(() => navigator.serviceWorker?.controller != null);
  const wait = () => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 }).then(() => true, () => false);
  if (await wait()) return;
  await page.reload();
  await openForecast(page);
  if (!(await wait())) assert.ok(await controlled(), 'the service worker controls the page');
}

describe('price forecast of the customer', () => {
  for (const locale of LOCALES) {
    test(`quotes cheapest first, one opened, unavailable products with reasons (${locale})`, async () => {
      for (const [tag, viewport] of [
        ['desktop', undefined],
        ['390', PHONE],
      ]) {
        const { context, page } = await suite.open(locale, { viewport });
        try {
          await signIn(page, 'demo', DEMO_PASSWORD, '/logistics/priceForecast');
          await openForecast(page);
          await page.getByTestId('forecast-start').waitFor();
          await fillShipment(page);

          const shown = await quotes(page);
          assert.ok(shown.length >= 3, `at least 3 quotes: ${JSON.stringify(shown)}`);
          const totals = shown.map((q) => Number(q.total.replaceAll(',', '')));
          assert.ok(totals.every(Number.isFinite), `totals are numbers: ${JSON.stringify(shown)}`);
          assert.deepEqual(totals, totals.toSorted((a, b) => a - b), `cheapest first: ${JSON.stringify(shown)}`);
          assert.match(await page.getByTestId('forecast-summary').innerText(), new RegExp(shown[0].total.replace('.', '\\.')));

          // Expanding the second quote shows its money lines and the steps of its price.
          const second = page.getByTestId('forecast-quote').nth(1);
          await second.getByTestId('forecast-quote-toggle').click();
          assert.equal(await second.getByTestId('forecast-quote-toggle').getAttribute('aria-expanded'), 'true');
          await second.getByTestId('forecast-quote-details').waitFor();
          assert.ok((await second.getByTestId('forecast-quote-line').count()) >= 2, 'freight and surcharge lines');
          assert.ok((await second.getByTestId('forecast-quote-breakdown').locator('li').count()) >= 1, 'breakdown steps');
          assert.match(await second.getByTestId('forecast-quote-details').innerText(), new RegExp(shown[1].total.replace('.', '\\.')));

          // Products that cannot take the parcel, with a reason each.
          const unavailable = page.getByTestId('forecast-unavailable-item');
          assert.ok((await unavailable.count()) >= 1, 'some products cannot take it');
          for (const item of await unavailable.all()) {
            assert.ok((await item.getByTestId('forecast-unavailable-reason').innerText()).trim().length > 0, 'each has a reason');
          }
          const reasons = (await page.getByTestId('forecast-unavailable').innerText()).toLowerCase();
          assert.match(reasons, /yt-eco/, 'YT-ECO (2 kg at most) is unavailable');

          if (viewport) {
            const wide = await overflow(page);
            assert.ok(wide <= 0, `the forecast scrolls sideways by ${wide}px at 390 px`);
          }
          assert.deepEqual(await rawKeys(page, RAW_KEY), [], 'no untranslated keys');
          await page.waitForLoadState('networkidle');
          await screenshot(page, `pricing-forecast-${locale}-${tag}`);
          await screenshot(page, `pricing-forecast-viewport-${locale}-${tag}`, { fullPage: false });
        } finally {
          await closeContext(context);
        }
      }
    });

    test(`offline reload still answers; a changed card arrives on reconnecting (${locale})`, async () => {
      const { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, '/logistics/priceForecast');
        await openForecast(page);
        await waitForServiceWorker(page);
        await page.waitForLoadState('networkidle');
        const versionOnline = await page.getByTestId('forecast-as-of').locator('..').innerText();

        // Offline: the shell comes from the service worker, the bundle from IndexedDB.
        await context.setOffline(true);
        const shell = await page.reload();
        assert.ok(shell?.fromServiceWorker(), 'the page came from the service worker');
        await openForecast(page);
        await page.getByTestId('forecast-offline').waitFor();
        assert.equal(await page.evaluate(() => navigator.onLine), false);
        await fillShipment(page);
        const at8kg = await quotes(page);
        assert.ok(at8kg.length >= 3, `quotes offline: ${JSON.stringify(at8kg)}`);
        await page.getByTestId('forecast-parcel-weight').first().fill('12');
        const at12kg = await changed(page, () => quotes(page), at8kg, 5_000, 'quotes after the weight changed');
        assert.ok(at12kg.length >= 1);
        await page.getByTestId('forecast-parcel-weight').first().fill('8');
        await changed(page, () => quotes(page), at12kg, 5_000, 'quotes after the weight changed back');
        assert.deepEqual(await quotes(page), at8kg, 'same quotes for the same shipment');
        await screenshot(page, `pricing-forecast-offline-${locale}`);

        // The server's card changes meanwhile.
        const ytStd = await totalOf(page, 'YT-STD');
        assert.ok(ytStd, `YT-STD is quoted: ${JSON.stringify(at8kg)}`);
        const asOf = await page.getByTestId('forecast-as-of').locator('..').innerText();
        assert.equal(asOf, versionOnline, 'offline: the saved bundle');
        const { before: oldPrice, after: newPrice } = await raiseRateCard('YT-STD', 5);
        assert.notEqual(newPrice, oldPrice, 'the card was saved with the new price');
        await page.waitForTimeout(500);
        assert.equal(await totalOf(page, 'YT-STD'), ytStd, 'still offline: the old price');

        // Back online: the page asks again by itself.
        const reconnected = Date.now();
        await context.setOffline(false);
        await page.getByTestId('forecast-offline').waitFor({ state: 'hidden', timeout: 5_000 });
        const asOfNow = await changed(page, () => page.getByTestId('forecast-as-of').locator('..').innerText(), asOf, 10_000, '"prices as of" / version');
        const ytStdNow = await changed(page, () => totalOf(page, 'YT-STD'), ytStd, 10_000, 'YT-STD total');
        const took = Date.now() - reconnected;
        assert.ok(took < 10_000, `the new prices showed ${took} ms after reconnecting`);
        assert.ok(Number(ytStdNow) > Number(ytStd), `YT-STD costs more: ${ytStd} → ${ytStdNow}`);
        assert.notEqual(asOfNow, asOf);
        await screenshot(page, `pricing-forecast-reconnected-${locale}`);
      } finally {
        await context.setOffline(false).catch(() => {});
        await closeContext(context);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// The carrier pages.

const CARRIER_PAGES = [
  ['/carrier/supplier', 'supplier-page', 'supplier-table'],
  ['/carrier/channel', 'channel-page', 'channel-table'],
  ['/carrier/channelProduct', 'product-page', 'product-table'],
  ['/carrier/rateCard', 'rate-card-page', 'rate-card-table'],
  ['/carrier/priceLevel', 'price-level-page', 'price-level-table'],
  ['/carrier/numberSegment', 'segment-page', 'segment-table'],
];

describe('every carrier page, in both languages, on a desktop and a phone', () => {
  for (const locale of LOCALES) {
    for (const [tag, viewport] of [
      ['desktop', undefined],
      ['390', PHONE],
    ]) {
      test(`${locale} ${tag}`, async () => {
        const { problems, shoot } = camera(`${locale}-${tag}`, viewport !== undefined);
        const { context, page } = await suite.open(locale, { viewport });
        try {
          await signIn(page, 'demo_admin', DEMO_PASSWORD, '/carrier/supplier');
          for (const [path, pageId, tableId] of CARRIER_PAGES) {
            if (new URL(page.url()).pathname !== path) await page.goto(path);
            await page.getByTestId(pageId).waitFor();
            await tableLoaded(page, tableId);
            assert.ok((await page.getByTestId(`${tableId}-row`).count()) > 0, `${path} lists the demo network`);
            await shoot(page, path.slice(1).replaceAll('/', '-'));
          }

          // The rate-card editor of an existing card, each section.
          await page.goto('/carrier/rateCard');
          await tableLoaded(page, 'rate-card-table');
          await page.getByTestId('rate-card-table-row').filter({ hasText: 'YT-STD' }).first().getByTestId('rate-card-edit').click();
          const editor = page.getByTestId('rate-card-editor');
          await editor.waitFor();
          await page.getByTestId('rate-card-code').waitFor({ timeout: 30_000 });
          await shoot(page, 'rate-card-editor-basics', { overlay: true });
          for (const section of ['zones', 'prices', 'surcharges']) {
            await page.getByTestId(`rate-card-tab-${section}`).click();
            await shoot(page, `rate-card-editor-${section}`, { overlay: true });
          }
          await page.getByTestId('rate-card-cancel').click();
          await editor.waitFor({ state: 'hidden' });

          // The channel product drawer of an existing product.
          await page.goto('/carrier/channelProduct');
          await tableLoaded(page, 'product-table');
          await page.getByTestId('product-table-row').filter({ hasText: 'YT-STD' }).first().getByTestId('product-edit').click();
          await page.getByTestId('product-drawer').waitFor();
          await page.getByTestId('product-code').waitFor();
          await shoot(page, 'product-drawer', { overlay: true });
          await page.getByTestId('product-remark').scrollIntoViewIfNeeded();
          await shoot(page, 'product-drawer-rules', { overlay: true });
          await page.keyboard.press('Escape');
          await page.getByTestId('product-drawer').waitFor({ state: 'hidden' });

          // The customer's own products.
          const customer = await suite.open(locale, { viewport });
          try {
            await signIn(customer.page, 'demo', DEMO_PASSWORD, '/logistics/channelProduct');
            await customer.page.getByTestId('my-products-page').waitFor();
            await tableLoaded(customer.page, 'my-products-table');
            assert.equal(await customer.page.getByTestId('my-products-table-row').count(), 8, 'the 8 demo products priced for demo');
            await shoot(customer.page, 'logistics-channelProduct');
            await customer.page.getByTestId('my-product-rules-toggle').first().click();
            await customer.page.getByTestId('my-product-rules').first().waitFor();
            await shoot(customer.page, 'logistics-channelProduct-rules');
          } finally {
            await closeContext(customer.context);
          }

          assert.deepEqual(problems, [], 'no sideways scroll at 390 px and no untranslated key');
        } finally {
          await closeContext(context);
        }
      });
    }
  }
});
