// End-to-end: the wallet, on the demo tenant (LOGISTICS_DEMO=1), in both languages. The customer
// `demo` submits a bank recharge with its voucher; `demo_admin` confirms it from the review queue;
// the customer's payment account, trade detail and dashboard cards show it and agree with each
// other. Every wallet page is photographed on a desktop and a phone, and none scrolls sideways.
// Real server, Chromium.
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded } from './support.mjs';

const suite = appSuite();

const PHONE = { width: 390, height: 844 };
const DEMO_PASSWORD = 'Demo@2026!';

async function noSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${what} scrolls sideways by ${wide}px`);
}

/** The customer's CNY balance, as the API says (set-up checks, not under test). */
async function balance(token) {
  const page = await suite.api('GET', '/logistics/wallet/account/list?currency=CNY', { token });
  return page.records[0]?.balance ?? '0.00';
}

const voucherDir = mkdtempSync(join(tmpdir(), 'voucher-'));
const voucher = join(voucherDir, 'bank-slip.pdf');
writeFileSync(voucher, '%PDF-1.4\n% bank transfer slip\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('a recharge with a voucher, confirmed by staff, shown everywhere', () => {
  for (const [locale, amount, reference] of [
    ['zh-CN', '1288.50', 'E2E-ZH-0001'],
    ['en-US', '300.25', 'E2E-EN-0001'],
  ]) {
    test(locale, async () => {
      const demo = await suite.apiLogin('demo', DEMO_PASSWORD);
      const opening = await balance(demo);

      // The customer submits it, voucher attached.
      const customer = await suite.open(locale);
      try {
        const page = customer.page;
        await signIn(page, 'demo', DEMO_PASSWORD, '/logistics/recharge');
        await page.getByTestId('recharge-page').waitFor();
        await page.getByTestId('recharge-add').click();
        const form = page.getByTestId('recharge-form');
        await form.waitFor();
        await form.getByTestId('recharge-amount').fill('12.345');
        await form.getByTestId('recharge-out-trade-no').click();
        assert.ok(await form.getByText(locale === 'zh-CN' ? /金额/ : /Amount/).first().isVisible());
        await form.getByTestId('recharge-amount').fill(amount);
        await form.getByTestId('recharge-out-trade-no').fill(reference);
        const uploaded = page.waitForResponse((r) => r.url().includes('/boot/sys/common/upload'));
        await form.getByTestId('recharge-voucher-input').setInputFiles(voucher);
        assert.equal((await uploaded).status(), 200);
        await form.getByTestId('recharge-voucher-link').waitFor();
        await screenshot(page, `wallet-recharge-form-${locale}`, { fullPage: false });
        const added = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/wallet/recharge/add'));
        await form.getByTestId('recharge-form-submit').click();
        const answer = await added;
        assert.equal(answer.status(), 200, await answer.text());
        assert.ok(answer.request().headers()['idempotency-key'], 'the add carries an Idempotency-Key');
        await tableLoaded(page, 'recharge-table');
        await page.getByTestId('recharge-table-row').filter({ hasText: reference }).waitFor();
        await closeContext(customer.context);
      } catch (error) {
        await customer.context.close();
        throw error;
      }
      assert.equal(await balance(demo), opening, 'nothing credited before the review');

      // Staff confirm it from the review queue.
      const staff = await suite.open(locale);
      try {
        const page = staff.page;
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/logistics/recharge');
        await tableLoaded(page, 'recharge-table');
        await page.getByTestId('recharge-quick-pending').click();
        await tableLoaded(page, 'recharge-table');
        const row = page.getByTestId('recharge-table-row').filter({ hasText: reference });
        await row.getByTestId('recharge-confirm').click();
        const dialog = page.getByTestId('recharge-confirm-dialog');
        await dialog.waitFor();
        await screenshot(page, `wallet-recharge-confirm-${locale}`, { fullPage: false });
        const confirmed = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/wallet/recharge/confirm'));
        await dialog.getByRole('button', { name: locale === 'zh-CN' ? /确认/ : /Confirm/ }).last().click();
        assert.equal((await confirmed).status(), 200);
        await dialog.waitFor({ state: 'hidden' });
        await closeContext(staff.context);
      } catch (error) {
        await staff.context.close();
        throw error;
      }
      const closing = await balance(demo);
      const expected = (Math.round(Number(opening) * 100) + Math.round(Number(amount) * 100)) / 100;
      assert.equal(Number(closing), expected, `balance ${opening} + ${amount}`);

      // The customer sees it in the account, the trade detail and the dashboard, which agree.
      const again = await suite.open(locale);
      try {
        const page = again.page;
        await signIn(page, 'demo', DEMO_PASSWORD, '/logistics/payment');
        await page.getByTestId('account-cards').waitFor();
        const card = page.getByTestId('account-card').filter({ hasText: 'CNY' });
        await card.getByTestId('account-card-balance').waitFor();
        const shown = (await card.getByTestId('account-card-balance').innerText()).replace(/[^\d.]/g, '');
        assert.equal(Number(shown), expected, `the card shows ${shown}`);
        await page.goto('/logistics/trade');
        await tableLoaded(page, 'trade-table');
        const line = page.getByTestId('trade-table-row').filter({ hasText: reference }).first();
        await line.waitFor();
        assert.ok((await line.innerText()).replace(/,/g, '').includes(amount), 'the trade line shows the amount');
        const trades = await suite.api('GET', '/logistics/wallet/trade/list?tradeType=recharge&pageSize=100', { token: demo });
        const today = new Date().toISOString().slice(0, 10);
        const paidToday = trades.records
          .filter((r) => r.createTime.slice(0, 10) >= today.slice(0, 8) + '01' && r.currency === 'CNY')
          .reduce((sum, r) => sum + Math.round(Number(r.money) * 100), 0);
        // Charts drawn at once (Recharts leaves out its animation for reduced motion), for the picture.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto('/dashboard/analysis');
        const month = page.getByTestId('wallet-card-month');
        await month.waitFor();
        const dashboard = await suite.api('POST', '/sys/dashboard/payment', { token: demo, body: {} });
        const cny = dashboard.currencies.find((c) => c.currency === 'CNY');
        assert.equal(Math.round(Number(cny.balance) * 100), Math.round(expected * 100), 'the dashboard balance is the account balance');
        assert.ok(Math.round(Number(cny.month.amount) * 100) >= Math.round(Number(amount) * 100), 'the month includes it');
        assert.ok(paidToday >= Math.round(Number(amount) * 100));
        const cardBalance = (await page.getByTestId('wallet-card-balance').getByTestId('wallet-value').innerText()).replace(/[^\d.]/g, '');
        assert.equal(Number(cardBalance), expected);
        // Both charts drawn (Recharts loads with them) before the picture.
        await page.locator('[data-testid="visit-chart"] svg.recharts-surface').waitFor();
        await page.locator('[data-testid="wallet-chart"] svg.recharts-surface').waitFor();
        await screenshot(page, `wallet-dashboard-${locale}`);
        await closeContext(again.context);
      } catch (error) {
        await again.context.close();
        throw error;
      }
    });
  }
});

describe('every wallet page, in both languages, on a desktop and a phone', () => {
  const CUSTOMER_PAGES = [
    ['/logistics/payment', 'account-page', null],
    ['/logistics/recharge', 'recharge-page', 'recharge-table'],
    ['/logistics/trade', 'trade-page', 'trade-table'],
  ];
  const STAFF_PAGES = [
    ['/logistics/payment', 'account-page', 'account-table'],
    ['/logistics/recharge', 'recharge-page', 'recharge-table'],
    ['/logistics/trade', 'trade-page', 'trade-table'],
    ['/logistics/hold', 'hold-page', 'hold-table'],
    ['/logistics/reconcile', 'reconcile-page', null],
    ['/dashboard/analysis', 'wallet-stats', null],
  ];
  for (const locale of ['zh-CN', 'en-US']) {
    for (const [tag, viewport] of [
      ['desktop', undefined],
      ['phone', PHONE],
    ]) {
      test(`${locale} ${tag}`, async () => {
        for (const [who, pages] of [
          ['demo', CUSTOMER_PAGES],
          ['demo_admin', STAFF_PAGES],
        ]) {
          const { context, page } = await suite.open(locale, { viewport });
          try {
            await signIn(page, who, DEMO_PASSWORD, pages[0][0]);
            for (const [path, pageId, tableId] of pages) {
              await page.goto(path);
              await page.getByTestId(pageId).first().waitFor();
              if (tableId) await tableLoaded(page, tableId);
              await page.waitForLoadState('networkidle');
              if (path === '/logistics/reconcile') {
                await page.getByTestId('reconcile-verdict').waitFor();
                const verdict = await page.getByTestId('reconcile-status').getAttribute('data-balanced').catch(() => null);
                if (verdict !== null) assert.equal(verdict, 'true', 'the demo ledger balances');
              }
              await noSidewaysScroll(page, `${who} ${path} on ${tag}`);
              await screenshot(page, `wallet-${who}${path.replaceAll('/', '_')}-${locale}-${tag}`);
            }
            await closeContext(context);
          } catch (error) {
            await context.close();
            throw error;
          }
        }
      });
    }
  }
});
