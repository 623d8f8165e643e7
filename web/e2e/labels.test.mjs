// End-to-end: labels on the demo tenant (LOGISTICS_DEMO=1), in both languages. The customer `demo`
// has 20 submitted B2C orders; on the B2C list it selects all 20, prints them as a batch (the
// progress bar, then the real PDF in the preview) and the list shows them printed. The printers
// page and the print centre's editor (staff) are photographed, the print dialog on a phone too.
// Real server, Chromium.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

const suite = appSuite(async (s) => {
  const admin = await s.apiLogin('demo_admin', DEMO_PASSWORD);
  const demo = await s.apiLogin('demo', DEMO_PASSWORD);
  const info = await s.api('GET', '/sys/user/getUserInfo', { token: demo });
  const customerId = info.userInfo?.id ?? info.id;
  await s.api('POST', '/logistics/wallet/adjust', { token: admin, body: { customerId, currency: 'CNY', direction: 'credit', amount: '20000', reason: 'e2e labels' } });
});

/** Twenty submitted B2C orders of the demo customer, their references starting with `prefix`. */
async function submittedOrders(token, prefix) {
  const products = await suite.api('GET', '/logistics/channelProduct/myList?pageSize=100', { token });
  const product = products.records.find((p) => p.tradeType === 'B2C' && p.code === 'YT-ECO') ?? products.records.find((p) => p.tradeType === 'B2C');
  assert.ok(product, 'the demo network has a B2C product');
  const ids = [];
  for (let n = 0; n < 20; n += 1) {
    const order = await suite.api('POST', '/logistics/shipment/add', {
      token,
      body: {
        shipmentType: 'B2C', customerCode: `${prefix}${String(n).padStart(2, '0')}`, channelProductId: product.id, currency: 'CNY',
        consignee: { name: n % 2 ? 'Ann Lee' : '李娜', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
        parcels: [{ reference: `P${n}`, length: 30, width: 20, height: 10, weight: 1.2, products: [{ frName: 'T-shirt', lcName: 'T恤', quantity: 2, unitPrice: '9.9', unitWeight: '0.3', frHscode: '6109100000' }] }],
      },
    });
    ids.push(order.id);
  }
  const result = await suite.api('POST', '/logistics/shipment/submitBatch', { token, body: { ids: ids.join(',') } });
  assert.equal(result.succeeded, 20, JSON.stringify(result.rows?.find((r) => !r.success)));
  return ids;
}

describe('labels: batch print, preview, print status; printers; print centre', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    test(locale, async () => {
      const zh = locale === 'zh-CN';
      const demo = await suite.apiLogin('demo', DEMO_PASSWORD);
      const prefix = `LBL-${zh ? 'ZH' : 'EN'}-${Date.now() % 100000}-`;
      let carrierNo = '';
      await submittedOrders(demo, prefix);
      const { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/b2c');
        await page.goto(`/shipment/b2c?keyWord=${prefix}&pageSize=20`);
        await tableLoaded(page, 'shipment-table');
        assert.equal(await page.getByTestId('shipment-table').getByText(prefix, { exact: false }).count(), 20);
        await page.getByTestId('select-all').locator('xpath=..').click();
        await page.getByTestId('shipment-batch-print').click();
        const dialog = page.getByTestId('print-dialog');
        await dialog.getByTestId('print-count').getByText('20').waitFor();
        // PDF at 100 x 150 (a printer added by an earlier run would otherwise be the default).
        await dialog.getByTestId('print-printer').selectOption('');
        await screenshot(page, `labels-dialog-${locale}`, { fullPage: false });
        await dialog.getByTestId('print-start').click();
        await dialog.getByTestId('print-preview').or(dialog.getByTestId('print-problem')).waitFor({ timeout: 30000 }).catch(async (e) => {
          await screenshot(page, `labels-stuck-${locale}`, { fullPage: false });
          throw e;
        });
        assert.equal(await dialog.getByTestId('print-problem').count(), 0, await dialog.getByTestId('print-problem').textContent().catch(() => ''));
        assert.equal(await dialog.getByTestId('print-failures').count(), 0, 'every order labelled');
        await screenshot(page, `labels-preview-${locale}`, { fullPage: false });
        await dialog.getByTestId('print-close').click();
        await dialog.waitFor({ state: 'hidden' });
        // The list follows: all 20 printed.
        await page.getByTestId('shipment-print-status').first().getByText(zh ? '已打印' : 'Printed').waitFor();
        const printed = await page.getByTestId('shipment-print-status').getByText(zh ? '已打印' : 'Printed').count();
        assert.equal(printed, 20);
        const listed = await suite.api('GET', `/logistics/shipment/list?keyWord=${prefix}&printStatus=printed&pageSize=50`, { token: demo });
        assert.equal(listed.total, 20);
        await screenshot(page, `labels-list-${locale}`, { fullPage: false });

        // The user's printers.
        await page.goto('/logistics/lodopPrinter');
        await tableLoaded(page, 'printer-table');
        await page.getByTestId('printer-add').click();
        const form = page.getByTestId('printer-form');
        await form.getByTestId('printer-name').fill(`Zebra ZD421 ${locale}`);
        await form.getByTestId('printer-output').selectOption('zpl');
        await form.getByTestId('printer-dpi').selectOption('300');
        await screenshot(page, `printers-form-${locale}`, { fullPage: false });
        await form.getByTestId('printer-form-submit').click();
        await form.waitFor({ state: 'hidden' });
        await page.getByTestId('printer-table').getByText(`Zebra ZD421 ${locale}`).waitFor();
        await screenshot(page, `printers-${locale}`, { fullPage: false });

        // Change label: a misread number is refused; the right one gets a new number and prints.
        const orders = await suite.api('GET', `/logistics/shipment/list?keyWord=${prefix}&pageSize=1`, { token: demo });
        const old = orders.records[0].trackNo ?? orders.records[0].sysTrackNo;
        await page.goto('/shipment/changeLabel');
        await tableLoaded(page, 'labelSwap-table');
        await page.getByTestId('swap-number').fill('AA473124828GB');
        await page.getByTestId('swap-number').press('Enter');
        await page.getByTestId('swap-problem').getByText(zh ? '校验位不正确' : 'check digit', { exact: false }).waitFor();
        await page.getByTestId('swap-number').fill(old);
        await page.getByTestId('swap-reason').fill(zh ? '标签破损' : 'torn label');
        await page.getByTestId('swap-number').press('Enter');
        await page.getByTestId('swap-done').waitFor();
        await page.getByTestId('print-dialog').getByTestId('print-printer').selectOption('');
        await page.getByTestId('print-dialog').getByTestId('print-start').click();
        await page.getByTestId('print-dialog').getByTestId('print-preview').waitFor({ timeout: 30000 });
        await page.getByTestId('print-dialog').getByTestId('print-close').click();
        await page.getByTestId('labelSwap-table').getByText(old).waitFor();
        await screenshot(page, `change-label-${locale}`, { fullPage: false });

        // A carrier's own label: the demo's UPS products take theirs from the carrier (the sandbox
        // adapter). "Print all results" gathers the filtered orders across pages.
        const ups = (await suite.api('GET', '/logistics/channelProduct/myList?pageSize=100', { token: demo })).records.find((p) => p.code === 'UPS-SAVER');
        assert.ok(ups, 'the demo network has UPS Saver');
        const upsOrder = await suite.api('POST', '/logistics/shipment/add', {
          token: demo,
          body: {
            shipmentType: 'B2C', customerCode: `${prefix}UPS`, channelProductId: ups.id, currency: 'CNY',
            consignee: { name: zh ? '王芳' : 'Mary Major', phone: '+44 20 7946 0000', country: 'GB', city: 'London', postalCode: 'EC1A 1BB', address1: '1 King St' },
            parcels: [{ reference: 'U1', length: 40, width: 30, height: 20, weight: 3.5, products: [{ frName: 'Shoes', lcName: '鞋', quantity: 1, unitPrice: '49', unitWeight: '3', frHscode: '6403990000' }] }],
          },
        });
        await suite.api('POST', '/logistics/shipment/submit', { token: demo, body: { id: upsOrder.id } });
        await page.goto(`/shipment/b2c?keyWord=${prefix}UPS`);
        await tableLoaded(page, 'shipment-table');
        await page.getByTestId('shipment-print-all').click();
        await page.getByTestId('print-dialog').getByTestId('print-count').getByText('1').waitFor();
        await page.getByTestId('print-dialog').getByTestId('print-printer').selectOption('');
        await page.getByTestId('print-dialog').getByTestId('print-start').click();
        await page.getByTestId('print-dialog').getByTestId('print-preview').waitFor({ timeout: 30000 });
        await page.waitForTimeout(1000); // the PDF viewer draws the page
        await screenshot(page, `labels-carrier-preview-${locale}`, { fullPage: false });
        await page.getByTestId('print-dialog').getByTestId('print-close').click();
        const labelled = await suite.api('GET', `/logistics/shipment/list?keyWord=${prefix}UPS`, { token: demo });
        // The carrier's number (the UPS segment's, or the sandbox's own `1ZSBX…`) is the order's.
        carrierNo = labelled.records[0].trackNo ?? '';
        assert.match(carrierNo, /^1Z/, 'the carrier number is the order\'s');
        assert.equal(labelled.records[0].printStatus, 'printed');

        // On a phone: the dialog fits.
        await page.setViewportSize(PHONE);
        await page.goto(`/shipment/b2c?keyWord=${prefix}&pageSize=20`);
        await tableLoaded(page, 'shipment-table');
        await screenshot(page, `labels-list-phone-${locale}`, { fullPage: false });
        await page.getByTestId('shipment-print-all').click();
        await page.getByTestId('print-dialog').getByTestId('print-start').waitFor();
        await page.waitForTimeout(500); // the dialog's opening animation
        await screenshot(page, `labels-dialog-phone-${locale}`, { fullPage: false });
      } finally {
        await closeContext(context);
      }

      // Staff: the print centre's editor, with the real PDF beside it.
      const staff = await suite.open(locale);
      try {
        await signIn(staff.page, 'demo_admin', DEMO_PASSWORD, '/system/printTemplate');
        await tableLoaded(staff.page, 'template-table');
        await staff.page.getByTestId('template-add').click();
        const editor = staff.page.getByTestId('template-editor');
        await editor.getByTestId('template-element').first().waitFor();
        await editor.getByTestId('template-name').fill(`Default ${locale}`);
        await editor.getByTestId('template-preview').click();
        await editor.getByTestId('template-preview-frame').waitFor();
        await staff.page.waitForTimeout(1500); // the PDF viewer draws the page
        await editor.getByTestId('template-element').first().locator('rect').click();
        await screenshot(staff.page, `print-centre-editor-${locale}`, { fullPage: false });
        await editor.getByTestId('template-save').click();
        await editor.waitFor({ state: 'hidden' });
        await staff.page.getByTestId('template-table').getByText(`Default ${locale}`).waitFor();
        await screenshot(staff.page, `print-centre-${locale}`, { fullPage: false });

        // Carrier labels: the UPS order's label is listed; the upload dialog.
        await staff.page.goto('/carrier/label');
        await tableLoaded(staff.page, 'carrierLabel-table');
        await staff.page.getByTestId('carrierLabel-table').getByText(carrierNo).waitFor();
        await screenshot(staff.page, `carrier-labels-${locale}`, { fullPage: false });
        await staff.page.getByTestId('carrier-label-upload-open').click();
        await staff.page.getByTestId('carrier-label-upload-submit').click();
        await staff.page.getByText(zh ? '请输入系统单号!' : 'Enter the order number!').waitFor();
        await screenshot(staff.page, `carrier-label-upload-${locale}`, { fullPage: false });
      } finally {
        await closeContext(staff.context);
      }
    });
  }
});
