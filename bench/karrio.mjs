// Our server and Karrio (the open-source shipping API, from PyPI) side by side, in one run, on this
// machine, over loopback HTTP, each on SQLite (issue 23): sign-in, the first page of the shipment
// list with its count, and shipment creation. Prints each figure for both and the ratio.
//
// - Karrio: `../shared/peers/karrio.sh` (2 gunicorn workers), its admin; shipments of its generic
//   carrier (local rating, no network): `POST /v1/shipments` with a service. Its list is filled to
//   SHIPMENTS through Django's bulk_create with shipments as a label purchase leaves them.
// - Ours: the server binary (LOGISTICS_SERVER_BIN, the release build by default) on a fresh SQLite
//   database with the demo tenant; the demo customer's orders created through the API as the web
//   does, `POST /logistics/shipment/add` then `/submit` (quote with the pinned rate card, wallet
//   hold, numbers), filled to SHIPMENTS the same way.
//
//   node bench/karrio.mjs   (env: SHIPMENTS=10000, RUNS=100, SECONDS=10, CALLERS=8)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PEER = process.env.KARRIO_PEER ?? resolve(ROOT, '../shared/peers/karrio.sh');
const BIN = resolve(ROOT, process.env.LOGISTICS_SERVER_BIN ?? 'target/release/logistics-server');
const SHIPMENTS = Number(process.env.SHIPMENTS ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 100);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CALLERS = Number(process.env.CALLERS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 18_090);
const KARRIO_ENV = { ...process.env, KARRIO_VENV: process.env.KARRIO_VENV ?? '/tmp/kv', KARRIO_WORK: process.env.KARRIO_WORK ?? '/tmp/karrio_run' };
const PASSWORD = 'Demo@2026!';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

