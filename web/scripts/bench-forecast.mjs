// The browser's quote engine on a large bundle: loads the very WASM build the app ships
// (wasm/pkg), quotes one shipment of 5 parcels against every product of the bundle given as the
// first argument (the `result` of GET /boot/logistics/priceForecast/bundle, or the whole
// envelope), and prints the time per forecast (p50, p95, max over 200 runs after warm-up).
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.WASM_PKG ?? join(here, '..', '..', 'wasm', 'pkg');
const bindings = await import(join(pkg, 'logistics_wasm_bg.js'));
const { instance } = await WebAssembly.instantiate(await readFile(join(pkg, 'logistics_wasm_bg.wasm')), {
  './logistics_wasm_bg.js': bindings,
});
// The generated glue's set-up hooks (named by wasm-bindgen).
bindings['__wbg_set_wasm'](instance.exports);
instance.exports['__wbindgen_start']?.();

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/bench-forecast.mjs bundle.json');
const parsed = JSON.parse(await readFile(file, 'utf8'));
const bundle = JSON.stringify(parsed.result ?? parsed);
const shipment = JSON.stringify({
  countryCode: 'US',
  postalCode: '10001',
  tradeType: 'B2C',
  declaredValue: '320',
  parcels: [
    { length: 50, width: 40, height: 30, weight: 8, quantity: 1 },
    { length: 30, width: 20, height: 15, weight: 2.35, quantity: 2 },
    { length: 60, width: 45, height: 40, weight: 12.5, quantity: 1 },
    { length: 25, width: 25, height: 25, weight: 1.2, quantity: 1 },
    { length: 80, width: 30, height: 20, weight: 6.75, quantity: 1 },
  ],
});
const products = JSON.parse(bundle).products.length;
// As the page does (web/src/core/index.ts): the bundle is loaded once, each keystroke quotes.
const loadStart = process.hrtime.bigint();
const loaded = bindings.readBundle(bundle, 'zh-CN');
const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
const once = () => {
  const t0 = process.hrtime.bigint();
  const answer = loaded.forecast(shipment, 'zh-CN');
  return [Number(process.hrtime.bigint() - t0) / 1e6, answer];
};
// What the page does with it besides (web/src/core/index.ts): parse and put the whole answer
// together (the products' heads are read once per bundle).
const heads = JSON.parse(loaded.products('zh-CN'));
const page = () => {
  const t0 = process.hrtime.bigint();
  const { labels, weighings, quotes } = JSON.parse(loaded.forecast(shipment, 'zh-CN'));
  const whole = quotes.map((q) => ({
    ...heads[q.p],
    zone: q.zone,
    chargeableWeight: q.chargeableWeight,
    lines: q.lines.map(([kind, amount]) => ({ kind, label: labels[kind], amount })),
    total: q.total,
    breakdown: [...weighings[q.weighing], ...q.steps],
  }));
  return [Number(process.hrtime.bigint() - t0) / 1e6, whole];
};
// V8 compiles WASM quickly first and optimizes hot functions in the background: warm up until
// it has (the page quotes on every keystroke; its steady state is what counts).
const WARM = Number(process.env.WARM ?? 300);
const measure = (run) => {
  for (let i = 0; i < WARM; i++) run();
  const times = [];
  let last;
  for (let i = 0; i < 200; i++) {
    const [ms, answer] = run();
    times.push(ms);
    last = answer;
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  return [`p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${times.at(-1).toFixed(2)} ms`, last];
};
const [quoting, last] = measure(once);
const result = JSON.parse(last);
console.log(
  `WASM forecast: ${products} products x 5 parcels (${result.quotes.length} quotes, ${result.unavailable.length} unavailable, ` +
    `${Buffer.byteLength(last)} bytes of answer): ${quoting} (200 runs; loading the bundle once: ${loadMs.toFixed(1)} ms)`,
);
console.log(`  with the page's JSON.parse and breakdowns: ${measure(page)[0]}`);
