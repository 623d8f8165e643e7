// End-to-end: the warehouse on a 390 px phone, in both languages, on the demo tenant (real
// server, Chromium). Staff scan and weigh a parcel heavier than declared: the charge adjusts (the
// order's final charge is the re-quote, the difference a re-weigh trade); on the PDA page scans
// taken offline queue and sync when the network returns, each with its result; parcels are
// sorted into a package and the package put into an outbound batch, where the spec's outbound
// messages appear; the batch is handed over.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded, fundedDemo, submittedB2cOrder } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

let admin;
let demo;
const suite = appSuite(async (s) => {
  ({ admin, demo } = await fundedDemo(s, 'e2e warehouse'));
});

/** A submitted B2C order of the demo customer, one parcel of 1.2 kg. */
const submittedOrder = (reference) => submittedB2cOrder(suite, demo, reference);

const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

describe('warehouse on a phone', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`intake re-weighs, the PDA queues offline, sort-pack and out-batch (${locale})`, async () => {
      const tag = `${locale.slice(0, 2).toUpperCase()}${Date.now() % 100000}`;
      const heavy = await submittedOrder(`WH-${tag}-A`);
      const offline1 = await submittedOrder(`WH-${tag}-B`);
      const offline2 = await submittedOrder(`WH-${tag}-C`);

      // Single intake: scanned (the scanner's Enter moves to the weight), weighed heavier.
      let { context, page } = await suite.open(locale, { viewport: PHONE });
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/warehouse/intoParcel');
        await page.getByTestId('intake-number').fill('EA000000015CN');
        await page.getByTestId('intake-number').press('Enter');
        await page.getByTestId('intake-weight').fill('1');
        await page.getByTestId('intake-weight').press('Enter');
        // A misread check digit is refused in the browser (core through WASM), nothing sent.
        await page.getByText(zh ? '校验位不正确' : 'check digit', { exact: false }).first().waitFor();
        await page.getByTestId('intake-number').fill(heavy.sysTrackNo);
        await page.getByTestId('intake-number').press('Enter');
        await page.getByTestId('intake-weight').fill('3.2');
        const answered = page.waitForResponse((r) => r.url().includes('/boot/logistics/inbound/intake'));
        await page.getByTestId('intake-weight').press('Enter');
        const result = await (await answered).json();
        assert.equal(result.success, true, JSON.stringify(result));
        await page.getByTestId('intake-result').waitFor();
        const badge = page.getByTestId('intake-adjustment');
        assert.equal(await badge.getAttribute('data-kind'), 'charged');
        assert.match(await badge.innerText(), /CNY/);
        const after = await suite.api('GET', `/logistics/shipment/queryById?id=${heavy.id}`, { token: demo });
        assert.equal(after.shipmentStatus, 'received');
        assert.equal(after.deductAmount, result.result.chargedAmount, 'the order is charged the re-quote');
        assert.ok(Number(result.result.chargedAmount) > Number(heavy.deductAmount), 'heavier costs more');
        const trades = await suite.api('GET', `/logistics/wallet/trade/list?tradeType=reweigh&outTradeNo=${heavy.serialNumber}`, { token: demo });
        assert.equal(trades.total, 1);
        assert.ok(await fits(page), 'the intake page fits the phone');
        await screenshot(page, `warehouse-intake-phone-${locale}`);
      } finally {
        await closeContext(context);
      }

      // PDA sort-storage: two scans offline, queued; back online they sync, each received once.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/warehouse/pdaSortStorage');
        await page.getByTestId('pda-number').waitFor();
        await context.setOffline(true);
        for (const order of [offline1, offline2]) {
          await page.getByTestId('pda-number').fill(order.sysTrackNo);
          await page.getByTestId('pda-number').press('Enter');
          await page.getByTestId('pda-weight').fill('1.2');
          await page.getByTestId('pda-weight').press('Enter');
        }
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="pda-scan"][data-state="queued"]').length === 2);
        assert.ok(await fits(page), 'the PDA page fits the phone');
        await screenshot(page, `warehouse-pda-offline-${locale}`);
        await context.setOffline(false);
        // The queue sends on the `online` event, and its retry (every 5 s, 10 s per request) probes.
        await page
          .waitForFunction(() => document.querySelectorAll('[data-testid="pda-scan"][data-state="received"]').length === 2, null, { timeout: 45_000 })
          .catch(async (error) => {
            const scans = await page.getByTestId('pda-scan').evaluateAll((rows) => rows.map((row) => `${row.dataset.state}: ${row.textContent}`));
            throw new Error(`the offline scans did not sync: ${JSON.stringify(scans)}`, { cause: error });
          });
        await screenshot(page, `warehouse-pda-synced-${locale}`);
        const inbound = await suite.api('GET', `/logistics/inbound/list?numbers=${offline1.sysTrackNo},${offline2.sysTrackNo}`, { token: admin });
        assert.equal(inbound.total, 2, 'each offline scan applied once');
      } finally {
        await closeContext(context);
      }

      // Sort-pack on the phone: the three parcels go into one package (same channel, country, depot, transport).
      let packageNo;
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/warehouse/sortPack');
        for (const order of [heavy, offline1, offline2]) {
          const packed = page.waitForResponse((r) => r.url().includes('/boot/logistics/outPackage/pack'));
          await page.getByTestId('sort-pack-number').fill(order.sysTrackNo);
          await page.getByTestId('sort-pack-number').press('Enter');
          const answer = await (await packed).json();
          assert.equal(answer.success, true, JSON.stringify(answer));
          packageNo ??= answer.result.package.packageNo;
          assert.equal(answer.result.package.packageNo, packageNo, 'one package for parcels of one kind');
        }
        await page.getByTestId('sort-pack-result').getByText(packageNo).first().waitFor();
        // The package's label, for the bag: a PDF from the server.
        const label = page.waitForResponse((r) => r.url().includes('/boot/logistics/outPackage/label'));
        await page.getByTestId('sort-pack-label').click();
        const labelResponse = await label;
        assert.equal(labelResponse.status(), 200);
        assert.equal(labelResponse.headers()['content-type'], 'application/pdf');
        assert.ok(await fits(page), 'the sort-pack page fits the phone');
        await screenshot(page, `warehouse-sort-pack-phone-${locale}`);
      } finally {
        await closeContext(context);
      }

      // PDA out-pack: a new batch, the spec's outbound messages, the package in, handed over.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/warehouse/pdaOutPack');
        await page.getByTestId('pda-out-new-batch').click();
        await page.getByTestId('pda-out-number').waitFor();
        const scan = async (number) => {
          const before = await page.getByTestId('pda-out-scan').count();
          await page.getByTestId('pda-out-number').fill(number);
          await page.getByTestId('pda-out-number').press('Enter');
          await page.waitForFunction(
            (n) => document.querySelectorAll('[data-testid="pda-out-scan"]:not([data-state="sending"])').length >= n,
            before + 1,
          );
        };
        await scan('PK-NOPE');
        await page.getByText(zh ? '未找到包裹，请检查包号是否正确!' : 'no package found, please check whether the package number is correct').first().waitFor();
        await scan(packageNo);
        await scan(packageNo);
        await page.getByText(zh ? '包裹已有批次，不能重复操作!' : "package has batch can't repeat operation").first().waitFor();
        assert.equal(await page.locator('[data-testid="pda-out-scan"][data-state="added"]').count(), 1);
        assert.ok(await fits(page), 'the out-pack page fits the phone');
        await screenshot(page, `warehouse-pda-out-pack-${locale}`);
        await page.getByTestId('pda-out-hand-over').click();
        const handed = page.waitForResponse((r) => r.url().includes('/boot/logistics/outBatch/handOver'));
        await page.getByTestId('pda-out-hand-over-confirm-confirm').click();
        assert.equal((await (await handed).json()).success, true);
        for (const order of [heavy, offline1, offline2]) {
          const shipped = await suite.api('GET', `/logistics/shipment/queryById?id=${order.id}`, { token: demo });
          assert.equal(shipped.shipmentStatus, 'shipped', order.serialNumber);
        }
        await page.getByTestId('pda-out-read-only').waitFor();
        await page.waitForTimeout(800); // the dialog's fade and the toasts
        await screenshot(page, `warehouse-pda-handed-${locale}`);
      } finally {
        await closeContext(context);
      }

      // The inbound list with the adjustment, on a desktop.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/warehouse/inboundParcel');
        await tableLoaded(page, 'inbound-table');
        await page.getByText(heavy.serialNumber).first().waitFor();
        await screenshot(page, `warehouse-inbound-${locale}`);
        // The other warehouse pages, as staff see them.
        await page.goto('/warehouse/outPackage');
        await tableLoaded(page, 'out-package-table');
        await page.getByText(packageNo).first().waitFor();
        await screenshot(page, `warehouse-out-packages-${locale}`);
        await page.goto('/warehouse/outBatch');
        await tableLoaded(page, 'out-batch-table');
        await page.getByTestId('out-batch-open').first().click();
        await page.getByTestId('out-batch-panel').waitFor();
        await page.waitForTimeout(600); // the drawer's slide-in
        await screenshot(page, `warehouse-out-batch-${locale}`, { fullPage: false });
        await page.goto('/warehouse/predictShipment');
        await tableLoaded(page, 'predict-shipment-table');
        await screenshot(page, `warehouse-predict-${locale}`);
        await page.goto('/warehouse/batchIntoParcel');
        await page.getByTestId('batch-intake-page').waitFor();
        await screenshot(page, `warehouse-batch-intake-${locale}`);
      } finally {
        await closeContext(context);
      }
    });
  }
});
