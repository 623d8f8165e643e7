// Writes brotli (.br) and gzip (.gz) copies beside the built assets under dist/assets, so the
// server sends them as they are (Content-Encoding) instead of compressing on every request.
//   node scripts/precompress.mjs [dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const dir = join(dist, 'assets');
const worth = /\.(js|mjs|css|wasm|svg|json|html)$/;
let raw = 0;
let br = 0;
let count = 0;
for (const name of readdirSync(dir)) {
  const file = join(dir, name);
  if (!worth.test(name) || statSync(file).size < 1024) continue;
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  br += brotli.length;
  count += 1;
}
console.log(`precompressed ${count} assets: ${raw} bytes raw, ${br} brotli`);
