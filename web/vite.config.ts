import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';
import { precacheShell } from './src/sw/precachePlugin';

const wasmEntry = fileURLToPath(new URL('../wasm/pkg/logistics_wasm.js', import.meta.url));
// The Rust server for `npm run dev` (proxied so cookies and paths match production).
const apiTarget = process.env.LOGISTICS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // precacheShell: dist/sw.js, the offline app shell (src/sw).
  plugins: [react(), wasm(), precacheShell()],
  resolve: {
    alias: { 'logistics-wasm': wasmEntry },
  },
  optimizeDeps: { exclude: ['logistics-wasm'] },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/boot': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: {
    target: 'esnext',
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'chakra', test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
