// End-to-end: shipment orders on the demo tenant (LOGISTICS_DEMO=1), in both languages. The
// customer `demo` creates a B2C order in the order drawer, picks the cheapest live quote, sees the
// charge, submits (the wallet holds exactly that charge) and cancels (the hold is released); then
// imports a workbook with one bad row (the dry run names the cell, nothing is created), fixes it
// and imports with the progress bar to the end. The list is photographed on a phone too.
// Real server, Chromium.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, settledReading, signIn, tableLoaded } from './support.mjs';
import { xlsx } from './xlsx.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

const suite = appSuite(async (s) => {
  // Money for the orders: staff credit the demo customer's CNY wallet.
  const admin = await s.apiLogin('demo_admin', DEMO_PASSWORD);
  const demo = await s.apiLogin('demo', DEMO_PASSWORD);
  const info = await s.api('GET', '/sys/user/getUserInfo', { token: demo });
  const customerId = info.userInfo?.id ?? info.id;
  await s.api('POST', '/logistics/wallet/adjust', { token: admin, body: { customerId, currency: 'CNY', direction: 'credit', amount: '5000', reason: 'e2e orders' } });
});

async function held(token) {
  const page = await suite.api('GET', '/logistics/wallet/account/list?currency=CNY', { token });
  return page.records[0]?.held ?? '0.00';
}

