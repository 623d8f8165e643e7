// How long the browser takes to compile and instantiate the WebAssembly core, in Chromium with
// the CPU slowed 4x (a mid-range phone): the bytes are in memory, so this is the page's own cost
// after the download. Median and worst of N fresh instantiations.
//   node scripts/bench-wasm-instantiate.mjs [path/to/logistics_wasm_bg.wasm] [runs]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';

const file = process.argv[2] ?? '../wasm/pkg/logistics_wasm_bg.wasm';
const runs = Number(process.argv[3] ?? 20);
const bytes = readFileSync(file);
const server = createServer((req, res) => {
  if (req.url === '/core.wasm') {
    res.writeHead(200, { 'content-type': 'application/wasm' });
    res.end(bytes);
  } else {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>wasm</title>');
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times = await page.evaluate(async (n) => {
    const buffer = await (await fetch('/core.wasm')).arrayBuffer();
    const out = [];
    for (let i = 0; i < n; i++) {
      // A copy each time, so nothing compiled before is reused.
      const copy = buffer.slice(0);
      const start = performance.now();
      const module = await WebAssembly.compile(copy);
      const imports = {};
      for (const { module: m, name, kind } of WebAssembly.Module.imports(module)) {
        imports[m] ??= {};
        imports[m][name] = kind === 'function' ? () => {} : undefined;
      }
      await WebAssembly.instantiate(module, imports);
      out.push(performance.now() - start);
    }
    return out;
  }, runs);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `wasm core ${bytes.length} bytes: compile + instantiate at 4x CPU throttling, ${runs} runs: ` +
      `median ${median.toFixed(1)} ms, worst ${times[times.length - 1].toFixed(1)} ms`,
  );
} finally {
  await browser.close();
  server.close();
}
