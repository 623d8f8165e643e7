// End-to-end: tracking on the demo tenant, in both languages. A demo order is submitted, the
// carrier's (sandbox UPS) webhook delivers a journey signed with the supplier's secret, and the
// public page, on a 390 px phone without signing in, shows the order delivered with its timeline
// and nothing personal; the signed-in track search finds it by the customer's own number, the
// out-track search names the courier of a last-mile number with its own page; staff add a courier
// (core's rules checked as typed); staff's events and status mappings pages are photographed. Real server, Chromium.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { describe, test } from 'node:test';
import { appSuite, closeContext, screenshot, signIn, tableLoaded } from './support.mjs';

const DEMO_PASSWORD = 'Demo@2026!';
const PHONE = { width: 390, height: 844 };

const suite = appSuite(async (s) => {
  const admin = await s.apiLogin('demo_admin', DEMO_PASSWORD);
  const demo = await s.apiLogin('demo', DEMO_PASSWORD);
  const info = await s.api('GET', '/sys/user/getUserInfo', { token: demo });
  const customerId = info.userInfo?.id ?? info.id;
  await s.api('POST', '/logistics/wallet/adjust', { token: admin, body: { customerId, currency: 'CNY', direction: 'credit', amount: '2000', reason: 'e2e tracking' } });
});