async function noSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${what} scrolls sideways by ${wide}px`);
}

const HEADING = ['customerCode', 'name', 'phone', 'country', 'state', 'city', 'postalCode', 'address1', 'reference', 'length', 'width', 'height', 'weight', 'frName', 'hsCode', 'quantity', 'unitPrice'];
const line = (code, postal) => [code, 'Ann Lee', '+1 212 555 0100', 'US', 'NY', 'New York', postal, '1 Main St', 'P1', '30', '20', '10', '1.5', 'T-shirt', '6109100000', '2', '9.9'];

describe('B2C orders: create, charge, submit, cancel, import', () => {
  for (const locale of ['zh-CN', 'en-US']) {
    test(locale, async () => {
      const demo = await suite.apiLogin('demo', DEMO_PASSWORD);
      const tag = locale === 'zh-CN' ? 'ZH' : 'EN';
      const reference = `E2E-${tag}-${Date.now() % 100000}`;
      const { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/b2c');
        await tableLoaded(page, 'shipment-table');
        await page.getByTestId('shipment-add').click();
        const form = page.getByTestId('shipment-form');
        await form.getByTestId('shipment-customer-code').fill(reference);
        await form.getByTestId('shipment-consignee-name').fill('Ann Lee');
        await form.getByTestId('shipment-consignee-phone').fill('+1 212 555 0100');
        await form.getByTestId('shipment-consignee-country').selectOption('US');
        await form.getByTestId('shipment-consignee-state').fill('NY');
        await form.getByTestId('shipment-consignee-city').fill('New York');
        await form.getByTestId('shipment-consignee-postalCode').fill('ABC');
        await form.getByTestId('shipment-consignee-address1').click();
        // Core's postal rule, as the user types, in the user's language.
        await form.getByText(locale === 'zh-CN' ? /邮编/ : /postal code/i).first().waitFor();
        await form.getByTestId('shipment-consignee-postalCode').fill('10001');
        await form.getByTestId('shipment-consignee-address1').fill('1 Main St');
        for (const [field, value] of [['length', '30'], ['width', '20'], ['height', '10'], ['weight', '1.5']]) {
          await form.getByTestId(`shipment-parcel-${field}`).fill(value);
        }
        await form.getByTestId('shipment-product-frName').fill('T-shirt');
        await form.getByTestId('shipment-product-quantity').fill('2');
        await form.getByTestId('shipment-product-unitPrice').fill('9.9');
        await form.getByTestId('shipment-product-unitWeight').fill('0.6');
        const quote = form.getByTestId('shipment-quote').first();
        await quote.waitFor();
        const total = await settledReading(async () => (await quote.getByTestId('shipment-quote-total').innerText()).split(' ')[0]);
        await quote.click();
        await form.getByTestId('shipment-charge').waitFor();
        assert.match(await form.getByTestId('shipment-charge').innerText(), new RegExp(total.replace('.', '\\.')));
        await screenshot(page, `shipment-form-${locale}`, { fullPage: false });

        await form.getByTestId('shipment-save-submit').click();
        const confirm = page.getByTestId('shipment-submit-confirm');
        await confirm.waitFor();
        assert.match(await confirm.innerText(), new RegExp(total.replace('.', '\\.')));
        const submitted = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/shipment/submit'));
        await page.getByTestId('shipment-submit-confirm-confirm').click();
        const answer = await submitted;
        assert.equal(answer.status(), 200, await answer.text());
        assert.equal((await answer.json()).result.deductAmount, total, 'the hold is the quote the customer saw');
        assert.equal(await held(demo), total);

        await tableLoaded(page, 'shipment-table');
        const row = page.getByTestId('shipment-table-row').filter({ hasText: reference });
        await row.getByTestId('shipment-status').filter({ hasText: locale === 'zh-CN' ? '已提交' : 'Submitted' }).waitFor();
        // The order's drawer has closed (not photographed mid-way out).
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await screenshot(page, `shipment-list-${locale}`);
        await row.getByTestId('shipment-cancel').click();
        const cancelled = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/shipment/cancel'));
        await page.getByTestId('shipment-cancel-confirm-confirm').click();
        assert.equal((await cancelled).status(), 200);
        await row.getByTestId('shipment-status').filter({ hasText: locale === 'zh-CN' ? '已取消' : 'Cancelled' }).waitFor();
        assert.equal(await held(demo), '0.00', 'cancelling released the hold');

        // Import: one bad postal code is named by row and column; fixed, the file imports.
        const dir = mkdtempSync(join(tmpdir(), 'orders-'));
        const bad = join(dir, 'orders-bad.xlsx');
        const good = join(dir, 'orders.xlsx');
        writeFileSync(bad, xlsx([HEADING, line(`${reference}-I1`, '10001'), line(`${reference}-I2`, 'ABCDE')]));
        writeFileSync(good, xlsx([HEADING, line(`${reference}-I1`, '10001'), line(`${reference}-I2`, '10002')]));
        await page.getByTestId('shipment-import-open').click();
        const wizard = page.getByTestId('shipment-import');
        await wizard.getByTestId('shipment-import-file').setInputFiles(bad);
        await wizard.getByTestId('shipment-import-error').first().waitFor();
        assert.equal(await wizard.getByTestId('shipment-import-error').count(), 1);
        assert.match(await wizard.getByTestId('shipment-import-error').innerText(), /3\s+postalCode/);
        await screenshot(page, `shipment-import-errors-${locale}`, { fullPage: false });
        await wizard.getByTestId('shipment-import-again').click();
        await wizard.getByTestId('shipment-import-file').setInputFiles(good);
        await wizard.getByTestId('shipment-import-commit').click();
        await wizard.getByTestId('shipment-import-done').waitFor({ timeout: 30_000 });
        assert.equal(await wizard.getByTestId('shipment-import-progress').innerText(), '2 / 2');
        await screenshot(page, `shipment-import-done-${locale}`, { fullPage: false });
        await wizard.getByTestId('shipment-import-close').click();
        await page.getByTestId('shipment-table-row').filter({ hasText: `${reference}-I2` }).waitFor();
        await closeContext(context);
      } catch (error) {
        await screenshot(page, `shipment-failure-${locale}`).catch(() => {});
        await context.close();
        throw error;
      }

      // The list on a phone: usable, nothing scrolls sideways.
      const phone = await suite.open(locale, { viewport: PHONE });
      try {
        await signIn(phone.page, 'demo', DEMO_PASSWORD, '/shipment/b2c');
        await tableLoaded(phone.page, 'shipment-table');
        await screenshot(phone.page, `shipment-list-390-${locale}`);
        await noSidewaysScroll(phone.page, 'the B2C list at 390 px');
        await closeContext(phone.context);
      } catch (error) {
        await phone.context.close();
        throw error;
      }
    });
  }
});
