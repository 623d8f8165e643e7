// The deployments a whole-journey run stands on: one server on SQLite; one on a fresh PostgreSQL
// database; two instances on one PostgreSQL database and Redis behind a round-robin proxy that
// sends each request (and each WebSocket) to the other instance in turn. Each answers
// `{ baseUrl, smsCode(mobile, mark), logMark(), served(), stop() }`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from './support.mjs';

/** PostgreSQL and Redis for the tests (`TEST_DATABASE_URL`, `TEST_REDIS_URL`), when this machine has them. */
export const POSTGRES = process.env.TEST_DATABASE_URL;
export const REDIS = process.env.TEST_REDIS_URL;

/** A new, empty PostgreSQL database next to `TEST_DATABASE_URL`'s: `{ url, drop() }`. */
function freshDatabase(tag) {
  const name = `e2e_${tag}_${process.pid}_${Date.now() % 1_000_000}`;
  execFileSync('psql', [POSTGRES, '-qc', `CREATE DATABASE ${name}`]);
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => {
      try {
        execFileSync('psql', [POSTGRES, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      } catch {
        // left for the machine's next clean-up; never fails a test that passed
      }
    },
  };
}

/**
 * A proxy on loopback that sends each HTTP request and each WebSocket upgrade to the next of
 * `upstreams` in turn: `{ url, served: [count per upstream], close() }`.
 */
async function roundRobin(upstreams) {
  const targets = upstreams.map((u) => new URL(u));
  const served = targets.map(() => 0);
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % targets.length;
    served[index] += 1;
    return targets[index];
  };
  const server = createServer((req, res) => {
    const target = pick();
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const target = pick();
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    served,
    close: () => new Promise((r) => {
      server.closeAllConnections?.();
      server.close(() => r());
    }),
  };
}

/** The SMS code any of `apps` logged for `mobile` after `marks` (one per app). */
async function codeFromAny(apps, mobile, marks) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const [i, app] of apps.entries()) {
      const code = await app.smsCode(mobile, marks[i], 50).catch(() => undefined);
      if (code) return code;
    }
  }
  throw new Error(`no SMS code for ${mobile} in the servers' logs`);
}

/** Starts `kind` (`sqlite`, `postgres` or `cluster`). */
export async function deploy(kind) {
  if (kind === 'sqlite') {
    const app = await startApp();
    return { ...app, served: () => [1], smsCode: (mobile, mark) => app.smsCode(mobile, mark) };
  }
  const database = freshDatabase(kind);
  if (kind === 'postgres') {
    try {
      const app = await startApp({ env: { DATABASE_URL: database.url } });
      return {
        ...app,
        served: () => [1],
        smsCode: (mobile, mark) => app.smsCode(mobile, mark),
        stop: async () => {
          await app.stop();
          database.drop();
        },
      };
    } catch (error) {
      database.drop();
      throw error;
    }
  }
  // Two instances sharing the database, Redis and the uploaded files (as on shared storage).
  const shared = mkdtempSync(join(tmpdir(), 'logistics-cluster-'));
  const env = { DATABASE_URL: database.url, REDIS_URL: REDIS, LOGISTICS_UPLOAD_DIR: join(shared, 'uploads') };
  const apps = [];
  try {
    apps.push(await startApp({ env }));
    apps.push(await startApp({ env }));
  } catch (error) {
    for (const app of apps) await app.stop();
    database.drop();
    throw error;
  }
  const proxy = await roundRobin(apps.map((a) => a.baseUrl));
  return {
    baseUrl: proxy.url,
    instances: apps.map((a) => a.baseUrl),
    served: () => [...proxy.served],
    logMark: () => apps.map((a) => a.logMark()),
    smsCode: (mobile, marks) => codeFromAny(apps, mobile, marks),
    stop: async () => {
      await proxy.close();
      for (const app of apps) await app.stop();
      database.drop();
      rmSync(shared, { recursive: true, force: true });
    },
  };
}
