// Outages of the services the server stands on, on this machine's own PostgreSQL and Redis
// (loopback; it stops and starts them, so run it where nothing else needs them: `just outages`).
//
// PostgreSQL stopped for 10 s under a steady load (4 callers listing orders and reading the
// permissions): every request during the outage answers 503 with the envelope and within 1 s; after
// PostgreSQL is back, the server answers 200 again by itself (no restart) within 5 s.
//
// Redis stopped for 10 s in cluster mode (two instances on one PostgreSQL and Redis): both keep
// serving (sign-in, lists; sign-in limits count per instance meanwhile, as the README says); a
// dictionary changed on instance A during the outage reaches instance B's cache once Redis is
// back (B's subscriber reconnects and drops what it may have missed).
//
//   LOGISTICS_SERVER_BIN=target/debug/logistics-server DATABASE_URL=postgres://postgres@127.0.0.1:5432/outages node bench/faults/outages.mjs
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

const BIN = process.env.LOGISTICS_SERVER_BIN ?? 'target/release/logistics-server';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/outages';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/';
const PG_VERSION = readdirSync('/etc/postgresql')[0];
const PASSWORD = 'Demo@2026!';
const ADMIN_PASSWORD = 'Outage@2026!';
const servers = [];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function pg(action) {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', PG_VERSION, 'main', action], { stdio: 'inherit' });
}
function redis(action) {
  if (action === 'stop') execFileSync('redis-cli', ['-h', '127.0.0.1', 'shutdown', 'nosave']);
  else execFileSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '-::1', '--port', '6379', '--save', '', '--appendonly', 'no']);
}

async function start(port, extra = {}) {
  const child = spawn(BIN, ['serve'], {
    env: { ...process.env, DATABASE_URL, LOGISTICS_DEMO: '1', LOGISTICS_ADMIN_PASSWORD: ADMIN_PASSWORD, LOGISTICS_BIND: `127.0.0.1:${port}`, RUST_LOG: 'warn', ...extra },
    stdio: 'ignore',
  });
  servers.push(child);
  const base = `http://127.0.0.1:${port}/boot`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return base;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  throw new Error(`the server on ${port} did not start`);
}

async function call(base, path, { token, body, method } = {}) {
  const t0 = performance.now();
  const headers = { 'accept-language': 'en-US' };
  if (token) headers['x-access-token'] = token;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method: method ?? (body ? 'POST' : 'GET'), headers, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, ms: performance.now() - t0 };
}

const login = async (base, username, password = PASSWORD) => (await call(base, '/sys/login', { body: { username, password } })).json.result.token;

async function postgresOutage() {
  const base = await start(18_601);
  const token = await login(base, 'demo_admin');
  const paths = ['/logistics/shipment/list?shipmentType=B2C', '/sys/permission/getUserPermissionByToken', '/health/ready'];
  let down = false;
  let during = 0;
  let slowest = 0;
  const wrong = [];
  let stop = false;
  const load = Array.from({ length: 4 }, async (_, n) => {
    for (let i = 0; !stop; i += 1) {
      const res = await call(base, paths[(n + i) % paths.length], { token });
      if (down) {
        during += 1;
        slowest = Math.max(slowest, res.ms);
        if (res.status !== 503 || res.json?.success !== false || res.json?.code !== 503 || res.ms > 1000) {
          wrong.push(`${res.status} in ${res.ms.toFixed(0)} ms: ${JSON.stringify(res.json).slice(0, 120)}`);
        }
      }
      await sleep(20);
    }
  });
  await sleep(1000);
  pg('stop');
  await sleep(200); // connections already open notice the stop
  down = true;
  await sleep(10_000);
  down = false;
  const back = performance.now();
  pg('start');
  let recovered = null;
  while (performance.now() - back < 30_000) {
    const res = await call(base, paths[0], { token });
    if (res.status === 200) {
      recovered = performance.now() - back;
      break;
    }
    await sleep(50);
  }
  stop = true;
  await Promise.all(load);
  assert.deepEqual(wrong.slice(0, 5), [], 'every request during the outage: 503, the envelope, within 1 s');
  assert.ok(recovered !== null && recovered < 5_000, `recovered within 5 s of PostgreSQL's start: ${recovered}`);
  console.log(
    `PostgreSQL down 10 s: ${during} requests, all 503 with the envelope, slowest ${slowest.toFixed(0)} ms; ` +
      `200 again ${recovered.toFixed(0)} ms after pg_ctlcluster start returned (the same process)`,
  );
  servers.pop().kill('SIGTERM');
}

async function redisOutage() {
  const a = await start(18_602, { REDIS_URL });
  const b = await start(18_603, { REDIS_URL });
  // Dictionaries are the platform administrator's.
  const staff = await login(a, 'admin', ADMIN_PASSWORD);
  const code = `outage_${process.pid}`;
  const dict = await call(a, '/sys/dict/add', { token: staff, body: { dictName: 'Outage', dictCode: code } });
  assert.equal(dict.status, 200, JSON.stringify(dict.json));
  const dictId = (await call(a, `/sys/dict/list?dictCode=${code}`, { token: staff })).json.result.records[0].id;
  const items = async (base) => (await call(base, `/sys/dict/getDictItems/${code}`, { token: staff })).json.result.map((o) => o.value);
  assert.deepEqual(await items(b), [], "B's cache holds the empty dictionary");

  redis('stop');
  await sleep(500);
  for (const [name, base] of [['A', a], ['B', b]]) {
    const signIn = await call(base, '/sys/login', { body: { username: 'demo', password: PASSWORD } });
    assert.equal(signIn.status, 200, `${name} signs in without Redis: ${JSON.stringify(signIn.json)}`);
    const list = await call(base, '/logistics/shipment/list?shipmentType=B2C', { token: signIn.json.result.token });
    assert.equal(list.status, 200, `${name} lists without Redis`);
    assert.ok(signIn.ms < 1000 && list.ms < 1000, `${name} answers promptly: ${signIn.ms}, ${list.ms}`);
  }
  const added = await call(a, '/sys/dictItem/add', { token: staff, body: { dictId, itemText: '停电', itemTextEn: 'Outage', itemValue: 'x1', status: 1, sortOrder: 1 } });
  assert.equal(added.status, 200, JSON.stringify(added.json));
  assert.deepEqual(await items(a), ['x1'], 'A sees its own change');
  await sleep(9_500);
  const back = performance.now();
  redis('start');
  let caught = null;
  while (performance.now() - back < 15_000) {
    if ((await items(b)).includes('x1')) {
      caught = performance.now() - back;
      break;
    }
    await sleep(100);
  }
  assert.ok(caught !== null, "B caught up with A's change after Redis returned");
  console.log(
    `Redis down 10 s, two instances: both signed in and listed (each counting sign-in limits itself); ` +
      `a dictionary change made on A meanwhile reached B ${caught.toFixed(0)} ms after Redis was back`,
  );
}

try {
  await postgresOutage();
  await redisOutage();
  console.log('ok: both outages ridden out without a restart');
} finally {
  for (const s of servers) s.kill('SIGTERM');
}
