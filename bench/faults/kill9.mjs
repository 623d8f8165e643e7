// Crash safety: `kill -9` of the server under a mixed write load, ROUNDS times (default 50), on
// the database DATABASE_URL names (default: a fresh SQLite file; a PostgreSQL URL is used as it
// is, so give it an empty database). Loopback only, bounded: each round runs the load for 0.3 to
// 1.5 s, kills the server, starts it again and checks before the next round:
//   - every write that got a 2xx is there: orders in the state they were acknowledged in (or the
//     state of a change still in flight at the kill), every acknowledged wallet adjustment and
//     confirmed recharge among the trade records;
//   - the wallet's invariants hold (`/logistics/wallet/reconcile`: each account equals the sum of
//     its entries, each transfer sums to zero, each held amount equals its open holds, the
//     dashboards' day figures equal the entries);
//   - the server starts again cleanly (ready within 10 s; the time is reported).
// The load, 8 callers at once: the demo customer adds and submits B2C orders (a quote and a
// wallet hold each) and cancels some (the hold released); the demo forwarder's staff credit the
// customer's wallet and confirm the customer's bank recharges.
//
//   LOGISTICS_SERVER_BIN=target/release/logistics-server node bench/faults/kill9.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kill9 ROUNDS=50 node bench/faults/kill9.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.LOGISTICS_SERVER_BIN ?? 'target/release/logistics-server';
const ROUNDS = Number(process.env.ROUNDS ?? 50);
const CALLERS = 8;
const PORT = 18_500 + (process.pid % 400);
const BASE = `http://127.0.0.1:${PORT}/boot`;
const sqliteFile = join(tmpdir(), `kill9-${process.pid}.db`);
const DATABASE_URL = process.env.DATABASE_URL ?? `sqlite://${sqliteFile}`;
const PASSWORD = 'Demo@2026!';

let server;
let serverLog = '';