/** A submitted B2C order of the demo customer with its own number `reference`. */
async function submittedOrder(token, reference) {
  const products = await suite.api('GET', '/logistics/channelProduct/myList?pageSize=100', { token });
  const product = products.records.find((p) => p.tradeType === 'B2C');
  const order = await suite.api('POST', '/logistics/shipment/add', {
    token,
    body: {
      shipmentType: 'B2C', customerCode: reference, channelProductId: product.id, currency: 'CNY',
      consignee: { name: 'Ann Secret', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
      parcels: [{ reference: `${reference}-P`, length: 30, width: 20, height: 10, weight: 1.2, products: [{ frName: 'T-shirt', lcName: 'T恤', quantity: 2, unitPrice: '9.9', unitWeight: '0.3', frHscode: '6109100000' }] }],
    },
  });
  await suite.api('POST', '/logistics/shipment/submit', { token, body: { id: order.id } });
  return suite.api('GET', `/logistics/shipment/queryById?id=${order.id}`, { token });
}

/** Posts a journey of the carrier's events for `number`, signed as the carrier signs. */
async function deliverJourney(admin, number, prefix) {
  const suppliers = await suite.api('GET', '/logistics/supplier/list?pageSize=100', { token: admin });
  const ups = suppliers.records.find((s) => s.apiType === 'sandbox') ?? suppliers.records[0];
  const setup = await suite.api('GET', `/logistics/track/webhookSecret?supplierId=${ups.id}`, { token: admin });
  const steps = [
    ['MANIFEST', '2026-11-20T10:00:00+08:00', '深圳, CN', '已收到电子信息', 'Shipment information received'],
    ['PICKUP', '2026-11-20T18:30:00+08:00', '深圳, CN', '已揽收', 'Picked up'],
    ['DEPART', '2026-11-21T02:10:00+08:00', '香港, HK', '航班已起飞', 'Departed facility'],
    ['ARRIVE', '2026-11-21T08:45:00-05:00', 'New York, US', '到达转运中心', 'Arrived at facility'],
    ['OUT_FOR_DELIVERY', '2026-11-22T08:05:00-05:00', 'New York, US', '派送中', 'Out for delivery'],
    ['DELIVERED', '2026-11-22T14:20:00-05:00', 'New York, US', '已签收', 'Delivered, front desk'],
  ];
  const body = JSON.stringify({
    events: steps.map(([code, time, location, detail, detailEn], i) => ({ eventId: `${prefix}-${i}`, trackNo: number, code, time, location, detail, detailEn })),
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', setup.secret).update(`${t}.${body}`).digest('hex');
  const response = await fetch(`${suite.app.baseUrl}/boot${setup.path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Track-Signature': `t=${t},v1=${v1}` }, body });
  const answer = await response.json();
  assert.equal(response.status, 200, JSON.stringify(answer));
  assert.equal(answer.result.stored, steps.length, JSON.stringify(answer));
}

/** A customer's system: records the signed status changes it is sent. */
async function receiver() {
  const received = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-track-signature'] ?? ''), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/hooks/tracking`, received, close: () => server.close() };
}

/** Whether `signature` signs `body` with `secret` (t=…,v1=hex HMAC-SHA256 of "t.body"). */
function signedBy(secret, signature, body) {
  const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('tracking: webhooks, public page on a phone, signed-in search, events and mappings', () => {
  for (const locale of (process.env.E2E_LOCALES ?? 'zh-CN,en-US').split(',')) {
    test(locale, async () => {
      const zh = locale === 'zh-CN';
      const admin = await suite.apiLogin('demo_admin', DEMO_PASSWORD);
      const demo = await suite.apiLogin('demo', DEMO_PASSWORD);
      const reference = `TRK-${zh ? 'ZH' : 'EN'}-${Date.now() % 100000}`;
      const order = await submittedOrder(demo, reference);
      const hook = await receiver();

      // The customer registers its system's webhook; the journey's status changes reach it signed.
      let { context, page } = await suite.open(locale);
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/trackSubscription');
        await tableLoaded(page, 'track-subscription-table');
        await page.getByTestId('track-subscription-add').click();
        const form = page.getByTestId('track-subscription-form');
        await form.getByTestId('track-subscription-url').fill('ftp://nowhere');
        await form.locator('button[type="submit"]').click();
        await form.getByText(zh ? '推送地址须为' : 'must start with http://', { exact: false }).waitFor();
        await form.getByTestId('track-subscription-url').fill(hook.url);
        await form.locator('button[type="submit"]').click();
        await page.getByTestId('track-subscription-table').getByText(hook.url).waitFor();
        const subscriptions = await suite.api('GET', '/logistics/trackSubscription/list?pageSize=100', { token: demo });
        const secret = subscriptions.records.find((r) => r.url === hook.url).secret;
        await deliverJourney(admin, order.sysTrackNo, reference);
        const deadline = Date.now() + 20_000;
        let mine;
        while (Date.now() < deadline && !mine) {
          mine = hook.received.find((r) => JSON.parse(r.body).serialNumber === order.serialNumber);
          if (!mine) await new Promise((r) => setTimeout(r, 250));
        }
        assert.ok(mine, 'the status change reaches the customer within 20 s');
        assert.ok(signedBy(secret, mine.signature, mine.body), 'signed with the webhook secret');
        assert.equal(JSON.parse(mine.body).status, 'delivered');
        await page.reload();
        await tableLoaded(page, 'track-delivery-table');
        await page.getByTestId('track-delivery-table').getByText(order.serialNumber).first().waitFor();
        await screenshot(page, `track-webhooks-${locale}`);
      } finally {
        await closeContext(context);
        hook.close();
      }

      // The public page on a phone, signed out: the number from the search box to the result.
      ({ context, page } = await suite.open(locale, { viewport: PHONE }));
      try {
        await page.goto('/track/search');
        await page.getByTestId('track-empty').waitFor();
        await screenshot(page, `track-search-phone-${locale}`);
        await page.getByTestId('track-numbers').fill(`${order.sysTrackNo}\nNOSUCH${Date.now() % 1000}`);
        await page.getByTestId('track-submit').click();
        await page.waitForURL((url) => url.pathname === '/track/result');
        const results = page.getByTestId('track-result');
        await results.first().waitFor();
        assert.equal(await results.count(), 2);
        const first = results.nth(0);
        assert.equal(await first.getByTestId('track-status').first().innerText(), zh ? '已签收' : 'Delivered');
        assert.match(await first.getByTestId('track-event').first().innerText(), zh ? /已签收/ : /Delivered, front desk/);
        assert.match(await first.getByTestId('track-event').first().innerText(), /UTC-05:00/);
        assert.ok(await results.nth(1).getByTestId('track-not-found').isVisible());
        const text = await page.locator('body').innerText();
        for (const personal of ['Ann Secret', '555 0100', '350 5th', reference]) assert.ok(!text.includes(personal), `${personal} shows publicly`);
        // No horizontal scrolling at 390 px.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'the page fits the phone');
        await page.getByTestId('track-expand').first().click();
        assert.equal(await first.getByTestId('track-event').count(), 6);
        await screenshot(page, `track-result-phone-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Signed in: the customer's own number finds it.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/trackSearch');
        await page.getByTestId('track-numbers').fill(reference);
        await page.getByTestId('track-submit').click();
        const order1 = page.getByTestId('track-order').first();
        await order1.waitFor();
        assert.match(await order1.innerText(), new RegExp(reference));
        await screenshot(page, `track-search-signed-in-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Signed in: the out-track search by the last-mile number, with the courier's own page.
      ({ context, page } = await suite.open(locale));
      try {
        const ups = '1Z999AA10123456784';
        await signIn(page, 'demo', DEMO_PASSWORD, '/shipment/outTrackSearch');
        await page.getByTestId('track-numbers').fill([order.trackNo, ups].filter(Boolean).join('\n'));
        await page.getByTestId('track-submit').click();
        const results = page.getByTestId('track-result');
        await results.first().waitFor();
        const last = results.last();
        const link = last.locator('[data-testid="track-courier"][data-code="UPS"]');
        await link.waitFor();
        assert.equal(await link.getAttribute('href'), `https://www.ups.com/track?tracknum=${ups}`);
        assert.ok(await last.getByTestId('track-not-found').isVisible());
        if (order.trackNo) assert.equal(await results.first().getAttribute('data-found'), 'true');
        await screenshot(page, `out-track-search-${locale}`);
      } finally {
        await closeContext(context);
      }

      // Staff: couriers, checked by core's rules as they are typed.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/carrier/courier');
        await tableLoaded(page, 'courier-table');
        await page.getByTestId('courier-table').getByText('UPS').first().waitFor();
        await screenshot(page, `couriers-${locale}`);
        await page.getByTestId('courier-add').click();
        const form = page.getByTestId('courier-form');
        const code = `ACME${zh ? 'ZH' : 'EN'}${Date.now() % 1000}`;
        await form.getByTestId('courier-code').fill(code);
        await form.getByTestId('courier-name').fill(zh ? '艾克米快递' : 'Acme Express');
        await form.getByTestId('courier-track-url').fill('https://acme.example/track');
        await form.getByTestId('courier-pattern').fill('^7\\d{9}$');
        await form.getByTestId('courier-check-digit').selectOption('mod7');
        await form.locator('button[type="submit"]').click();
        await form.getByText(zh ? '查询网址须为' : 'The tracking page must be', { exact: false }).waitFor();
        await form.getByTestId('courier-track-url').fill('https://acme.example/track?n={number}');
        await form.getByTestId('courier-try').fill('7123456782');
        await form.locator('[data-testid="courier-try-result"][data-claims="true"]').waitFor();
        assert.equal(await form.getByTestId('courier-try-link').getAttribute('href'), 'https://acme.example/track?n=7123456782');
        await screenshot(page, `courier-form-${locale}`, { fullPage: false });
        await form.getByTestId('courier-try').fill('7123456781');
        await form.locator('[data-testid="courier-try-result"][data-claims="false"]').waitFor();
        await form.locator('button[type="submit"]').click();
        await page.getByTestId('courier-table').getByText(code).waitFor();
      } finally {
        await closeContext(context);
      }

      // Staff: the events of the order, and the mappings page with a new row.
      ({ context, page } = await suite.open(locale));
      try {
        await signIn(page, 'demo_admin', DEMO_PASSWORD, '/carrier/trackEvent');
        await page.goto(`/carrier/trackEvent?numbers=${order.serialNumber}`);
        await tableLoaded(page, 'track-event-table');
        assert.equal(await page.getByTestId('track-event-table-row').count(), 6);
        await screenshot(page, `track-events-${locale}`);
        await page.goto('/carrier/trackMapping');
        await tableLoaded(page, 'track-mapping-table');
        await page.getByTestId('track-mapping-add').click();
        const form = page.getByTestId('track-mapping-form');
        const code = `HELD${zh ? 'ZH' : 'EN'}${Date.now() % 1000}`;
        await form.getByTestId('track-mapping-source').fill('sandbox');
        await form.getByTestId('track-mapping-code').fill(code);
        await form.getByTestId('track-mapping-status').selectOption('exception');
        await screenshot(page, `track-mapping-form-${locale}`, { fullPage: false });
        await form.locator('button[type="submit"]').click();
        await page.getByTestId('track-mapping-table').getByText(code).waitFor();
        await screenshot(page, `track-mappings-${locale}`);
      } finally {
        await closeContext(context);
      }
    });
  }
});
