// A parcel's whole journey, in one browser run per language, from a fresh server (issue 23). A new
// customer registers through the demo forwarder's link, recharges with a bank slip, and staff
// confirm it; the customer forecasts, creates and submits a B2C order (UPS, whose label comes from
// the carrier) and an FBA order (two boxes by sea to an Amazon warehouse), each charged exactly the
// quote it saw, and prints both labels. The warehouse weighs the B2C parcel heavier than declared
// (the charge follows, as a re-weigh trade), receives the boxes, sort-packs them, puts the packages
// in an out-batch and hands it over; staff book the carrier's pickup and close its manifest. The
// carrier's signed webhook reports the parcel delivered; the public tracking page, signed out on a
// phone, says so. The three dashboards (shipment, trade, payment) agree with the trade records and
// the order lists, and the customer's home page shows the same figures.
//
// What staff set up before a customer can ship (the customer's price levels on the forwarder's
// products, the forwarder's own warehouse for the pickup) and the customer's Amazon depot are
// made through the API: their pages have tests of their own. Everything else is the browser.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { deploy } from './deployments.mjs';
import { apiClient, closeContext, launchBrowser, menuPath, newPage, screenshot, settledReading, signIn, tableLoaded } from './support.mjs';

const STAFF = 'demo_admin';
const PASSWORD = 'Demo@2026!';
const DEMO_TENANT = 2;
const PHONE = { width: 390, height: 844 };
const LOCALES = (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',');

const cents = (text) => Math.round(Number(String(text).replace(/[^\d.-]/g, '')) * 100);
/** The first decimal amount in a text (`1,234.50 CNY` → 123450 cents). */
const amountIn = (text) => cents(/-?[\d,]+\.\d{2}/.exec(text)?.[0].replaceAll(',', '') ?? 'NaN');

/** The amount a live quote shows once its input has settled (see `settledReading`). */
const settledAmount = (locator, expected) => settledReading(async () => amountIn(await locator.innerText()), expected);

/** Saves the order drawer's form and submits it, confirmed: the submit call's envelope. */
async function saveAndSubmit(page, form) {
  await form.getByTestId('shipment-save-submit').click();
  const confirm = page.getByTestId('shipment-submit-confirm-confirm');
  try {
    await confirm.waitFor({ timeout: 15_000 });
  } catch {
    const problems = await form.locator('[data-part="error-text"], [data-testid="shipment-form-error"]').allInnerTexts();
    throw new Error(`the order was not saved for submission: ${problems.join(' | ') || 'no message shown'}`);
  }
  const submitted = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/shipment/submit'));
  await confirm.click();
  return (await submitted).json();
}

const voucherDir = mkdtempSync(join(tmpdir(), 'journey-'));
const voucher = join(voucherDir, 'bank-slip.pdf');
writeFileSync(voucher, '%PDF-1.4\n% bank transfer slip\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The journey on deployment `kind` (see deployments.mjs), once per language (`E2E_LOCALES`, or
 * `locales`).
 */