async function json(url, { method = 'GET', headers = {}, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** p50/p99 of `runs` calls of `call` one after another (after 3 to warm up), and a time cap. */
async function latency(call, runs = RUNS, capMs = 120_000) {
  for (let i = 0; i < 3; i += 1) await call(i);
  const times = [];
  const started = performance.now();
  for (let i = 0; i < runs && performance.now() - started < capMs; i += 1) {
    const t = performance.now();
    await call(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** Successful calls per second of `call` by CALLERS at once for SECONDS, and how many failed. */
async function throughput(call) {
  let done = 0;
  let failed = 0;
  let next = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        try {
          await call(next++);
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return { rate: done / SECONDS, failed };
}

// ---- Karrio ----------------------------------------------------------------------------------

function karrioPeer(action) {
  const answer = execFileSync('bash', [PEER, action], { env: KARRIO_ENV, encoding: 'utf8' }).trim().split('\n').pop();
  if (action === 'start') genericCarrier();
  return answer;
}

/**
 * Karrio's generic carrier (rates and labels made locally) is a plugin of its own on PyPI,
 * `karrio-generic`, which the peer script's install does not always bring: added at Karrio's
 * version when missing (its connections answer 500 "generic" without it), then Karrio restarted.
 */
function genericCarrier() {
  const python = `${KARRIO_ENV.KARRIO_VENV}/bin/python`;
  try {
    execFileSync(python, ['-c', 'import karrio.providers.generic'], { stdio: 'ignore' });
    return;
  } catch {
    const version = execFileSync(python, ['-c', 'import importlib.metadata as m; print(m.version("karrio"))'], { encoding: 'utf8' }).trim();
    execFileSync(`${KARRIO_ENV.KARRIO_VENV}/bin/pip`, ['install', '-q', '--only-binary=:all:', `karrio-generic==${version}`], { stdio: 'inherit' });
    execFileSync('bash', [PEER, 'stop'], { env: KARRIO_ENV, stdio: 'ignore' });
    execFileSync('bash', [PEER, 'start'], { env: KARRIO_ENV, stdio: 'ignore' });
  }
}

function karrioFill(count) {
  const script = `
import uuid, datetime
from django.utils import timezone
from karrio.server.manager.models import Shipment
from karrio.server.user.models import User
user = User.objects.get(email='admin@example.com')
have = Shipment.objects.filter(created_by=user).count()
addr = lambda c: {'person_name': 'Ann Lee', 'phone_number': '+14155550100', 'email': 'ann@example.com',
    'address_line1': '1 Market St', 'city': 'San Francisco', 'state_code': 'CA', 'postal_code': '94105', 'country_code': c}
now = timezone.now()
rate = {'id': 'rat_bench', 'object_type': 'rate', 'carrier_name': 'ups', 'carrier_id': 'ups', 'service': 'ups_express',
    'currency': 'CNY', 'total_charge': 98.5, 'transit_days': 3, 'extra_charges': [], 'meta': {}, 'test_mode': False}
batch = []
for i in range(have, ${count}):
    batch.append(Shipment(id='shp_' + uuid.uuid4().hex, created_by=user, status='purchased', test_mode=False,
        tracking_number='1Z%010d' % i, reference='BENCH-%07d' % i, shipper=addr('CN'), recipient=addr('US'),
        parcels=[{'weight': 1.25, 'weight_unit': 'KG', 'length': 30, 'width': 20, 'height': 10, 'dimension_unit': 'CM'}],
        selected_rate=rate, carrier_ids=['ups'], options={}, meta={}, metadata={}, messages=[], rates=[],
        created_at=now - datetime.timedelta(seconds=i), updated_at=now))
    if len(batch) == 5000:
        Shipment.objects.bulk_create(batch); batch = []
if batch:
    Shipment.objects.bulk_create(batch)
print(Shipment.objects.filter(created_by=user).count())
`;
  const env = { ...KARRIO_ENV, WORK_DIR: KARRIO_ENV.KARRIO_WORK, SECRET_KEY: 'karrio-bench-only', DATABASE_ENGINE: 'sqlite3', LOG_DIR: KARRIO_ENV.KARRIO_WORK };
  return Number(execFileSync(`${KARRIO_ENV.KARRIO_VENV}/bin/karrio`, ['shell', '-c', script], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n').pop());
}

async function karrio() {
  const base = karrioPeer('start');
  const credentials = { email: 'admin@example.com', password: 'Bench-pass-12345' };
  const signIn = () => json(`${base}/api/token`, { method: 'POST', body: credentials });
  const auth = { Authorization: `Bearer ${(await signIn()).access}` };
  // Its generic carrier: rates and shipments made locally, nothing leaves the machine.
  const connections = await json(`${base}/v1/connections`, { headers: auth });
  if (!connections.results.some((c) => c.carrier_id === 'bench_express')) {
    await json(`${base}/v1/connections`, {
      method: 'POST',
      headers: auth,
      body: { carrier_name: 'generic', carrier_id: 'bench_express', credentials: { display_name: 'Bench Express', custom_carrier_name: 'bench_express' }, test_mode: false, active: true },
    });
  }
  const create = (n) =>
    json(`${base}/v1/shipments`, {
      method: 'POST',
      headers: auth,
      body: {
        shipper: { person_name: 'Li Lei', phone_number: '+8613800000000', address_line1: '1 Fuyong Rd', city: 'Shenzhen', postal_code: '518000', country_code: 'CN' },
        recipient: { person_name: 'Ann Lee', phone_number: '+12125550100', address_line1: '350 5th Ave', city: 'New York', state_code: 'NY', postal_code: '10001', country_code: 'US' },
        parcels: [{ weight: 1.2, weight_unit: 'KG', length: 30, width: 20, height: 10, dimension_unit: 'CM' }],
        carrier_ids: ['bench_express'], service: 'standard_service', reference: `SBS-${Date.now()}-${n}`,
      },
    });
  const figures = {};
  figures.signIn = await latency(signIn, Math.min(RUNS, 50));
  figures.signInRate = await throughput(signIn);
  figures.create = await latency(create, Math.min(RUNS, 50));
  figures.createRate = await throughput(create);
  figures.shipments = karrioFill(SHIPMENTS);
  figures.list = await latency(() => json(`${base}/v1/shipments?limit=20`, { headers: auth }), RUNS, 60_000);
  karrioPeer('stop');
  return figures;
}

// ---- ours ------------------------------------------------------------------------------------

async function ours() {
  const dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
  const child = spawn(BIN, ['serve'], {
    env: {
      ...process.env, DATABASE_URL: `sqlite://${join(dir, 'bench.db')}`, LOGISTICS_BIND: `127.0.0.1:${PORT}`, LOGISTICS_DEMO: '1',
      LOGISTICS_RATE_LIMITS: 'off', LOGISTICS_UPLOAD_DIR: join(dir, 'uploads'), RUST_LOG: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${PORT}/boot`;
  try {
    for (let i = 0; ; i += 1) {
      if (i > 600) throw new Error('our server did not start');
      if (await fetch(`${base}/health/ready`).then((r) => r.ok, () => false)) break;
      await sleep(50);
    }
    const call = async (method, path, token, body) => {
      const envelope = await json(`${base}${path}`, { method, headers: token ? { 'X-Access-Token': token } : {}, body });
      if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
      return envelope.result;
    };
    const signIn = () => call('POST', '/sys/login', undefined, { username: 'demo', password: PASSWORD });
    const demo = (await signIn()).token;
    const staff = (await call('POST', '/sys/login', undefined, { username: 'demo_admin', password: PASSWORD })).token;
    const info = await call('GET', '/sys/user/getUserInfo', demo);
    await call('POST', '/logistics/wallet/adjust', staff, { customerId: info.userInfo?.id ?? info.id, currency: 'CNY', direction: 'credit', amount: '100000000', reason: 'bench' });
    const product = (await call('GET', '/logistics/channelProduct/myList?pageSize=100', demo)).records.find((p) => p.code === 'YT-ECO');
    const create = async (n) => {
      const order = await call('POST', '/logistics/shipment/add', demo, {
        shipmentType: 'B2C', customerCode: `SBS-${Date.now()}-${n}`, channelProductId: product.id, currency: 'CNY',
        consignee: { name: 'Ann Lee', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', postalCode: '10001', address1: '350 5th Ave' },
        parcels: [{ length: 30, width: 20, height: 10, weight: 1.2, products: [{ frName: 'T-shirt', quantity: 2, unitPrice: '9.9', unitWeight: '0.3' }] }],
      });
      await call('POST', '/logistics/shipment/submit', demo, { id: order.id });
    };
    const figures = {};
    figures.signIn = await latency(signIn, Math.min(RUNS, 50));
    figures.signInRate = await throughput(signIn);
    figures.create = await latency(create, Math.min(RUNS, 50));
    figures.createRate = await throughput(create);
    // Filled to SHIPMENTS through the same calls, CALLERS at once.
    let have = (await call('GET', '/logistics/shipment/list?pageSize=1', demo)).total;
    const fill = Array.from({ length: CALLERS }, async () => {
      while (have < SHIPMENTS) {
        have += 1;
        await create(have);
      }
    });
    await Promise.all(fill);
    figures.shipments = (await call('GET', '/logistics/shipment/list?pageSize=1', demo)).total;
    figures.list = await latency(() => call('GET', '/logistics/shipment/list?pageSize=20', demo), RUNS);
    // The list as the web asks for it: one type's page (B2C, FBA…), served by its tally and index.
    figures.typed = await latency(() => call('GET', '/logistics/shipment/list?pageSize=20&shipmentType=B2C', demo), RUNS);
    return figures;
  } finally {
    child.kill('SIGTERM');
    await sleep(300);
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---- the table -------------------------------------------------------------------------------

const ms = (x) => `${x.toFixed(x < 10 ? 2 : 1)} ms`;
const rows = [];
const k = await karrio();
const o = await ours();
const row = (what, theirs, mine, better, goal) => rows.push({ what, karrio: theirs, ours: mine, ratio: `${better.toFixed(1)}x`, goal });
row(`sign-in p50 (one caller)`, ms(k.signIn.p50), ms(o.signIn.p50), k.signIn.p50 / o.signIn.p50, '5x');
row(`sign-in p99 (one caller)`, ms(k.signIn.p99), ms(o.signIn.p99), k.signIn.p99 / o.signIn.p99, '');
const rate = (r) => `${r.rate.toFixed(1)}${r.failed ? ` (${r.failed} failed)` : ''}`;
row(`sign-ins/s (${CALLERS} callers)`, rate(k.signInRate), rate(o.signInRate), o.signInRate.rate / k.signInRate.rate, '5x');
row(`create p50 (one caller)`, ms(k.create.p50), ms(o.create.p50), k.create.p50 / o.create.p50, '');
row(`create p99 (one caller)`, ms(k.create.p99), ms(o.create.p99), k.create.p99 / o.create.p99, '');
row(`creates/s (${CALLERS} callers)`, rate(k.createRate), rate(o.createRate), o.createRate.rate / k.createRate.rate, '');
row(`list page 1 of 20 with count p50 (${k.shipments} / ${o.shipments} shipments)`, ms(k.list.p50), ms(o.list.p50), k.list.p50 / o.list.p50, '40x');
row(`list p99`, ms(k.list.p99), ms(o.list.p99), k.list.p99 / o.list.p99, '');
row(`ours: the B2C list page (as the web asks) p50`, ms(k.list.p50), ms(o.typed.p50), k.list.p50 / o.typed.p50, '40x');
row(`ours: the B2C list page p99`, ms(k.list.p99), ms(o.typed.p99), k.list.p99 / o.typed.p99, '');
console.log(`Karrio beside ours, SQLite both, loopback HTTP, ${CALLERS} callers where marked; ${new Date().toISOString()}`);
console.table(rows);
// The figures themselves, for bench/summary.mjs.
if (process.env.KARRIO_JSON) writeFileSync(process.env.KARRIO_JSON, JSON.stringify({ karrio: k, ours: o }, null, 2));
