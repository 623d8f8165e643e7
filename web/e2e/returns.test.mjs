// End-to-end: a return, on the demo tenant (LOGISTICS_DEMO=1), in both languages (real server,
// Chromium). The customer `demo` opens a return for a submitted order through the page, attaches a
// PNG and writes a comment; `demo_admin` approves it, receives it on the PDA page at 390 px
// (packaging damaged, with a note), decides "reship" and completes it: a new draft order copies the
// original. A fee of 5 is posted once through the API (a second post of the same kind with another
// Idempotency-Key is refused) and shows in the wallet as one `fee` trade whose outside number is
// the return number. Every return page is photographed in both languages.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded, fundedDemo, menuPath, submittedB2cOrder } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };
/** A 1×1 PNG: what a phone's photo of the parcel would be, as far as the server can tell. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let admin;
let demo;
const suite = appSuite(async (s) => {
  ({ admin, demo } = await fundedDemo(s, 'e2e returns'));
});

/** A submitted B2C order of the demo customer, one parcel of 1.2 kg. */
const submittedOrder = (reference) => submittedB2cOrder(suite, demo, reference);

/** Where the user's menu puts a page component. */
const pathOf = (token, component) => menuPath(suite, token, component);

/** A fee posted with its own Idempotency-Key: the HTTP status and the envelope, refusals included. */
async function postFee(returnId, amount) {
  const response = await fetch(`${suite.app.baseUrl}/boot/reverse/returnAccount/add`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en-US', 'X-Access-Token': admin, 'Idempotency-Key': randomBytes(16).toString('hex') },
    body: JSON.stringify({ returnId, kind: 'fee', amount, remark: 'e2e handling fee' }),
  });
  return { status: response.status, envelope: await response.json().catch(() => undefined) };
}

const fits = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

/** Opens the return's drawer from the list (searched by its number) and waits for its detail. */
async function openReturn(page, listPath, returnNo) {
  await page.goto(`${listPath}?keyWord=${encodeURIComponent(returnNo)}`);
  await tableLoaded(page, 'return-table');
  await page.getByTestId('return-open').filter({ hasText: returnNo }).first().click();
  await page.getByTestId('return-detail-body').waitFor();
}

/** Waits for the drawer to show the return in `status` (after an action asked it again). */
const statusIs = (page, status) => page.locator(`[data-testid="return-detail-body"][data-status="${status}"]`).waitFor({ timeout: 15_000 });