export function journey(kind, { locales = LOCALES } = {}) {
  const run = {};
  before(async () => {
    run.app = await deploy(kind);
    run.browser = await launchBrowser();
    Object.assign(run, apiClient(run.app.baseUrl));
    run.staff = await run.apiLogin(STAFF, PASSWORD);
  });
  after(async () => {
    await run.browser?.close();
    await run.app?.stop();
  });

  const open = async (locale, viewport) => {
    const { context, page } = await newPage(run.browser, run.app.baseUrl, { locale, viewport });
    await context.addCookies([{ name: 'client_lang', value: locale, url: run.app.baseUrl }]);
    return { context, page };
  };
  /** Runs `steps(page)` in a fresh context, closing it (and failing on page errors) after. */
  const inBrowser = async (locale, steps, { viewport, shot } = {}) => {
    const { context, page } = await open(locale, viewport);
    try {
      await steps(page);
    } catch (error) {
      if (shot) await screenshot(page, `${shot}-failure`).catch(() => {});
      await context.close();
      throw error;
    }
    await closeContext(context);
  };

  describe(`the whole journey on ${kind}`, () => {
    for (const locale of locales) {
      const zh = locale === 'zh-CN';
      const shot = (name) => `journey-${kind}-${name}-${locale}`;
      test(`${locale}: register, recharge, forecast, order, label, weigh, pack, hand over, manifest, deliver, dashboards`, async () => {
        const tag = `${kind.slice(0, 2)}${locale.slice(0, 2)}${Date.now() % 100000}`.toLowerCase();
        const account = {
          username: `jr_${tag}`,
          password: 'Journey@2026!',
          phone: `139${String(Date.now() % 100_000_000).padStart(8, '0')}`,
          email: `ops@${tag}.example.com`,
          company: zh ? `深圳市${tag}国际物流有限公司` : `${tag.toUpperCase()} Freight Ltd`,
        };
        const rechargeAmount = zh ? '5000.00' : '4200.50';
        const bankRef = `BANK-${tag.toUpperCase()}`;

        // 1. Registration through the forwarder's link, in four steps (SMS code from the log).
        await inBrowser(locale, async (page) => {
          await page.goto(`/user/register?tenantId=${DEMO_TENANT}`);
          await page.getByTestId('register-card').waitFor();
          await page.getByTestId('register-username').fill(account.username);
          await page.getByTestId('unique-free').waitFor();
          await page.getByTestId('register-password').fill(account.password);
          await page.getByTestId('register-confirm').fill(account.password);
          await page.getByTestId('register-next').click();
          await page.getByTestId('register-phone').fill(account.phone);
          const mark = run.app.logMark();
          await page.getByTestId('get-code').click();
          await page.getByTestId('register-smscode').fill(await run.app.smsCode(account.phone, mark));
          await page.getByTestId('register-email').fill(account.email);
          await page.getByTestId('unique-free').last().waitFor();
          await page.getByTestId('register-next').click();
          await page.getByTestId('register-company').fill(account.company);
          await page.getByTestId('register-contact').fill(zh ? '陈静' : 'Grace Hopper');
          await page.getByTestId('register-country').selectOption('CN');
          await page.getByTestId('register-address').fill(zh ? '深圳市南山区科技园 1 号' : '1 Science Park, Shenzhen');
          await page.getByTestId('register-next').click();
          await page.getByTestId('register-review').waitFor();
          await page.getByTestId('register-submit').click();
          await page.waitForURL(/\/user\/register-result/);
          assert.ok((await page.getByTestId('register-result-username').innerText()).includes(account.username));
          await screenshot(page, shot('registered'));
        }, { shot: shot('register') });
        const customer = await run.apiLogin(account.username, account.password);
        const me = await run.api('GET', '/sys/user/getUserInfo', { token: customer });
        const customerId = me.userInfo?.id ?? me.id;
        assert.equal(me.userInfo?.tenantId ?? me.tenantId, DEMO_TENANT, 'registered in the forwarder that sent the link');

        // Staff's onboarding (API): the customer's price levels on every product, a warehouse for pickups.
        const products = await run.api('GET', '/logistics/channelProduct/list?pageSize=100', { token: run.staff });
        for (const product of products.records) {
          await run.api('POST', '/logistics/priceLevel/add', { token: run.staff, body: { customerId, productId: product.id, markupPercent: '5' } });
        }
        const warehouse = await run.api('POST', '/logistics/platformDepot/add', {
          token: run.staff,
          body: {
            code: `WH-${tag.toUpperCase()}`, name: `深圳仓${tag}`, nameEn: `Shenzhen warehouse ${tag}`, depotType: 'warehouse', country: 'CN', state: '广东', city: '深圳',
            postalCode: '518000', address: '宝安区福永街道 1 号', contact: '王五', phone: '13800000000', status: 1,
          },
        });
        // The customer's Amazon warehouse (its address from the seeded list).
        const depot = await run.api('POST', '/logistics/depot/add', { token: customer, body: { depotId: 'LGB8' } });

        // 2. The customer recharges with the bank slip; staff confirm it.
        await inBrowser(locale, async (page) => {
          await signIn(page, account.username, account.password, '/logistics/recharge');
          await page.getByTestId('recharge-add').click();
          const form = page.getByTestId('recharge-form');
          await form.getByTestId('recharge-amount').fill(rechargeAmount);
          await form.getByTestId('recharge-out-trade-no').fill(bankRef);
          const uploaded = page.waitForResponse((r) => r.url().includes('/boot/sys/common/upload'));
          await form.getByTestId('recharge-voucher-input').setInputFiles(voucher);
          assert.equal((await uploaded).status(), 200);
          await form.getByTestId('recharge-voucher-link').waitFor();
          const added = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/wallet/recharge/add'));
          await form.getByTestId('recharge-form-submit').click();
          assert.equal((await added).status(), 200);
          await page.getByTestId('recharge-table-row').filter({ hasText: bankRef }).waitFor();
        }, { shot: shot('recharge') });
        await inBrowser(locale, async (page) => {
          await signIn(page, STAFF, PASSWORD, '/logistics/recharge');
          await tableLoaded(page, 'recharge-table');
          await page.getByTestId('recharge-quick-pending').click();
          await tableLoaded(page, 'recharge-table');
          const row = page.getByTestId('recharge-table-row').filter({ hasText: bankRef });
          // The voucher the customer uploaded opens for staff (on either instance).
          await row.getByTestId('recharge-confirm').click();
          const dialog = page.getByTestId('recharge-confirm-dialog');
          await dialog.waitFor();
          const confirmed = page.waitForResponse((r) => r.url().endsWith('/boot/logistics/wallet/recharge/confirm'));
          await dialog.getByRole('button', { name: zh ? /确认/ : /Confirm/ }).last().click();
          assert.equal((await confirmed).status(), 200);
          await dialog.waitFor({ state: 'hidden' });
        }, { shot: shot('confirm') });
        const account0 = (await run.api('GET', '/logistics/wallet/account/list?currency=CNY', { token: customer })).records[0];
        assert.equal(cents(account0.balance), cents(rechargeAmount), 'the confirmed recharge is the balance');

        // 3. The forecast, then the B2C order in the drawer: the charge is the forecast, to the cent.
        const b2cRef = `JR-${tag.toUpperCase()}-B2C`;
        let forecastCents;
        let b2c;
        await inBrowser(locale, async (page) => {
          await signIn(page, account.username, account.password, '/logistics/priceForecast');
          await page.getByTestId('forecast-as-of').waitFor({ timeout: 30_000 });
          const country = page.getByTestId('forecast-country-input');
          await country.click();
          await country.fill('US');
          await page.getByTestId('forecast-country-option').filter({ has: page.getByText('US', { exact: true }) }).first().click();
          await page.getByTestId('forecast-postal').fill('10001');
          await page.getByTestId('forecast-trade-B2C').click();
          // The goods' value, as the order will declare it (two T-shirts at 9.90).
          await page.getByTestId('forecast-declared').fill('19.8');
          const row = page.getByTestId('forecast-parcel-row').first();
          for (const [field, value] of [['length', '30'], ['width', '20'], ['height', '10'], ['weight', '1.2'], ['quantity', '1']]) {
            await row.getByTestId(`forecast-parcel-${field}`).fill(value);
          }
          const ups = page.getByTestId('forecast-quote').filter({ has: page.getByTestId('forecast-quote-code').getByText('UPS-SAVER', { exact: true }) });
          await ups.waitFor();
          forecastCents = await settledAmount(ups.getByTestId('forecast-quote-total'));
          assert.ok(forecastCents > 0, 'UPS quotes the parcel');
          await screenshot(page, shot('forecast'));

          await page.goto('/shipment/b2c');
          await tableLoaded(page, 'shipment-table');
          await page.getByTestId('shipment-add').click();
          const form = page.getByTestId('shipment-form');
          await form.getByTestId('shipment-customer-code').fill(b2cRef);
          await form.getByTestId('shipment-consignee-name').fill(zh ? '李安' : 'Ann Lee');
          await form.getByTestId('shipment-consignee-phone').fill('+1 212 555 0100');
          await form.getByTestId('shipment-consignee-country').selectOption('US');
          await form.getByTestId('shipment-consignee-state').fill('NY');
          await form.getByTestId('shipment-consignee-city').fill('New York');
          await form.getByTestId('shipment-consignee-postalCode').fill('10001');
          await form.getByTestId('shipment-consignee-address1').fill('350 5th Ave');
          for (const [field, value] of [['length', '30'], ['width', '20'], ['height', '10'], ['weight', '1.2']]) {
            await form.getByTestId(`shipment-parcel-${field}`).fill(value);
          }
          await form.getByTestId('shipment-product-frName').fill('T-shirt');
          await form.getByTestId('shipment-product-quantity').fill('2');
          await form.getByTestId('shipment-product-unitPrice').fill('9.9');
          await form.getByTestId('shipment-product-unitWeight').fill('0.3');
          const quote = form.getByTestId('shipment-quote').filter({ hasText: 'UPS-SAVER' });
          await quote.waitFor();
          assert.equal(await settledAmount(quote.getByTestId('shipment-quote-total'), forecastCents), forecastCents, 'the order form quotes what the forecast did');
          await quote.click();
          await form.getByTestId('shipment-charge').waitFor();
          const answer = await saveAndSubmit(page, form);
          assert.equal(answer.success, true, JSON.stringify(answer));
          assert.equal(cents(answer.result.deductAmount), forecastCents, 'the charge is the forecast, to the cent');
          b2c = answer.result;
          await page.getByRole('dialog').waitFor({ state: 'hidden' });
          await page.getByTestId('shipment-table-row').filter({ hasText: b2cRef }).waitFor();
        }, { shot: shot('b2c') });

        // 4. The FBA order: two boxes of 12 kg to the Amazon warehouse, by sea.
        // `FBA` and 8 to 10 capitals or digits.
        const fbaCode = `FBA15${tag.toUpperCase().slice(0, 4)}${tag.slice(-4)}`;
        let fba;
        await inBrowser(locale, async (page) => {
          await signIn(page, account.username, account.password, '/shipment/fba');
          await tableLoaded(page, 'shipment-table');
          await page.getByTestId('shipment-add').click();
          const form = page.getByTestId('shipment-form');
          await form.getByTestId('shipment-customer-code').fill(`JR-${tag.toUpperCase()}-FBA`);
          const depotSelect = form.getByTestId('shipment-depot');
          await depotSelect.locator(`option[value="${depot.id}"]`).waitFor({ state: 'attached' });
          await depotSelect.selectOption(depot.id);
          await form.getByTestId('shipment-fba-code').fill(fbaCode);
          await form.getByTestId('shipment-po-code').fill('2Q3W4E5R');
          // The depot's address fills the consignee (the Amazon warehouse).
          await page.waitForFunction(() => document.querySelector('input[data-testid="shipment-consignee-city"]')?.value);
          assert.equal(await form.getByTestId('shipment-consignee-country').inputValue(), depot.country);
          assert.equal(await form.getByTestId('shipment-consignee-postalCode').inputValue(), depot.postalCode);
          await form.getByTestId('shipment-add-parcel').click();
          for (let box = 0; box < 2; box += 1) {
            const parcel = form.getByTestId('shipment-parcel').nth(box);
            await parcel.getByTestId('shipment-parcel-fba').fill(`${fbaCode}U00000${box + 1}`);
            for (const [field, value] of [['length', '40'], ['width', '30'], ['height', '30'], ['weight', '12']]) {
              await parcel.getByTestId(`shipment-parcel-${field}`).fill(value);
            }
            await parcel.getByTestId('shipment-product-frName').fill('Mugs');
            await parcel.getByTestId('shipment-product-quantity').fill('24');
            await parcel.getByTestId('shipment-product-unitPrice').fill('3.5');
            await parcel.getByTestId('shipment-product-unitWeight').fill('0.4');
          }
          const quote = form.getByTestId('shipment-quote').filter({ hasText: 'FBA-SEA' });
          await quote.waitFor();
          const quoted = await settledAmount(quote.getByTestId('shipment-quote-total'));
          await quote.click();
          await form.getByTestId('shipment-charge').waitFor();
          await screenshot(page, shot('fba-form'), { fullPage: false });
          const answer = await saveAndSubmit(page, form);
          assert.equal(answer.success, true, JSON.stringify(answer));
          assert.equal(cents(answer.result.deductAmount), quoted, 'the FBA charge is its quote');
          fba = answer.result;
          await page.getByRole('dialog').waitFor({ state: 'hidden' });
        }, { shot: shot('fba') });
        b2c = await run.api('GET', `/logistics/shipment/queryById?id=${b2c.id}`, { token: customer });
        fba = await run.api('GET', `/logistics/shipment/queryById?id=${fba.id}`, { token: customer });
        assert.equal(fba.parcels.length, 2);

        // 5. Labels: each list's order printed from the list (the carrier's label for UPS).
        await inBrowser(locale, async (page) => {
          await signIn(page, account.username, account.password, '/shipment/b2c');
          for (const [path, order] of [['/shipment/b2c', b2c], ['/shipment/fba', fba]]) {
            await page.goto(`${path}?keyWord=${order.serialNumber}`);
            await tableLoaded(page, 'shipment-table');
            await page.getByTestId('shipment-print-all').click();
            const dialog = page.getByTestId('print-dialog');
            await dialog.getByTestId('print-count').getByText('1').waitFor();
            await dialog.getByTestId('print-printer').selectOption('');
            await dialog.getByTestId('print-start').click();
            await dialog.getByTestId('print-preview').or(dialog.getByTestId('print-problem')).waitFor({ timeout: 30_000 });
            assert.equal(await dialog.getByTestId('print-problem').count(), 0, await dialog.getByTestId('print-problem').textContent().catch(() => ''));
            await page.waitForTimeout(800); // the PDF viewer draws the label
            await screenshot(page, shot(`label${path.replaceAll('/', '-')}`), { fullPage: false });
            await dialog.getByTestId('print-close').click();
            await dialog.waitFor({ state: 'hidden' });
            await page.getByTestId('shipment-print-status').getByText(zh ? '已打印' : 'Printed').first().waitFor();
          }
        }, { shot: shot('labels') });

        // 6. The warehouse, on a phone: the B2C parcel weighs 2.6 kg, not 1.2; the boxes as declared.
        let intake;
        await inBrowser(locale, async (page) => {
          await signIn(page, STAFF, PASSWORD, '/warehouse/intoParcel');
          const weigh = async (number, weight) => {
            await page.getByTestId('intake-number').fill(number);
            await page.getByTestId('intake-number').press('Enter');
            await page.getByTestId('intake-weight').fill(weight);
            const answered = page.waitForResponse((r) => r.url().includes('/boot/logistics/inbound/intake'));
            await page.getByTestId('intake-weight').press('Enter');
            const result = await (await answered).json();
            assert.equal(result.success, true, JSON.stringify(result));
            await page.getByTestId('intake-result').waitFor();
            return result.result;
          };
          intake = await weigh(b2c.sysTrackNo, '2.6');
          assert.equal(await page.getByTestId('intake-adjustment').getAttribute('data-kind'), 'charged');
          await screenshot(page, shot('intake'));
          for (const box of fba.parcels) await weigh(box.sysTrackNo, '12');
        }, { viewport: PHONE, shot: shot('intake') });
        assert.ok(cents(intake.chargedAmount) > forecastCents, 'heavier costs more');
        b2c = await run.api('GET', `/logistics/shipment/queryById?id=${b2c.id}`, { token: customer });
        assert.equal(b2c.shipmentStatus, 'received');
        assert.equal(cents(b2c.deductAmount), cents(intake.chargedAmount), 'the order is charged the re-quote');

        // 7. Sort-pack into packages (one per channel), then the PDA out-pack: a batch, handed over.
        const packages = new Set();
        let handedOverAt = 0;
        await inBrowser(locale, async (page) => {
          await signIn(page, STAFF, PASSWORD, '/warehouse/sortPack');
          for (const number of [b2c.sysTrackNo, ...fba.parcels.map((p) => p.sysTrackNo)]) {
            const packed = page.waitForResponse((r) => r.url().includes('/boot/logistics/outPackage/pack'));
            await page.getByTestId('sort-pack-number').fill(number);
            await page.getByTestId('sort-pack-number').press('Enter');
            const answer = await (await packed).json();
            assert.equal(answer.success, true, JSON.stringify(answer));
            packages.add(answer.result.package.packageNo);
          }
          assert.equal(packages.size, 2, 'the UPS parcel and the sea boxes go in different packages');
          await screenshot(page, shot('sort-pack'));
          await page.goto('/warehouse/pdaOutPack');
          await page.getByTestId('pda-out-new-batch').click();
          await page.getByTestId('pda-out-number').waitFor();
          for (const packageNo of packages) {
            const added = page.waitForResponse((r) => r.url().includes('/boot/logistics/outBatch/'));
            await page.getByTestId('pda-out-number').fill(packageNo);
            await page.getByTestId('pda-out-number').press('Enter');
            assert.equal((await (await added).json()).success, true);
          }
          await page.waitForFunction(() => document.querySelectorAll('[data-testid="pda-out-scan"][data-state="added"]').length === 2);
          await page.getByTestId('pda-out-hand-over').click();
          const handed = page.waitForResponse((r) => r.url().includes('/boot/logistics/outBatch/handOver'));
          await page.getByTestId('pda-out-hand-over-confirm-confirm').click();
          assert.equal((await (await handed).json()).success, true);
          handedOverAt = Date.now();
          await page.getByTestId('pda-out-read-only').waitFor();
          await screenshot(page, shot('handed-over'));
        }, { viewport: PHONE, shot: shot('outbound') });
        for (const order of [b2c, fba]) {
          const shipped = await run.api('GET', `/logistics/shipment/queryById?id=${order.id}`, { token: customer });
          assert.equal(shipped.shipmentStatus, 'shipped', order.serialNumber);
        }

        // 8. The carrier's pickup for the UPS order at the warehouse, and the day's manifest closed.
        const suppliers = await run.api('GET', '/logistics/supplier/list?pageSize=100', { token: run.staff });
        const ups = suppliers.records.find((s) => s.code === 'UPS');
        await inBrowser(locale, async (page) => {
          await signIn(page, STAFF, PASSWORD, await menuPath(run, run.staff, 'carrier/DispatchList'));
          await tableLoaded(page, 'dispatch-table');
          await page.getByTestId('dispatch-add').click();
          const form = page.getByTestId('dispatch-form');
          await form.getByTestId('dispatch-form-carrier').selectOption(ups.id);
          const depotSelect = form.getByTestId('dispatch-form-depot');
          await depotSelect.locator(`option[value="${warehouse.id}"]`).waitFor({ state: 'attached' });
          await depotSelect.selectOption(warehouse.id);
          await form.getByTestId('dispatch-form-window').fill('14:00-18:00');
          const added = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/add'));
          await form.getByTestId('dispatch-form-submit').click();
          const dispatch = (await (await added).json()).result;
          const drawer = page.getByTestId('dispatch-drawer');
          await drawer.getByText(dispatch.dispatchNo).first().waitFor();
          await drawer.getByTestId('dispatch-numbers').fill(b2c.serialNumber);
          const put = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/addShipments'));
          await drawer.getByTestId('dispatch-add-orders').click();
          const filled = await (await put).json();
          assert.equal(filled.success, true, JSON.stringify(filled));
          await drawer.getByTestId('dispatch-action-request').click();
          const requested = page.waitForResponse((r) => r.url().includes('/boot/logistics/dispatch/requestPickup'));
          await page.getByTestId('dispatch-request-confirm-confirm').click();
          assert.equal((await (await requested).json()).success, true);
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });

          await page.goto(await menuPath(run, run.staff, 'carrier/ManifestList'));
          await tableLoaded(page, 'manifest-table');
          await page.getByTestId('manifest-close-open').click();
          const dialog = page.getByTestId('manifest-close');
          await dialog.getByTestId('manifest-close-carrier').selectOption(ups.id);
          const closeDepot = dialog.getByTestId('manifest-close-depot');
          await closeDepot.locator(`option[value="${warehouse.id}"]`).waitFor({ state: 'attached' });
          await closeDepot.selectOption(warehouse.id);
          await dialog.getByTestId('manifest-close-date').fill(dispatch.pickupDate);
          const closing = page.waitForResponse((r) => r.url().includes('/boot/logistics/manifest/close'));
          await dialog.getByTestId('manifest-close-submit').click();
          const closed = await (await closing).json();
          assert.equal(closed.success, true, JSON.stringify(closed));
          assert.equal(closed.result.shipments, 1);
          await page.getByTestId('manifest-closed').getByTestId('manifest-closed-no').getByText(closed.result.manifestNo).waitFor();
          await screenshot(page, shot('manifest'), { fullPage: false });
        }, { shot: shot('manifest') });

        // 9. The carrier's webhook (signed with the supplier's secret): the parcel's journey, delivered.
        const hook = await run.api('GET', `/logistics/track/webhookSecret?supplierId=${ups.id}`, { token: run.staff });
        const steps = [
          ['PICKUP', '深圳, CN', '已揽收', 'Picked up'],
          ['DEPART', '香港, HK', '航班已起飞', 'Departed facility'],
          ['ARRIVE', 'New York, US', '到达转运中心', 'Arrived at facility'],
          ['OUT_FOR_DELIVERY', 'New York, US', '派送中', 'Out for delivery'],
          ['DELIVERED', 'New York, US', '已签收', 'Delivered, front desk'],
        ];
        // The carrier's events fall after the handover (the test's clock stands in for the days between).
        const span = Date.now() - handedOverAt;
        const body = JSON.stringify({
          events: steps.map(([code, location, detail, detailEn], i) => ({
            eventId: `${tag}-${i}`, trackNo: b2c.trackNo ?? b2c.sysTrackNo, code, location, detail, detailEn,
            time: new Date(handedOverAt + Math.floor((span * (i + 1)) / (steps.length + 1))).toISOString(),
          })),
        });
        const t = Math.floor(Date.now() / 1000);
        const v1 = createHmac('sha256', hook.secret).update(`${t}.${body}`).digest('hex');
        const delivered = await fetch(`${run.app.baseUrl}/boot${hook.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Track-Signature': `t=${t},v1=${v1}` }, body });
        const deliveredAnswer = await delivered.json();
        assert.equal(delivered.status, 200, JSON.stringify(deliveredAnswer));
        assert.equal(deliveredAnswer.result.stored, steps.length);

        // 10. The public tracking page, signed out, on a phone: delivered, nothing personal.
        await inBrowser(locale, async (page) => {
          await page.goto('/track/search');
          await page.getByTestId('track-numbers').fill(b2c.trackNo ?? b2c.sysTrackNo);
          await page.getByTestId('track-submit').click();
          await page.waitForURL((url) => url.pathname === '/track/result');
          const result = page.getByTestId('track-result').first();
          await result.waitFor();
          assert.equal(await result.getByTestId('track-status').first().innerText(), zh ? '已签收' : 'Delivered');
          const text = await page.locator('body').innerText();
          for (const personal of ['Ann Lee', '李安', '555 0100', '350 5th', b2cRef]) assert.ok(!text.includes(personal), `${personal} shows publicly`);
          await screenshot(page, shot('tracking'));
        }, { viewport: PHONE, shot: shot('tracking') });

        // 11. The dashboards agree with the trade records and the order lists, and the home page shows them.
        const orders = await run.api('GET', '/logistics/shipment/list?pageSize=100', { token: customer });
        assert.equal(orders.total, 2);
        const shipments = await run.api('POST', '/sys/dashboard/shipment', { token: customer, body: {} });
        assert.equal(shipments.month.total, orders.total, 'the shipment dashboard counts the list');
        assert.equal(shipments.month.printed, 2);
        const statuses = orders.records.map((r) => r.shipmentStatus).toSorted();
        assert.deepEqual(statuses, ['delivered', 'shipped'], 'the UPS order delivered, the sea freight on its way');
        for (const status of statuses) assert.equal(shipments.month.byStatus[status], 1, `${status}: ${JSON.stringify(shipments.month)}`);
        const trades = await run.api('GET', '/logistics/wallet/trade/list?pageSize=100', { token: customer });
        const spent = trades.records.filter((r) => ['capture', 'fee', 'refund', 'reweigh'].includes(r.tradeType)).reduce((sum, r) => sum - cents(r.money), 0);
        const paid = trades.records.filter((r) => r.tradeType === 'recharge').reduce((sum, r) => sum + cents(r.money), 0);
        assert.equal(paid, cents(rechargeAmount));
        const charged = cents(b2c.deductAmount) + cents(fba.deductAmount);
        assert.equal(spent, charged, `the trades (${JSON.stringify(trades.records.map((r) => [r.tradeType, r.money]))}) are the orders' charges`);
        const trade = (await run.api('POST', '/sys/dashboard/trade', { token: customer, body: {} })).currencies.find((c) => c.currency === 'CNY');
        const payment = (await run.api('POST', '/sys/dashboard/payment', { token: customer, body: {} })).currencies.find((c) => c.currency === 'CNY');
        assert.equal(cents(trade.month.amount), spent, 'the trade dashboard sums the trades');
        assert.equal(cents(payment.month.amount), paid, 'the payment dashboard sums the recharges');
        assert.equal(cents(payment.balance), paid - spent, 'the balance is what was paid less what was spent');
        assert.equal(cents(payment.held), 0, 'nothing is held once the orders are captured');
        await inBrowser(locale, async (page) => {
          await page.emulateMedia({ reducedMotion: 'reduce' });
          await signIn(page, account.username, account.password, '/dashboard/analysis');
          const value = (card) => page.getByTestId(card).locator('[data-testid$="-value"]').first();
          await value('shipment-card-total').waitFor();
          await page.waitForFunction(() => !document.querySelector('[data-testid="stat-loading"]'));
          assert.equal(Number(await value('shipment-card-total').innerText()), orders.total);
          assert.equal(Number(await value('shipment-card-printed').innerText()), 2);
          assert.equal(amountIn(await value('wallet-card-balance').innerText()), paid - spent);
          await page.locator('[data-testid="wallet-chart"] svg.recharts-surface').waitFor();
          await screenshot(page, shot('dashboard'));
        }, { shot: shot('dashboard') });

        const served = run.app.served();
        if (served.length > 1) assert.ok(served.every((n) => n > 50), `both instances served the journey: ${served}`);
      });
    }
  });
}
