// End-to-end: carrier operations on the demo tenant (LOGISTICS_DEMO=1), in both languages (real
// server, Chromium). Through the API demo_admin sets up a carrier speaking through the sandbox
// adapter (supplier, channel, rate card, channel product, the demo customer's price level) and a
// warehouse of its own; the customer `demo` submits two B2C orders with that carrier. Then in the
// browser staff create a dispatch for the carrier at the warehouse, paste the orders' serial
// numbers into it and request the pickup (the sandbox books it and answers its confirmation); on
// the manifests page they close the day's manifest for that carrier, warehouse and day and
// download its PDF and workbook, which carry both orders. The dispatch list, the dispatch drawer,
// the close dialog and the manifest list are photographed in both languages, the lists also on a
// 390 px phone. Then the orders go to UPS WorldShip as its XML and its results (an .Out file) number
// them; a UPS PLD waybill batch of them is made through its form and its fixed-width file downloaded.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { appSuite, closeContext, fundedDemo, menuPath, rawKeys, screenshot, signIn, tableLoaded } from './support.mjs';
import { readXlsx } from './xlsx.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
// A key shown as is (`dispatch.status.created`), or i18next naming a key that is an object.
const RAW_KEY = /^[a-z]+(\.[a-zA-Z_]+)+$|returned an object instead of string/;

let admin;
let demo;
const suite = appSuite(async (s) => {
  ({ admin, demo } = await fundedDemo(s, 'e2e carrier operations'));
});

/** A rate card of the carrier: the US by weight (the test orders go to New York). */
const rateCard = (code) => ({
  code, name: '沙箱报价', currency: 'CNY', effectiveFrom: '2024-01-01',
  weightRounding: [{ upTo: '20', increment: '0.5' }, { upTo: '300', increment: '1' }],
  minChargeableWeight: '0.5', roundingScope: 'parcel',
  zones: [{ code: 'US', countries: ['US'], postalPrefixes: [] }],
  prices: [
    { zone: 'US', fromWeight: '0', toWeight: '20', mode: 'firstAdditional', firstWeight: '0.5', firstPrice: '60', stepWeight: '0.5', stepPrice: '12' },
    { zone: 'US', fromWeight: '20', toWeight: '300', mode: 'perKg', price: '30', minCharge: '500' },
  ],
  surcharges: [{ type: 'fuel', percent: '10' }],
});

/**
 * demo_admin's carrier with the sandbox adapter, its channel, rate card and B2C product (priced for
 * the demo customer), and a warehouse of its own: answers `{supplier, depot, product}`.
 */
async function sandboxCarrier(tag) {
  const token = admin;
  const supplier = await suite.api('POST', '/logistics/supplier/add', {
    token,
    body: { code: `SBX${tag}`, name: `沙箱快递${tag}`, nameEn: `Sandbox Express ${tag}`, apiType: 'sandbox', status: 1 },
  });
  const channel = await suite.api('POST', '/logistics/channel/add', {
    token,
    body: { supplierId: supplier.id, code: `SBX-${tag}`, name: '沙箱专线', nameEn: 'Sandbox line', transType: 'express', status: 1 },
  });
  const card = `SBX-CARD-${tag}`;
  await suite.api('POST', '/logistics/rateCard/add', { token, body: rateCard(card) });
  const product = await suite.api('POST', '/logistics/channelProduct/add', {
    token,
    body: { channelId: channel.id, code: `SBX-B2C-${tag}`, name: '沙箱小包', nameEn: 'Sandbox parcel', tradeType: 'B2C', feeId: card, thWeightRatio: 6000, izMult: true, rules: [{ validType: 'weight', max: '70' }] },
  });
  const info = await suite.api('GET', '/sys/user/getUserInfo', { token: demo });
  await suite.api('POST', '/logistics/priceLevel/add', { token, body: { customerId: info.userInfo?.id ?? info.id, productId: product.id, markupPercent: '0' } });
  const depot = await suite.api('POST', '/logistics/platformDepot/add', {
    token,
    body: {
      code: `WH-${tag}`, name: `深圳仓${tag}`, nameEn: `Shenzhen warehouse ${tag}`, depotType: 'warehouse', country: 'CN', state: '广东', city: '深圳',
      postalCode: '518000', address: '宝安区福永街道 1 号', contact: '王五', phone: '13800000000', status: 1,
    },
  });
  return { supplier, depot, product };
}

