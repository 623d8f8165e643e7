#!/usr/bin/env node
// A small static server of the built app (dist/) for page-weight measurements, loopback only:
//
//   node scripts/serve-dist.mjs [--dist dist] [--port 4173]
//
// Text files (JS, HTML, JSON, SVG, CSS) and the WASM module go out brotli-compressed (quality 11,
// compressed once and kept in memory, like a precompressing server) to clients that accept `br`;
// paths without a file extension get index.html (the SPA's routes); `/boot/*` (the API, absent
// here) answers a JSON 404. Used by scripts/measure-lcp.mjs; not the production server (that is
// the Rust binary).
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.json', '.css', '.svg', '.wasm']);

/** Starts the server; resolves to `{ url, close }`. */
export function serveDist({ dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'), port = 0 } = {}) {
  const root = resolve(dist);
  const compressed = new Map();
  const brotli = (path, bytes) => {
    if (!compressed.has(path)) {
      compressed.set(path, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    }
    return compressed.get(path);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/boot/')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, code: 404, message: 'no API in the static server' }));
      return;
    }
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (path !== root && !path.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    let isFile = false;
    try {
      isFile = statSync(path).isFile();
    } catch {
      isFile = false;
    }
    if (!isFile) {
      if (extname(url.pathname)) {
        response.writeHead(404).end();
        return;
      }
      path = join(root, 'index.html');
    }
    const ext = extname(path);
    let body = readFileSync(path);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (COMPRESSIBLE.has(ext) && /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      body = brotli(path, body);
      headers['content-encoding'] = 'br';
    }
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });

  return new Promise((resolveServer, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolveServer({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const { url } = await serveDist({ dist: option('--dist', undefined), port: Number(option('--port', '4173')) });
  console.log(`Serving ${resolve(option('--dist', 'dist'))} at ${url} (brotli)`);
}