describe('returns, from the customer to the warehouse and back', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    const zh = locale === 'zh-CN';
    test(`open, attach, comment, approve, receive on the PDA, reship, fee once (${locale})`, async () => {
      const tag = `${locale.slice(0, 2).toUpperCase()}${Date.now() % 100000}`;
      const order = await submittedOrder(`RT-${tag}`);
      const customerList = await pathOf(demo, 'reverse/ReturnList');
      const staffList = await pathOf(admin, 'reverse/ReturnList');
      const pdaPath = await pathOf(admin, 'reverse/PdaReturnReceive');
      let returnId;
      let returnNo;

      // The customer opens the return through the page, attaches a photo and writes a comment.
      let { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, customerList);
        await tableLoaded(page, 'return-table');
        await page.getByTestId('return-add').click();
        const form = page.getByTestId('return-form');
        await form.waitFor();
        // Core refuses "other" without a detail in the browser: nothing is sent.
        await form.getByTestId('return-form-number').fill(order.serialNumber);
        await form.getByTestId('return-form-reason').selectOption('other');
        await form.getByTestId('return-form-submit').click();
        await form.getByText(zh ? '原因为“其他”时请填写说明' : 'Describe the reason when it is', { exact: false }).first().waitFor();
        await form.getByTestId('return-form-reason').selectOption('refused');
        await screenshot(page, `returns-new-${locale}`, { fullPage: false });
        const added = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/add'));
        await form.getByTestId('return-form-submit').click();
        const created = await (await added).json();
        assert.equal(created.success, true, JSON.stringify(created));
        ({ id: returnId, returnNo } = created.result);
        assert.equal(created.result.status, 'requested');
        assert.equal(created.result.serialNumber, order.serialNumber);

        // The new return opens in its drawer: the customer may cancel, decide and attach, never approve.
        await page.getByTestId('return-detail-body').waitFor();
        await page.getByTestId('return-action-cancel').waitFor();
        assert.equal(await page.getByTestId('return-action-approve').count(), 0);

        await page.getByTestId('return-tab-attachments').click();
        const uploaded = page.waitForResponse((r) => r.url().includes('/boot/reverse/returnAttachment/upload'));
        await page.getByTestId('return-attachment-input').setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: PNG });
        const upload = await (await uploaded).json();
        assert.equal(upload.success, true, JSON.stringify(upload));
        await page.getByTestId('return-attachment').filter({ hasText: 'parcel.png' }).waitFor();
        await screenshot(page, `returns-attachments-${locale}`, { fullPage: false });

        await page.getByTestId('return-tab-comments').click();
        const comment = zh ? '收件人拒收，请尽快处理。' : 'Refused at the door, please handle it quickly.';
        await page.getByTestId('return-comment-input').fill(comment);
        const commented = page.waitForResponse((r) => r.url().includes('/boot/reverse/returnComment/add'));
        await page.getByTestId('return-comment-send').click();
        assert.equal((await (await commented).json()).success, true);
        await page.locator('[data-testid="return-comment"][data-mine="true"]').filter({ hasText: comment }).waitFor();
        await page.waitForTimeout(600); // the drawer's slide-in and the toasts
        await screenshot(page, `returns-drawer-customer-${locale}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await tableLoaded(page, 'return-table');
        await page.getByText(returnNo).first().waitFor();
        await screenshot(page, `returns-list-customer-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Staff approve it.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, staffList);
        await openReturn(page, staffList, returnNo);
        const approved = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/approve'));
        await page.getByTestId('return-action-approve').click();
        assert.equal((await (await approved).json()).success, true);
        await statusIs(page, 'approved');
        // The customer's comment is there, on the other side.
        await page.locator('[data-testid="return-comment"][data-side="customer"][data-mine="false"]').first().waitFor();
        await screenshot(page, `returns-drawer-approved-${locale}`, { fullPage: false });
      } finally {
        await closeContext(context);
      }

      // The warehouse receives it on the phone: packaging damaged, with a note.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, pdaPath);
        const number = page.getByTestId('return-receive-number');
        await number.waitFor();
        await page.getByTestId('return-receive-condition-damagedPackaging').click();
        // Not intact and no note: core refuses it in the browser.
        await number.fill(order.sysTrackNo || returnNo);
        await number.press('Enter');
        await page.getByText(zh ? '包裹不完好时请写明情况' : 'Describe what is wrong when the parcel is not intact', { exact: false }).first().waitFor();
        await page.getByTestId('return-receive-remark').fill(zh ? '外箱一角压扁' : 'One corner of the box crushed');
        await screenshot(page, `returns-pda-form-${locale}`);
        const received = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/receive'));
        await number.press('Enter');
        const answer = await (await received).json();
        assert.equal(answer.success, true, JSON.stringify(answer));
        assert.equal(answer.result.returnNo, returnNo);
        assert.equal(answer.result.status, 'received');
        assert.equal(answer.result.condition, 'damagedPackaging');
        await page.getByTestId('return-receive-result').getByText(returnNo).waitFor();
        assert.ok(await fits(page), 'the receiving page fits the phone');
        await screenshot(page, `returns-pda-received-${locale}`);
        // A second scan of the same number is refused by the server, its message shown as it is.
        const again = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/receive'));
        await number.fill(returnNo);
        await number.press('Enter');
        const refused = await (await again).json();
        assert.equal(refused.success, false);
        await page.getByTestId('return-receive-problem').waitFor();
        await page.locator('[data-testid="return-receive-scan"][data-state="failed"]').first().waitFor();
        assert.ok(await fits(page), 'the refusal fits the phone');
        await screenshot(page, `returns-pda-refused-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Staff decide "reship" and complete it: a new draft order copies the original.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, staffList);
        await openReturn(page, staffList, returnNo);
        await statusIs(page, 'received');
        await page.getByTestId('return-action-decide').click();
        const decideForm = page.getByTestId('return-decide-form');
        await decideForm.waitFor();
        await decideForm.getByTestId('return-decide-decision').selectOption('reship');
        await decideForm.getByTestId('return-decide-remark').fill(zh ? '客户确认新地址后重派' : 'Reship once the customer confirms the new address');
        const decided = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/decide'));
        await decideForm.getByTestId('return-decide-form-submit').click();
        assert.equal((await (await decided).json()).success, true);
        await page.getByTestId('return-fact-decided-by').waitFor();
        await page.getByTestId('return-action-complete').click();
        const completed = page.waitForResponse((r) => r.url().includes('/boot/reverse/return/complete'));
        await page.getByTestId('return-complete-confirm-confirm').click();
        assert.equal((await (await completed).json()).success, true);
        await statusIs(page, 'completed');
        await page.getByTestId('return-reship-link').waitFor();
        await page.getByTestId('return-tab-tracks').click();
        await page.getByTestId('return-track').first().waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `returns-drawer-completed-${locale}`, { fullPage: false });
      } finally {
        await closeContext(context);
      }

      const done = await suite.api('GET', `/reverse/return/queryById?id=${returnId}`, { token: admin });
      assert.equal(done.status, 'completed');
      assert.equal(done.decision, 'reship');
      assert.equal(done.condition, 'damagedPackaging');
      assert.ok(done.reshipShipmentId, 'completing a reship makes a new order');
      const reship = await suite.api('GET', `/logistics/shipment/queryById?id=${done.reshipShipmentId}`, { token: demo });
      assert.equal(reship.shipmentStatus, 'draft');
      assert.notEqual(reship.id, order.id);
      assert.equal(reship.serialNumber, done.reshipSerialNumber);

      // A fee of 5, once: another key for the same kind is refused, and the wallet has one fee trade.
      const fee = await postFee(returnId, '5');
      assert.equal(fee.status, 200, JSON.stringify(fee.envelope));
      assert.equal(fee.envelope.success, true, JSON.stringify(fee.envelope));
      const twice = await postFee(returnId, '5');
      assert.ok([400, 409].includes(twice.status), `a second fee is refused (answered ${twice.status}: ${JSON.stringify(twice.envelope)})`);
      assert.equal(twice.envelope?.success, false);
      const trades = await suite.api('GET', `/logistics/wallet/trade/list?tradeType=fee&outTradeNo=${encodeURIComponent(returnNo)}`, { token: admin });
      assert.equal(trades.total, 1, 'one fee trade');
      assert.equal(trades.records[0].outTradeNo, returnNo);
      assert.equal(trades.records[0].tradeType, 'fee');

      // Staff's list and the lists of the returns' parts, photographed.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, staffList);
        await tableLoaded(page, 'return-table');
        await page.getByText(returnNo).first().waitFor();
        await screenshot(page, `returns-list-staff-${locale}`);
        await openReturn(page, staffList, returnNo);
        await page.getByTestId('return-tab-accounts').click();
        await page.getByTestId('return-account').first().waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `returns-drawer-fee-${locale}`, { fullPage: false });
        for (const [component, part] of [
          ['reverse/ReturnAccountList', 'account'],
          ['reverse/ReturnAttachmentList', 'attachment'],
          ['reverse/ReturnCommentList', 'comment'],
          ['reverse/ReturnTrackList', 'track'],
        ]) {
          await page.goto(await pathOf(admin, component));
          await tableLoaded(page, `return-${part}-table`);
          await page.getByText(returnNo).first().waitFor();
          await screenshot(page, `returns-${part}-list-${locale}`);
        }
      } finally {
        await closeContext(context);
      }

      // The customer's list on a phone: nothing scrolls sideways.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, customerList);
        await tableLoaded(page, 'return-table');
        assert.ok(await fits(page), 'the return list fits the phone');
        await screenshot(page, `returns-list-phone-${locale}`);
      } finally {
        await closeContext(context);
      }
    });
  }
});