/** A submitted B2C order of the demo customer with `product`, one parcel of 1.2 kg, as `queryById` answers it. */
async function submittedOrder(product, reference) {
  const order = await suite.api('POST', '/logistics/shipment/add', {
    token: demo,
    body: {
      shipmentType: 'B2C', customerCode: reference, channelProductId: product.id, currency: 'CNY',
      consignee: { name: 'Ann Lee', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
      parcels: [{ reference: `${reference}-P`, length: 30, width: 20, height: 10, weight: 1.2, products: [{ frName: 'T-shirt', lcName: 'T恤', quantity: 2, unitPrice: '9.9', unitWeight: '0.3', frHscode: '6109100000' }] }],
    },
  });
  await suite.api('POST', '/logistics/shipment/submit', { token: demo, body: { id: order.id } });
  return suite.api('GET', `/logistics/shipment/queryById?id=${order.id}`, { token: demo });
}


/**
 * Shots named `carrier-ops-<name>-<locale>`, failing on any raw i18n key; `overlay`: the viewport
 * only (a drawer or dialog, once it has slid in). A phone shot also fails when the page scrolls sideways.
 */
async function shoot(page, name, locale, { overlay = false, phone = false } = {}) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(overlay ? 500 : 150);
  assert.deepEqual(await rawKeys(page, RAW_KEY), [], `${name}: untranslated texts`);
  await screenshot(page, `carrier-ops-${name}-${locale}`, { fullPage: !overlay });
  if (phone) {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 1, `${name}: the page scrolls sideways by ${wide}px`);
  }
}

/** The lists at a phone's width, then back. */
async function onPhone(page, name, locale, testId) {
  await page.setViewportSize(PHONE);
  await tableLoaded(page, testId);
  await shoot(page, `${name}-phone`, locale, { phone: true });
  await page.setViewportSize(DESKTOP);
}

