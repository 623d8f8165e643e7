// End-to-end: what orders name and carry beside them, on the demo tenant, in both languages, as
// the customer `demo`: a catalogue product added through its form (core's HS-code rule first), a
// predict batch numbered by the server and handed over, an FBA order's delivery recorded with
// its Amazon shipment IDs (more pieces than the order refused by core before anything is sent),
// and the delivery numbers page. Each page is photographed, and on a phone. Real server, Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

const suite = appSuite();

async function noSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${what} scrolls sideways by ${wide}px`);
}

/** An FBA order of three boxes to a depot of the customer's, answering its serial number. */
async function fbaOrder(token, tag) {
  const depots = await suite.api('GET', '/logistics/depot/list?depotId=LGB8', { token });
  const depot = depots.records.find((d) => d.depotId === 'LGB8') ?? (await suite.api('POST', '/logistics/depot/add', { token, body: { depotId: 'LGB8' } }));
  const fbaCode = `FBA15${tag}E2E1`;
  const box = (n) => ({ fbaCode: `${fbaCode}U00000${n}`, length: 40, width: 30, height: 30, weight: 12, products: [{ frName: 'Mugs', quantity: 24, unitPrice: '3.5', unitWeight: '0.4' }] });
  const order = await suite.api('POST', '/logistics/shipment/add', {
    token,
    body: { shipmentType: 'FBA', fbaCode, poCode: '2Q3W4E5R', userDepotId: depot.id, customerCode: `FBA-E2E-${tag}-${Date.now() % 100000}`, parcels: [box(1), box(2), box(3)] },
  });
  return order.serialNumber;
}

describe('products, predict batches, FBA waybills and delivery numbers', () => {
  for (const locale of ['zh-CN', 'en-US']) {
    test(locale, async () => {
      const zh = locale === 'zh-CN';
      const tag = zh ? 'ZH' : 'EN';
      const demo = await suite.apiLogin('demo', DEMO_PASSWORD);
      const serial = await fbaOrder(demo, tag);
      const { context, page } = await suite.open(locale);
      try {
        // The catalogue: core's HS-code rule as the user types, then the product saved and listed.
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/product');
        await tableLoaded(page, 'parcel-product-table');
        await page.getByTestId('parcel-product-add').click();
        const form = page.getByTestId('parcel-product-form');
        const sku = `SKU-${tag}-${Date.now() % 100000}`;
        await form.getByTestId('product-sku').fill(sku);
        await form.getByTestId('product-fr-name').fill('Ceramic mug');
        await form.getByTestId('product-lc-name').fill('陶瓷杯');
        await form.getByTestId('product-fr-hscode').fill('12');
        await form.getByTestId('product-unit-price').click();
        await form.getByText(zh ? '海关编码须为6到10位数字!' : 'An HS code has 6 to 10 digits!').first().waitFor();
        await form.getByTestId('product-fr-hscode').fill('6912.00');
        await form.getByTestId('product-unit-price').fill('3.5');
        await form.getByTestId('product-unit-weight').fill('0.4');
        await screenshot(page, `products-form-${locale}`, { fullPage: false });
        await form.getByTestId('parcel-product-form-submit').click();
        await form.waitFor({ state: 'hidden' });
        await page.getByTestId('parcel-product-table').getByText(sku).waitFor();
        await screenshot(page, `products-${locale}`);

        // A predict batch: numbered by the server, handed over after a confirmation.
        await page.goto(new URL('/shipment/predictBatch', page.url()).href);
        await tableLoaded(page, 'predict-batch-table');
        await page.getByTestId('predict-batch-add').click();
        const batchForm = page.getByTestId('predict-batch-form');
        await batchForm.getByTestId('predict-batch-remark').fill(`e2e ${tag}`);
        await batchForm.getByTestId('predict-batch-form-submit').click();
        await batchForm.waitFor({ state: 'hidden' });
        const table = page.getByTestId('predict-batch-table');
        const row = table.getByRole('row').filter({ hasText: `e2e ${tag}` }).first();
        await row.waitFor();
        assert.match(await row.innerText(), /PB\d{10}/);
        await row.getByTestId('row-checkbox').locator('xpath=..').click();
        assert.ok(await row.getByTestId('row-checkbox').isChecked(), 'the batch is selected');
        await page.getByTestId('predict-batch-handOver').click();
        await page.getByTestId('predict-batch-handOver-confirm').getByRole('button', { name: zh ? '交仓' : /hand over/i }).last().click();
        await row.getByText(zh ? '已交仓' : /handed/i).first().waitFor();
        await screenshot(page, `predict-batches-${locale}`);

        // The FBA order's delivery: 4 pieces against an order of 3 are refused by core at once.
        await page.goto(new URL('/shipment/fbaWaybill', page.url()).href);
        await tableLoaded(page, 'fba-waybill-table');
        const order = page.getByTestId('fba-waybill-table').getByRole('row').filter({ hasText: serial }).first();
        await order.waitFor();
        await order.getByTestId('fba-waybill-record').click();
        const drawer = page.getByTestId('fba-waybill-form');
        await drawer.getByTestId('fba-waybill-batch-no').fill(`IB-${tag}`);
        await drawer.getByTestId('fba-waybill-config-add').click();
        await drawer.getByTestId('fba-waybill-configs-0-id').fill(`fba15${tag.toLowerCase()}e2e1`);
        await drawer.getByTestId('fba-waybill-configs-0-pieces').fill('4');
        await drawer.getByTestId('fba-waybill-configs-0-pallet').click();
        await drawer.getByText(zh ? /超过订单的3件/ : /more than the order's 3/).first().waitFor();
        await screenshot(page, `fba-waybill-refused-${locale}`, { fullPage: false });
        await drawer.getByTestId('fba-waybill-configs-0-pieces').fill('3');
        await drawer.getByTestId('fba-waybill-configs-0-pallet').fill('1');
        await drawer.getByTestId('fba-waybill-form-submit').click();
        await drawer.waitFor({ state: 'hidden' });
        await order.getByText(`IB-${tag}`).waitFor();
        const saved = await suite.api('GET', `/logistics/fbaOrder/list?numbers=${serial}`, { token: demo });
        assert.deepEqual(saved.records[0].configs.map((c) => [c.fbaShipmentId, c.pieces, c.pallet]), [[`FBA15${tag}E2E1`, 3, 1]]);
        await screenshot(page, `fba-waybills-${locale}`);

        await page.goto(new URL('/shipment/deliveryNumber', page.url()).href);
        await tableLoaded(page, 'delivery-number-table');
        await screenshot(page, `delivery-numbers-${locale}`);
      } finally {
        await closeContext(context);
      }

      const phone = await suite.open(locale, { viewport: PHONE });
      try {
        await signIn(phone.page, 'demo', DEMO_PASSWORD, '/shipment/fbaWaybill');
        await tableLoaded(phone.page, 'fba-waybill-table');
        await screenshot(phone.page, `fba-waybills-phone-${locale}`);
        await noSidewaysScroll(phone.page, 'the FBA waybills on a phone');
        for (const [path, table, name] of [['/shipment/predictBatch', 'predict-batch-table', 'predict-batches'], ['/shipment/product', 'parcel-product-table', 'products']]) {
          await phone.page.goto(new URL(path, phone.page.url()).href);
          await tableLoaded(phone.page, table);
          await screenshot(phone.page, `${name}-phone-${locale}`);
          await noSidewaysScroll(phone.page, `${name} on a phone`);
        }
      } finally {
        await closeContext(phone.context);
      }
    });
  }
});
