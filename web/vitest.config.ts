import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Node cannot import the bundler-target wasm as an ES module, so tests load the very same
// `.wasm` artefact through a small shim (see src/test/wasm-node.ts).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      'logistics-wasm': fileURLToPath(new URL('./src/test/wasm-node.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A test may wait (findBy, waitFor: up to 10 s each, src/test/setup.ts) on a loaded 2-core machine.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}'],
    // Both cores: the default leaves one of two idle (250 s against 400 s for the suite). Files
    // keep modules of their own (isolate): sharing them was twice as fast again, but tests then
    // saw each other's toasts, cookies and lazily loaded chunks, depending on the files' order.
    maxWorkers: 2,
  },
});
