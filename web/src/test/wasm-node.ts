/**
 * Test-only stand-in for `logistics-wasm` (aliased in vitest.config.ts): Node cannot import the
 * bundler-target `.wasm` as an ES module, so this instantiates the very same artefact by hand and
 * re-exports the generated bindings. Browser and tests therefore run identical rules.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bindings from '../../../wasm/pkg/logistics_wasm_bg.js';

// Paths, not URLs: under happy-dom the global URL is not Node's.
const wasmPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'wasm', 'pkg', 'logistics_wasm_bg.wasm');
const bytes = await readFile(wasmPath);
const { instance } = await WebAssembly.instantiate(bytes, { './logistics_wasm_bg.js': bindings });
const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start?: () => void };
bindings.__wbg_set_wasm(exports);
exports.__wbindgen_start?.();

export * from '../../../wasm/pkg/logistics_wasm_bg.js';