/** Saves the file a click on `button` downloads: its suggested name and bytes. */
async function download(page, button) {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  const failure = await file.failure();
  assert.equal(failure, null, `the download of ${file.suggestedFilename()} failed`);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describe('carrier operations: dispatch, pickup, the day\'s manifest', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`a dispatch of pasted orders, its pickup booked, the day's manifest closed and downloaded (${locale})`, async () => {
      const tag = `${locale.slice(0, 2).toUpperCase()}${Date.now() % 100000}`;
      const { supplier, depot, product } = await sandboxCarrier(tag);
      const orders = [await submittedOrder(product, `CO-${tag}-A`), await submittedOrder(product, `CO-${tag}-B`)];
      const serials = orders.map((order) => order.serialNumber);
      const dispatchPath = await menuPath(suite, admin, 'carrier/DispatchList');
      const manifestPath = await menuPath(suite, admin, 'carrier/ManifestList');

      const { context, page } = await suite.open(locale, { viewport: DESKTOP });
      try {
        // A dispatch for the carrier at its warehouse, today (the form's default).
        await signIn(page, 'demo_admin', DEMO_PASSWORD, dispatchPath);
        await tableLoaded(page, 'dispatch-table');
        await page.getByTestId('dispatch-add').click();
        const form = page.getByTestId('dispatch-form');
        await form.waitFor();
        await form.getByTestId('dispatch-form-carrier').selectOption(supplier.id);
        const depotSelect = form.getByTestId('dispatch-form-depot');
        await depotSelect.locator(`option[value="${depot.id}"]`).waitFor({ state: 'attached' });
        await depotSelect.selectOption(depot.id);
        const day = await form.getByTestId('dispatch-form-date').inputValue();
        assert.match(day, /^\d{4}-\d{2}-\d{2}$/, 'the day defaults to today');
        // Core's rule in the browser first: a window that ends before it starts.
        await form.getByTestId('dispatch-form-window').fill('18:00-09:00');
        await form.getByTestId('dispatch-form-submit').click();
        await form.getByTestId('dispatch-form-window-error').getByText(zh ? '开始早于结束' : 'the start before the end', { exact: false }).waitFor();
        await form.getByTestId('dispatch-form-window').fill('09:00-12:00');
        const added = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/add'));
        await form.getByTestId('dispatch-form-submit').click();
        const created = await (await added).json();
        assert.equal(created.success, true, JSON.stringify(created));
        const dispatch = created.result;
        assert.equal(dispatch.dispatchStatus, 'created');
        assert.equal(dispatch.pickupDate, day);
        assert.equal(dispatch.pickupWindow, '09:00-12:00');

        // The new dispatch opens in its drawer: the orders' serial numbers pasted in.
        const drawer = page.getByTestId('dispatch-drawer');
        await drawer.getByText(dispatch.dispatchNo).first().waitFor();
        await drawer.getByTestId('dispatch-orders-empty').waitFor();
        await drawer.getByTestId('dispatch-numbers').fill(`${serials[0]}\n${serials[1].toLowerCase()}, ${serials[0]}`);
        await drawer.getByTestId('dispatch-numbers-count').getByText('2', { exact: false }).waitFor();
        const put = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/addShipments'));
        await drawer.getByTestId('dispatch-add-orders').click();
        const putAnswer = await put;
        assert.deepEqual(JSON.parse(putAnswer.request().postData()), { id: dispatch.id, numbers: serials });
        const filled = await putAnswer.json();
        assert.equal(filled.success, true, JSON.stringify(filled));
        assert.equal(filled.result.shipments, 2);
        await drawer.getByTestId('dispatch-added').waitFor();
        for (const serial of serials) await drawer.getByTestId('dispatch-orders').getByText(serial).waitFor();

        // The same order again: the server's refusal, as it says it.
        await drawer.getByTestId('dispatch-scan').fill(serials[0]);
        await drawer.getByTestId('dispatch-scan').press('Enter');
        await drawer.getByTestId('dispatch-add-problem').getByText(dispatch.dispatchNo, { exact: false }).waitFor();

        // The pickup: the sandbox books it and answers its confirmation.
        await drawer.getByTestId('dispatch-action-request').click();
        const confirm = page.getByTestId('dispatch-request-confirm');
        await confirm.waitFor();
        const requested = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/requestPickup'));
        await confirm.getByTestId('dispatch-request-confirm-confirm').click();
        const booked = await (await requested).json();
        assert.equal(booked.success, true, JSON.stringify(booked));
        assert.equal(booked.result.dispatchStatus, 'requested');
        assert.match(booked.result.pickupRef, /^SBXP/);
        await drawer.getByTestId('dispatch-fact-pickup-ref').getByText(booked.result.pickupRef).waitFor();
        await drawer.locator('[data-testid="dispatch-panel"][data-status="requested"]').waitFor();
        await drawer.getByTestId('dispatch-action-pickedUp').waitFor();
        assert.equal(await drawer.getByTestId('dispatch-action-request').count(), 0, 'a pickup is requested once');
        await shoot(page, 'dispatch-drawer', locale, { overlay: true });
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });

        // The list: the dispatch, its pickup requested.
        const row = page.getByTestId('dispatch-table-row').filter({ hasText: dispatch.dispatchNo });
        await row.getByTestId('dispatch-status').and(page.locator('[data-status="requested"]')).waitFor();
        await row.getByText(booked.result.pickupRef).waitFor();
        await shoot(page, 'dispatch-list', locale);
        await onPhone(page, 'dispatch-list', locale, 'dispatch-table');

        // The manifests page: the day closed for the carrier at the warehouse.
        await page.goto(manifestPath);
        await tableLoaded(page, 'manifest-table');
        await page.getByTestId('manifest-close-open').click();
        const dialog = page.getByTestId('manifest-close');
        await dialog.waitFor();
        await dialog.getByTestId('manifest-close-carrier').selectOption(supplier.id);
        const closeDepot = dialog.getByTestId('manifest-close-depot');
        await closeDepot.locator(`option[value="${depot.id}"]`).waitFor({ state: 'attached' });
        await closeDepot.selectOption(depot.id);
        await dialog.getByTestId('manifest-close-date').fill(day);
        const warning = dialog.getByTestId('manifest-close-warning');
        await warning.getByText(depot.code, { exact: false }).waitFor();
        assert.ok((await warning.innerText()).includes(day), 'the warning names the day');
        await shoot(page, 'manifest-close', locale, { overlay: true });
        const closing = page.waitForResponse((r) => r.url().includes('/boot/logistics/manifest/close'));
        await dialog.getByTestId('manifest-close-submit').click();
        const closeAnswer = await closing;
        assert.deepEqual(JSON.parse(closeAnswer.request().postData()), { supplierId: supplier.id, depotId: depot.id, date: day });
        const closed = await closeAnswer.json();
        assert.equal(closed.success, true, JSON.stringify(closed));
        const manifest = closed.result;
        assert.match(manifest.manifestNo, /^MF/);
        assert.equal(manifest.dispatches, 1);
        assert.equal(manifest.shipments, 2);
        assert.match(manifest.carrierRef ?? '', /^SBXM/);

        // Its files, from the dialog showing the new manifest.
        const done = page.getByTestId('manifest-closed');
        await done.getByTestId('manifest-closed-no').getByText(manifest.manifestNo).waitFor();
        const pdf = await download(page, done.getByTestId('manifest-pdf'));
        assert.equal(pdf.name, `${manifest.manifestNo}.pdf`);
        assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
        const workbook = await download(page, done.getByTestId('manifest-xlsx'));
        assert.equal(workbook.name, `${manifest.manifestNo}.xlsx`);
        const cells = readXlsx(workbook.bytes).flat();
        for (const serial of serials) assert.ok(cells.includes(serial), `${serial} in the workbook: ${JSON.stringify(cells)}`);
        assert.ok(cells.some((cell) => cell.includes(zh ? '序号' : 'No.')), 'the workbook is in the reader\'s language');
        await done.getByTestId('manifest-closed-close').click();
        await done.waitFor({ state: 'hidden' });

        // The list: the new manifest, its files a click away.
        const manifestRow = page.getByTestId('manifest-table-row').filter({ hasText: manifest.manifestNo });
        await manifestRow.waitFor();
        const again = await download(page, manifestRow.getByTestId('manifest-pdf'));
        assert.equal(again.name, `${manifest.manifestNo}.pdf`);
        await shoot(page, 'manifest-list', locale);
        await onPhone(page, 'manifest-list', locale, 'manifest-table');

        // The carrier's other pages: services, depots, the fees rated at the close and their margins.
        await suite.api('POST', '/logistics/carrierService/add', {
          token: admin,
          body: { supplierId: supplier.id, code: `SV-${tag}`, name: '标准快递', nameEn: 'Standard express', serviceType: 'express', transitMin: 3, transitMax: 6 },
        });
        for (const [component, name, table] of [
          ['carrier/CarrierServiceList', 'services', 'service-table'],
          ['carrier/PlatformDepotList', 'depots', 'platform-depot-table'],
          ['carrier/CarrierFeeList', 'fees', 'carrier-fee-table'],
        ]) {
          await page.goto(await menuPath(suite, admin, component));
          await tableLoaded(page, table);
          await shoot(page, name, locale);
          await onPhone(page, name, locale, table);
        }
        await page.getByTestId('carrier-fee-table-row').filter({ hasText: serials[0] }).waitFor();
        await page.getByTestId('carrier-fee-tab-margins').click();
        await page.getByTestId('carrier-fee-margin-row').first().waitFor();
        await shoot(page, 'margins', locale);

        // UPS's routing table: a file imported through the page (its countries replaced), then a
        // postal code looked up as a UPS label would.
        await page.goto(await menuPath(suite, admin, 'carrier/UpsRoutingList'));
        await tableLoaded(page, 'ups-routing-table');
        await page.getByTestId('ups-routing-import-open').click();
        const importDialog = page.getByTestId('ups-routing-import-dialog');
        await importDialog.waitFor();
        const table = 'Country,Postal Low,Postal High,URC\nUS,10000,10299,NY 100 9-05\nUS,900,961,CA 900 2-01\nHK,,,HK 000 1-00\n';
        await importDialog.getByTestId('ups-routing-import-file').setInputFiles({ name: 'urc.csv', mimeType: 'text/csv', buffer: Buffer.from(table) });
        await importDialog.getByTestId('ups-routing-import-version').fill(`URC ${tag}`);
        await importDialog.getByTestId('ups-routing-import-submit').click();
        await importDialog.waitFor({ state: 'hidden' });
        await page.getByTestId('ups-routing-table-row').filter({ hasText: 'CA 900 2-01' }).waitFor();
        await page.getByTestId('ups-routing-lookup-postal').fill('94105');
        await page.getByTestId('ups-routing-lookup-submit').click();
        await page.getByTestId('ups-routing-lookup-answer').filter({ hasText: 'CA 900 2-01' }).waitFor();
        await shoot(page, 'ups-routing', locale);
        await onPhone(page, 'ups-routing', locale, 'ups-routing-table');

        // Partitions: the carrier's card filed its zones as one; another is added through the form,
        // and the card's editor shows the partition it prices.
        await page.goto(await menuPath(suite, admin, 'carrier/PartitionList'));
        await tableLoaded(page, 'partition-table');
        await page.getByTestId('partition-add').click();
        const partitionForm = page.getByTestId('partition-form');
        await partitionForm.waitFor();
        await partitionForm.getByTestId('partition-code').fill(`PT-${tag}`);
        await partitionForm.getByTestId('partition-name').fill(zh ? '东亚分区' : 'East Asia');
        const countries = partitionForm.getByTestId('partition-zone-countries').getByRole('textbox');
        for (const country of ['JP', 'KR']) {
          await countries.fill(country);
          await countries.press('Enter');
        }
        await partitionForm.getByTestId('partition-zone-add').click();
        await partitionForm.getByTestId('partition-zone-countries').nth(1).getByRole('textbox').fill('HK');
        await partitionForm.getByTestId('partition-zone-countries').nth(1).getByRole('textbox').press('Enter');
        await shoot(page, 'partition-form', locale, { overlay: true });
        await partitionForm.getByTestId('partition-form-submit').click();
        await partitionForm.waitFor({ state: 'hidden' });
        const newPartition = page.getByTestId('partition-table-row').filter({ hasText: `PT-${tag}` });
        await newPartition.waitFor();
        assert.match(await newPartition.textContent(), /Z1JP KR/);
        await shoot(page, 'partitions', locale);
        await onPhone(page, 'partitions', locale, 'partition-table');
        const filed = await suite.api('GET', `/logistics/rateCard/list?code=${encodeURIComponent(`SBX-CARD-${tag}`)}`, { token: admin });
        const cardDetail = await suite.api('GET', `/logistics/rateCard/queryById?id=${filed.records[0].id}`, { token: admin });
        assert.ok(cardDetail.partitionCode, 'the card prices a partition');
        await page.goto(await menuPath(suite, admin, 'carrier/RateCardList'));
        await tableLoaded(page, 'rate-card-table');
        await page.getByTestId('rate-card-table-row').filter({ hasText: `SBX-CARD-${tag}` }).getByTestId('rate-card-edit').click();
        const cardEditor = page.getByTestId('rate-card-editor');
        await cardEditor.getByTestId('rate-card-tab-zones').click();
        const picker = cardEditor.getByTestId('rate-card-partition');
        await picker.waitFor();
        await page.waitForFunction(() => document.querySelector('[data-testid="rate-card-partition"]')?.querySelectorAll('option').length > 2);
        assert.equal(await picker.inputValue(), cardDetail.partitionId);
        await shoot(page, 'rate-card-partition', locale, { overlay: true });
        await page.keyboard.press('Escape');

        // WorldShip: the two orders exported as its auto-import XML, its results read back.
        await page.goto(await menuPath(suite, admin, 'shipment/WorldShip'));
        await tableLoaded(page, 'world-ship-table');
        await page.getByTestId('world-ship-search-numbers').fill(serials.join(' '));
        await page.getByTestId('world-ship-search-submit').click();
        for (const serial of serials) {
          const orderRow = page.getByTestId('world-ship-table-row').filter({ hasText: serial });
          await orderRow.getByTestId('world-ship-awaiting').waitFor();
          await orderRow.getByTestId('row-checkbox').locator('xpath=..').click();
          assert.ok(await orderRow.getByTestId('row-checkbox').isChecked(), `${serial} is selected`);
        }
        const xml = await download(page, page.getByTestId('world-ship-export'));
        assert.match(xml.name, /^worldship-\d+\.xml$/);
        for (const serial of serials) assert.ok(xml.bytes.toString().includes(`<Reference1>${serial}</Reference1>`), `${serial} in the XML`);
        await shoot(page, 'world-ship', locale);
        await onPhone(page, 'world-ship', locale, 'world-ship-table');
        const upsNumbers = serials.map((_, i) => `1Z${tag.padEnd(9, '0').slice(0, 9)}0000${i}`.slice(0, 18));
        const out = `<OpenShipments xmlns="x-schema:OpenShipments.xdr">${serials
          .map((serial, i) => `<OpenShipment ProcessStatus="Processed"><ProcessMessage><TrackingNumbers><TrackingNumber>${upsNumbers[i]}</TrackingNumber></TrackingNumbers></ProcessMessage><ShipmentInformation><Reference1>${serial}</Reference1></ShipmentInformation></OpenShipment>`)
          .join('')}<OpenShipment ProcessStatus="Error"><ProcessMessage><Error><ErrorDescription>Invalid postal code</ErrorDescription></Error></ProcessMessage><ShipmentInformation><Reference1>NO-SUCH-${tag}</Reference1></ShipmentInformation></OpenShipment></OpenShipments>`;
        await page.getByTestId('world-ship-import-open').click();
        const resultUpload = page.getByTestId('world-ship-import-dialog');
        await resultUpload.getByTestId('world-ship-import-file').setInputFiles({ name: `batch-${tag}.Out`, mimeType: 'application/xml', buffer: Buffer.from(out) });
        await resultUpload.getByTestId('world-ship-import-submit').click();
        const resultDialog = page.getByTestId('world-ship-result');
        await resultDialog.getByTestId('world-ship-result-numbered').waitFor();
        assert.match(await resultDialog.getByTestId('world-ship-result-counts').textContent(), zh ? /2 个订单已出单号/ : /2 orders numbered/);
        await shoot(page, 'world-ship-result', locale, { overlay: true });
        await resultDialog.getByTestId('world-ship-result-close').click();
        await page.getByTestId('world-ship-table-row').filter({ hasText: upsNumbers[0] }).waitFor();

        // A UPS PLD batch of the two orders, now numbered by the carrier, made through the form.
        await page.goto(await menuPath(suite, admin, 'carrier/WaybillBatchList'));
        await tableLoaded(page, 'waybill-batch-table');
        await page.getByTestId('waybill-batch-add').click();
        const batchForm = page.getByTestId('waybill-batch-form');
        await batchForm.waitFor();
        await batchForm.getByTestId('waybill-batch-carrier').selectOption(supplier.id);
        await batchForm.getByTestId('waybill-batch-mawb').fill('176-12345674');
        await batchForm.getByTestId('waybill-batch-origin').fill('SZX');
        await batchForm.getByTestId('waybill-batch-destination').fill('JFK');
        await batchForm.getByTestId('waybill-batch-numbers').fill(serials.join('\n'));
        await batchForm.getByTestId('waybill-batch-form-submit').click();
        await batchForm.getByTestId('waybill-batch-mawb-error').waitFor();
        await shoot(page, 'waybill-batch-form', locale, { overlay: true });
        await batchForm.getByTestId('waybill-batch-type-upspld').click();
        await batchForm.getByTestId('waybill-batch-account').fill('A1B2C3');
        await batchForm.getByTestId('waybill-batch-form-submit').click();
        await batchForm.waitFor({ state: 'hidden' });
        const batchDrawer = page.getByTestId('waybill-batch-drawer');
        await batchDrawer.getByText(upsNumbers[1]).waitFor();
        await shoot(page, 'waybill-batch-orders', locale, { overlay: true });
        await page.keyboard.press('Escape');
        await batchDrawer.waitFor({ state: 'hidden' });
        const batchRow = page.getByTestId('waybill-batch-table-row').first();
        const pld = await download(page, batchRow.getByTestId('waybill-batch-download'));
        assert.match(pld.name, /^WB\d+\.pld$/);
        const records = pld.bytes.toString('latin1').split('\r\n').filter(Boolean);
        assert.equal(records.length, 1 + 2 + 2 + 1);
        assert.ok(records.every((r) => r.length === 128), 'fixed-width records');
        assert.ok(records[0].startsWith('01A1B2C3'));
        await shoot(page, 'waybill-batches', locale);
        await onPhone(page, 'waybill-batches', locale, 'waybill-batch-table');

        // The dispatch is in the manifest now, and the day is closed for another.
        const after = await suite.api('GET', `/logistics/dispatch/queryById?id=${dispatch.id}`, { token: admin });
        assert.equal(after.dispatchStatus, 'manifested');
        assert.equal(after.manifestNo, manifest.manifestNo);
      } finally {
        await closeContext(context);
      }
    });
  }
});
