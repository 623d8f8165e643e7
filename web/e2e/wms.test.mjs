// End-to-end: warehouse management on the demo tenant (LOGISTICS_DEMO=1), in both languages (real
// server, Chromium). Staff add a dock and a pick bin on the locations page and print their labels
// (a PDF); the customer `demo` adds a SKU (a wrong GTIN check digit is refused first) and
// announces 10 pieces on the forecasts page; staff receive 9 in the forecast's drawer (a
// discrepancy of -1) into the dock, put them away on the PDA page at 390 px, and the stock, the
// log and the reconciliation agree. The customer's WMS order of 4 pieces reserves them in the bin;
// staff see its pick list and pick it on the PDA page at 390 px (a wrong location refused first);
// it is taken in, packed, batched and handed over: shipped, the stock reconciled. Staff set a fee
// rate and charge a past day; the customer's fees page. Every WMS page is photographed in both
// languages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded, fundedDemo, menuPath } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

let admin;
let demo;
const suite = appSuite(async (s) => {
  ({ admin, demo } = await fundedDemo(s, 'e2e wms'));
});

/** Where the user's menu puts a page component. */
const pathOf = (token, component) => menuPath(suite, token, component);

const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Picks the option of a remote select (`testId`) after typing `text`. */
async function pick(page, testId, text) {
  const input = page.getByTestId(`${testId}-input`);
  await input.click();
  await input.fill(text);
  const option = page.getByTestId(`${testId}-option`).filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/** A WMS product for the demo customer: the channel and prices of its B2C product, for WMS orders. */
async function wmsProduct(token, tag) {
  const mine = await suite.api('GET', '/logistics/channelProduct/myList?pageSize=100', { token });
  const found = mine.records.find((p) => p.tradeType === 'WMS');
  if (found) return found.id;
  const b2c = mine.records.find((p) => p.tradeType === 'B2C');
  const full = await suite.api('GET', `/logistics/channelProduct/queryById?id=${b2c.id}`, { token: admin });
  const product = await suite.api('POST', '/logistics/channelProduct/add', {
    token: admin,
    body: { channelId: full.channelId, code: `WMS-${tag}`, name: '仓发快递', nameEn: 'Warehouse express', tradeType: 'WMS', feeId: full.feeId, thWeightRatio: full.thWeightRatio ?? 6000, izMult: true, rules: [] },
  });
  const info = await suite.api('GET', '/sys/user/getUserInfo', { token });
  await suite.api('POST', '/logistics/priceLevel/add', { token: admin, body: { customerId: info.userInfo?.id ?? info.id, productId: product.id, markupPercent: '0' } });
  return product.id;
}

/** A WMS order of `pieces` of the customer's SKU `sku`. */
const wmsOrder = (product, reference, sku, pieces) => ({
  shipmentType: 'WMS', customerCode: reference, channelProductId: product, currency: 'CNY',
  consignee: { name: 'Ann Lee', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
  parcels: [{ reference: `${reference}-P`, length: 30, width: 20, height: 10, weight: 1.2, products: [{ sku, frName: 'T-shirt', lcName: 'T恤', quantity: pieces, unitPrice: '5.5', unitWeight: '0.2', frHscode: '6109100000' }] }],
});

describe('warehouse management: locations, SKUs, a forecast received and put away', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`locations, SKU, forecast, receive, putaway on the PDA, stock and log (${locale})`, async () => {
      const tag = `${locale.slice(0, 2).toUpperCase()}${Date.now() % 100000}`;
      const zone = `Z${tag}`.slice(0, 10);
      const skuCode = `SKU-${tag}`;
      const locationsPath = await pathOf(admin, 'wms/LocationList');
      const skuPath = await pathOf(demo, 'wms/SkuList');
      const forecastCustomer = await pathOf(demo, 'wms/ForecastList');
      const forecastStaff = await pathOf(admin, 'wms/ForecastList');
      const pdaPath = await pathOf(admin, 'wms/PdaPutaway');
      const stockPath = await pathOf(demo, 'wms/StockList');
      const logPath = await pathOf(demo, 'wms/StockLogList');
      const pickPath = await pathOf(admin, 'wms/PickList');
      const pdaPickPath = await pathOf(admin, 'wms/PdaPick');

      // Staff add the dock and a pick bin on the page, then print both labels.
      let { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, locationsPath);
        await tableLoaded(page, 'location-table');
        for (const [bin, type, capacity] of [[null, 'receiving', '1000'], ['01', 'pick', '50']]) {
          await page.getByTestId('location-add').click();
          const dialog = page.getByTestId('location-form');
          await dialog.waitFor();
          await page.getByTestId('location-warehouse').fill('SZ1');
          await page.getByTestId('location-zone').fill(zone);
          if (bin) {
            await page.getByTestId('location-aisle').fill('01');
            await page.getByTestId('location-shelf').fill('01');
            await page.getByTestId('location-bin').fill(bin);
          }
          await page.getByTestId('location-type').selectOption(type);
          await page.getByTestId('location-capacity').fill(capacity);
          if (bin) await screenshot(page, `wms-location-form-${locale}`, { fullPage: false });
          await page.getByTestId('location-form-submit').click();
          await dialog.waitFor({ state: 'hidden' });
        }
        // The filtered list must have arrived before rows are ticked: a filter applied after the
        // ticks clears them (in a fresh database the unfiltered list already shows just these two).
        const filtered = page.waitForResponse((r) => r.url().includes('/wms/location/list') && r.url().includes(`keyWord=${zone}`));
        await page.getByTestId('location-search-code').fill(zone);
        await page.getByTestId('location-search-code').press('Enter');
        await filtered;
        await page.waitForFunction((z) => {
          const rows = [...document.querySelectorAll('[data-testid="location-table-row"]')];
          return rows.length === 2 && rows.every((row) => row.textContent.includes(z));
        }, zone);
        for (const row of await page.getByTestId('location-table-row').all()) await row.getByTestId('row-checkbox').locator('xpath=..').click();
        await page.getByTestId('location-table').getByTestId('table-selected').waitFor();
        assert.equal(await page.getByTestId('location-labels').isEnabled(), true, 'two locations selected');
        const popup = page.waitForEvent('popup');
        await page.getByTestId('location-labels').click();
        const tab = await popup;
        await tab.waitForURL(/^blob:/, { timeout: 15_000 });
        await tab.close();
        await screenshot(page, `wms-locations-${locale}`);
      } finally {
        await closeContext(context);
      }
      const locations = await suite.api('GET', `/wms/location/list?keyWord=${zone}&column=code&order=asc`, { token: admin });
      const [dock, binLocation] = locations.records;
      assert.equal(dock.code, `SZ1-${zone}`);

      // The customer adds a SKU (a wrong check digit first) and announces 10 pieces.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, skuPath);
        await tableLoaded(page, 'sku-table');
        await page.getByTestId('sku-add').click();
        const dialog = page.getByTestId('sku-form');
        await dialog.waitFor();
        for (const [testId, value] of [['sku-code', skuCode], ['sku-barcode', '4006381333932'], ['sku-name-zh', 'T恤'], ['sku-name-en', 'T-shirt'], ['sku-length', '30'], ['sku-width', '20'], ['sku-height', '2'], ['sku-weight', '0.2'], ['sku-declared-value', '5.5']]) {
          await page.getByTestId(testId).fill(value);
        }
        await page.getByTestId('sku-form-submit').click();
        const wrong = await page.getByTestId('sku-barcode-error').textContent();
        assert.match(wrong, zh ? /校验位不正确/ : /check digit/);
        await page.getByTestId('sku-barcode').fill('4006381333931');
        await screenshot(page, `wms-sku-form-${locale}`, { fullPage: false });
        await page.getByTestId('sku-form-submit').click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByTestId('sku-table').getByText(skuCode).waitFor();
        await screenshot(page, `wms-skus-${locale}`);

        await page.goto(forecastCustomer);
        await tableLoaded(page, 'forecast-table');
        await page.getByTestId('forecast-add').click();
        const form = page.getByTestId('forecast-form');
        await form.waitFor();
        await page.getByTestId('forecast-warehouse').fill('SZ1');
        await page.getByTestId('forecast-reference').fill(`CNT-${tag}`);
        await pick(page, 'forecast-lines-0-sku', skuCode);
        await page.getByTestId('forecast-lines-0-quantity').fill('10');
        await screenshot(page, `wms-forecast-form-${locale}`, { fullPage: false });
        await page.getByTestId('forecast-form-submit').click();
        await form.waitFor({ state: 'hidden' });
        await page.getByTestId('forecast-detail-body').waitFor();
        await screenshot(page, `wms-forecast-detail-customer-${locale}`, { fullPage: false });
      } finally {
        await closeContext(context);
      }
      const forecasts = await suite.api('GET', `/wms/forecast/list?keyWord=CNT-${tag}`, { token: admin });
      const forecast = forecasts.records[0];
      assert.equal(forecast.status, 'pending');

      // Staff receive 9 of 10 into the dock in the forecast's drawer.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, forecastStaff);
        await page.goto(`${forecastStaff}?keyWord=${forecast.forecastNo}`);
        await tableLoaded(page, 'forecast-table');
        await page.getByTestId('forecast-open').filter({ hasText: forecast.forecastNo }).click();
        await page.getByTestId('forecast-detail-body').waitFor();
        await page.getByTestId('forecast-receive-count').fill('9');
        await pick(page, 'forecast-receive-location', dock.code);
        await page.getByTestId('forecast-receive-submit').click();
        await page.locator('[data-testid="forecast-detail-body"][data-status="receiving"]').waitFor({ timeout: 15_000 });
        assert.equal((await page.getByTestId('forecast-discrepancy').textContent()).trim(), '-1');
        await screenshot(page, `wms-forecast-received-${locale}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await screenshot(page, `wms-forecasts-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Putaway on the phone: SKU, from the dock, 9 pieces, to the pick bin.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, pdaPath);
        await page.getByTestId('pda-putaway-sku').fill(skuCode);
        await page.getByTestId('pda-putaway-sku').press('Enter');
        await page.getByTestId('pda-putaway-sku-hint').waitFor();
        await page.getByTestId('pda-putaway-from').fill(dock.code);
        await page.getByTestId('pda-putaway-from').press('Enter');
        await page.getByTestId('pda-putaway-from-hint').waitFor();
        assert.equal(await page.getByTestId('pda-putaway-quantity').inputValue(), '9', 'the free pieces are offered');
        await page.getByTestId('pda-putaway-to').fill(binLocation.code.toLowerCase());
        await page.getByTestId('pda-putaway-to').press('Enter');
        await page.locator('[data-testid="pda-putaway-move"][data-state="moved"]').waitFor({ timeout: 15_000 });
        assert.ok(await fits(page), 'the PDA page fits the phone');
        await screenshot(page, `wms-pda-putaway-${locale}`);
      } finally {
        await closeContext(context);
      }

      // The customer's stock and log; the log sums to the stock.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, stockPath);
        await page.goto(`${stockPath}?keyWord=${skuCode}`);
        await tableLoaded(page, 'stock-table');
        await page.getByTestId('stock-table').getByText(binLocation.code).waitFor();
        await screenshot(page, `wms-stock-${locale}`);
        await page.goto(`${logPath}?keyWord=${skuCode}`);
        await tableLoaded(page, 'stock-log-table');
        await page.getByTestId('stock-log-table').getByText(forecast.forecastNo).waitFor();
        await screenshot(page, `wms-stock-log-${locale}`);
      } finally {
        await closeContext(context);
      }
      const stock = await suite.api('GET', `/wms/stock/list?keyWord=${skuCode}&column=locationCode&order=asc`, { token: demo });
      assert.deepEqual(stock.records.map((r) => [r.locationCode, r.quantity]), [[dock.code, 0], [binLocation.code, 9]]);
      const report = await suite.api('GET', '/wms/stock/reconcile', { token: admin });
      assert.equal(report.balanced, true, JSON.stringify(report.mismatches));

      // A WMS order of 4 of those pieces: submitted, its pieces reserved in the pick bin.
      const product = await wmsProduct(demo, tag);
      const added = await suite.api('POST', '/logistics/shipment/add', { token: demo, body: wmsOrder(product, `WO-${tag}`, skuCode, 4) });
      await suite.api('POST', '/logistics/shipment/submit', { token: demo, body: { id: added.id } });
      const order = await suite.api('GET', `/logistics/shipment/queryById?id=${added.id}`, { token: demo });
      const sysTrackNo = order.parcels[0].sysTrackNo;
      const reserved = await suite.api('GET', `/wms/stock/list?keyWord=${skuCode}&locationId=${binLocation.id}`, { token: demo });
      assert.equal(reserved.records[0].allocated, 4);

      // Staff see its pick list, then pick it on the phone: the order's label, then the bin's.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, pickPath);
        await page.goto(`${pickPath}?keyWord=${order.serialNumber}`);
        await tableLoaded(page, 'pick-table');
        await page.getByTestId('pick-table').getByText(binLocation.code).waitFor();
        await screenshot(page, `wms-pick-list-${locale}`);
      } finally {
        await closeContext(context);
      }
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, pdaPickPath);
        await page.getByTestId('pda-pick-order').fill(sysTrackNo);
        await page.getByTestId('pda-pick-order').press('Enter');
        await page.getByTestId('pda-pick-line').first().waitFor();
        await page.getByTestId('pda-pick-location').fill('NOT-HERE');
        await page.getByTestId('pda-pick-location').press('Enter');
        assert.match(await page.getByTestId('pda-pick-error').textContent(), zh ? /不在此拣货单上/ : /not on this pick list/);
        await screenshot(page, `wms-pda-pick-${locale}`);
        await page.getByTestId('pda-pick-location').fill(binLocation.code.toLowerCase());
        await page.getByTestId('pda-pick-location').press('Enter');
        await page.getByTestId('pda-pick-done').waitFor({ timeout: 15_000 });
        assert.ok(await fits(page), 'the PDA picking page fits the phone');
        await screenshot(page, `wms-pda-picked-${locale}`);
      } finally {
        await closeContext(context);
      }
      const picked = await suite.api('GET', `/wms/stock/list?keyWord=${skuCode}&locationId=${binLocation.id}`, { token: demo });
      assert.deepEqual([picked.records[0].quantity, picked.records[0].allocated], [5, 0]);

      // Picked, it ships as any order: taken in, packed, put in a batch and handed over.
      await suite.api('POST', '/logistics/inbound/intake', { token: admin, body: { number: sysTrackNo, weight: '1.2' } });
      const packed = await suite.api('POST', '/logistics/outPackage/pack', { token: admin, body: { number: sysTrackNo } });
      const batch = await suite.api('POST', '/logistics/outBatch/add', { token: admin, body: { remark: `e2e ${tag}` } });
      const batches = batch?.id ? batch : (await suite.api('GET', `/logistics/outBatch/list?column=createTime&order=desc`, { token: admin })).records[0];
      await suite.api('POST', '/logistics/outBatch/addPackage', { token: admin, body: { batchId: batches.id, packageNo: packed.package.packageNo } });
      await suite.api('POST', '/logistics/outBatch/handOver', { token: admin, body: { id: batches.id } });
      const shipped = await suite.api('GET', `/logistics/shipment/queryById?id=${added.id}`, { token: demo });
      assert.equal(shipped.shipmentStatus, 'shipped');
      const after = await suite.api('GET', '/wms/stock/reconcile', { token: admin });
      assert.equal(after.balanced, true, JSON.stringify(after.mismatches));
    });
  }
});