async function start() {
  const t0 = performance.now();
  server = spawn(BIN, ['serve'], {
    env: {
      ...process.env,
      DATABASE_URL,
      LOGISTICS_DEMO: '1',
      LOGISTICS_BIND: `127.0.0.1:${PORT}`,
      LOGISTICS_RATE_LIMITS: 'off',
      RUST_LOG: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  serverLog = '';
  const keep = (chunk) => {
    serverLog = (serverLog + chunk).slice(-20_000);
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  while (performance.now() - t0 < 10_000) {
    try {
      if ((await fetch(`${BASE}/health/ready`)).ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`the server was not ready within 10 s:\n${serverLog}`);
}

function kill() {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  return exited;
}

async function call(method, path, { token, body, idempotency } = {}) {
  const headers = { 'accept-language': 'en-US' };
  if (token) headers['x-access-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotency) headers['idempotency-key'] = idempotency;
  const res = await fetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}

async function ok(method, path, options) {
  const res = await call(method, path, options);
  assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(res.json)}`);
  return res.json.result;
}

async function login(username) {
  return (await ok('POST', '/sys/login', { body: { username, password: PASSWORD } })).token;
}

const ORDER = (product, reference) => ({
  shipmentType: 'B2C',
  customerCode: reference,
  channelProductId: product,
  currency: 'CNY',
  consignee: { name: 'Ann Lee', phone: '+1 (415) 555-0100', country: 'US', state: 'CA', city: 'San Francisco', postalCode: '94105', address1: '1 Market St' },
  parcels: [
    {
      reference: 'R1',
      length: '30',
      width: '20',
      height: '10',
      weight: '1.25',
      products: [{ frName: 'T-shirt', quantity: 2, unitPrice: '9.90', unitWeight: '0.3', frHscode: '610910' }],
    },
  ],
});

// What the load was told, and what was in flight when the server died.
const orders = new Map(); // id → { acked: status, inFlight: status | null }
const trades = new Map(); // tradeNo or out trade no → kind
let acknowledged = 0;

async function setUp() {
  const staff = await login('demo_admin');
  const customer = await login('demo');
  const me = await ok('GET', '/sys/user/getUserInfo', { token: customer });
  const customerId = me.userInfo?.id ?? me.id;
  const quote = await ok('POST', '/logistics/priceForecast', {
    token: customer,
    body: { countryCode: 'US', postalCode: '94105', tradeType: 'B2C', parcels: [{ weight: 1.25, length: 30, width: 20, height: 10, quantity: 1 }] },
  });
  const product = quote.quotes?.[0]?.channelProductId;
  assert.ok(product, `a B2C product for the demo customer: ${JSON.stringify(quote).slice(0, 300)}`);
  await ok('POST', '/logistics/wallet/adjust', {
    token: staff,
    body: { customerId, currency: 'CNY', direction: 'credit', amount: '1000000.00', reason: 'kill9 float' },
  });
  // A bank transfer's voucher, uploaded once and named by every recharge.
  const form = new FormData();
  form.append('biz', 'voucher');
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
  form.append('file', new Blob([png], { type: 'image/png' }), 'voucher.png');
  const uploaded = await fetch(`${BASE}/sys/common/upload`, { method: 'POST', headers: { 'x-access-token': customer }, body: form });
  const voucher = (await uploaded.json()).result?.url;
  assert.ok(voucher, 'the voucher uploaded');
  return { staff, customer, customerId, product, voucher };
}

/** One caller's loop until the server dies under it. */
async function caller(ctx, round, n) {
  let i = 0;
  for (;;) {
    i += 1;
    const tag = `K9-${round}-${n}-${i}`;
    const pick = Math.random();
    try {
      if (pick < 0.5) {
        const added = await call('POST', '/logistics/shipment/add', { token: ctx.customer, body: ORDER(ctx.product, tag) });
        if (added.status !== 200) throw new Error(`add: ${added.status} ${JSON.stringify(added.json)}`);
        const id = added.json.result.id;
        orders.set(id, { acked: 'draft', inFlight: 'submitted' });
        acknowledged += 1;
        const done = await call('POST', '/logistics/shipment/submit', { token: ctx.customer, body: { id } });
        if (done.status !== 200) throw new Error(`submit: ${done.status} ${JSON.stringify(done.json)}`);
        orders.set(id, { acked: 'submitted', inFlight: null });
        acknowledged += 1;
      } else if (pick < 0.7) {
        const open = [...orders].filter(([, o]) => o.acked === 'submitted' && !o.inFlight);
        if (open.length === 0) continue;
        const [id, order] = open[Math.floor(Math.random() * open.length)];
        order.inFlight = 'cancelled';
        const res = await call('POST', '/logistics/shipment/cancel', { token: ctx.customer, body: { id } });
        if (res.status !== 200) throw new Error(`cancel: ${res.status} ${JSON.stringify(res.json)}`);
        orders.set(id, { acked: 'cancelled', inFlight: null });
        acknowledged += 1;
      } else if (pick < 0.9) {
        const res = await call('POST', '/logistics/wallet/adjust', {
          token: ctx.staff,
          body: { customerId: ctx.customerId, currency: 'CNY', direction: 'credit', amount: '1.00', reason: tag },
        });
        if (res.status !== 200) throw new Error(`adjust: ${res.status} ${JSON.stringify(res.json)}`);
        trades.set(res.json.result.tradeNo, 'adjust');
        acknowledged += 1;
      } else {
        const added = await call('POST', '/logistics/wallet/recharge/add', {
          token: ctx.customer,
          idempotency: tag,
          body: { currency: 'CNY', amount: '10.00', paymentChannel: 'bank', outTradeNo: tag, voucher: ctx.voucher },
        });
        if (added.status !== 200) throw new Error(`recharge: ${added.status} ${JSON.stringify(added.json)}`);
        acknowledged += 1;
        const id = added.json.result.id;
        const confirmed = await call('POST', '/logistics/wallet/recharge/confirm', { token: ctx.staff, body: { id } });
        if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
        trades.set(tag, 'recharge');
        acknowledged += 1;
      }
    } catch (error) {
      // The kill: the connection goes (a fetch error). Any other refusal is a finding.
      if (error instanceof TypeError) return;
      if (!server.killed) throw error;
      return;
    }
  }
}

async function verify(ctx) {
  const lost = [];
  for (const [id, order] of orders) {
    const res = await call('GET', `/logistics/shipment/queryById?id=${id}`, { token: ctx.customer });
    const status = res.json.result?.shipmentStatus;
    const allowed = [order.acked, order.inFlight].filter(Boolean);
    if (!allowed.includes(status)) lost.push(`order ${id}: ${status ?? res.status}, acknowledged ${order.acked}`);
    // What was in flight is settled now, one way or the other.
    orders.set(id, { acked: status ?? order.acked, inFlight: null });
  }
  for (const [key, kind] of trades) {
    const filter = kind === 'adjust' ? `tradeNo=${encodeURIComponent(key)}` : `outTradeNo=${encodeURIComponent(key)}`;
    const page = await ok('GET', `/logistics/wallet/trade/list?${filter}&pageSize=10`, { token: ctx.staff });
    if (!page.records?.length) lost.push(`${kind} ${key}: no trade record`);
  }
  trades.clear();
  const books = await ok('GET', '/logistics/wallet/reconcile', { token: ctx.staff });
  return { lost, balanced: books.balanced, books };
}

async function main() {
  if (!process.env.DATABASE_URL) rmSync(sqliteFile, { force: true });
  console.log(`kill -9, ${ROUNDS} rounds, ${CALLERS} callers, on ${DATABASE_URL.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`);
  await start();
  const ctx = await setUp();
  const restarts = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const load = Array.from({ length: CALLERS }, (_, n) => caller(ctx, round, n));
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
    await kill();
    await Promise.all(load);
    restarts.push(await start());
    const { lost, balanced, books } = await verify(ctx);
    if (lost.length || !balanced) {
      console.error(`round ${round}: ${lost.length} acknowledged writes missing, books ${balanced ? 'balanced' : 'OFF'}`);
      console.error(lost.slice(0, 20).join('\n'));
      console.error(JSON.stringify(books, null, 1).slice(0, 2000));
      await kill();
      process.exit(1);
    }
    if (round % 10 === 0 || round === ROUNDS) {
      console.log(`round ${round}: ${acknowledged} writes acknowledged so far, all present; ${orders.size} orders; books balanced`);
    }
  }
  await kill();
  restarts.sort((a, b) => a - b);
  const at = (q) => restarts[Math.min(restarts.length - 1, Math.floor(q * restarts.length))].toFixed(0);
  console.log(`restart to ready after kill -9: p50 ${at(0.5)} ms, max ${at(1)} ms`);
  console.log(`ok: ${ROUNDS} kills, ${acknowledged} acknowledged writes, none lost, the ledger balanced after every restart`);
  if (!process.env.DATABASE_URL) rmSync(sqliteFile, { force: true });
}

main().catch(async (error) => {
  console.error(error);
  console.error(serverLog.slice(-3000));
  if (server && server.exitCode === null) await kill();
  process.exit(1);
});