describe('warehouse fees: rates and a day charged', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`a customer's rate added, a past day charged, the customer's fees (${locale})`, async () => {
      const ratesPath = await pathOf(admin, 'wms/FeeRateList');
      const feesPath = await pathOf(demo, 'wms/UserFeeList');
      // One rate per customer: the demo customer's from an earlier run goes first.
      const existing = await suite.api('GET', '/wms/feeRate/list?pageSize=100', { token: admin });
      for (const rate of existing.records.filter((r) => r.customerUsername === 'demo')) {
        await suite.api('DELETE', `/wms/feeRate/delete?id=${rate.id}`, { token: admin });
      }
      let { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, ratesPath);
        await tableLoaded(page, 'fee-rate-table');
        await page.getByTestId('fee-rate-add').click();
        const dialog = page.getByTestId('fee-rate-form');
        await dialog.waitFor();
        await pick(page, 'fee-rate-customer', 'demo');
        await page.getByTestId('fee-rate-storageRate').fill('-2');
        await page.getByTestId('fee-rate-inboundRate').fill('0.35');
        await page.getByTestId('fee-rate-outboundRate').fill('0.5');
        await page.getByTestId('fee-rate-form-submit').click();
        assert.match(await page.getByTestId('fee-rate-storageRate-error').textContent(), zh ? /仓储费/ : /Storage/);
        await page.getByTestId('fee-rate-storageRate').fill('2.5');
        await screenshot(page, `wms-fee-rate-form-${locale}`, { fullPage: false });
        await page.getByTestId('fee-rate-form-submit').click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByTestId('fee-rate-table').getByText('demo').first().waitFor();
        await screenshot(page, `wms-fee-rates-${locale}`);
        await page.getByTestId('fee-run').click();
        const run = page.getByTestId('fee-run-form');
        await run.waitFor();
        // The dialog's opening and the save's toast settled.
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await screenshot(page, `wms-fee-run-${locale}`, { fullPage: false });
        await page.getByTestId('fee-run-form-submit').click();
        await run.waitFor({ state: 'hidden' });
      } finally {
        await closeContext(context);
      }
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, feesPath);
        await tableLoaded(page, 'user-fee-table');
        await screenshot(page, `wms-user-fees-${locale}`);
      } finally {
        await closeContext(context);
      }
    });
  }
});
