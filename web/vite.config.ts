import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import wasm from 'vite-plugin-wasm';
import { precacheShell } from './src/sw/precachePlugin';
import { preloadHints } from './src/sw/preloadHints';

const wasmEntry = fileURLToPath(new URL('../wasm/pkg/logistics_wasm.js', import.meta.url));
// The Rust server for `npm run dev` (proxied so cookies and paths match production).
const apiTarget = process.env.LOGISTICS_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // preloadHints: index.html starts the WASM core and, without a session, the sign-in page at once.
  // precacheShell: dist/sw.js, the offline app shell (src/sw); after preloadHints, as it hashes index.html.
  plugins: [react(), wasm(), preloadHints(), precacheShell()],
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
    // dist/.vite/manifest.json: scripts/check-page-weight.mjs reads the sign-in page's chunks from it.
    manifest: true,
    rolldownOptions: {
      // Chakra's theme modules build their recipes and configs through identity helpers
      // (`defineRecipe(...)`, `defineConfig(...)`); declared pure, the recipes the app's system
      // does not use (src/app/theme.ts) drop out of the bundle instead of all being kept.
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineStyle',
          'defineGlobalStyles',
          'defineKeyframes',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'defineTokens',
          'defineSemanticTokens',
          'defineConditions',
        ],
      },
      output: {
        codeSplitting: {
          groups: [
            // React, its DOM renderer and the router: every page needs them first.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 3 },
            // The other libraries the entry imports statically (Chakra's core, i18next, TanStack Query).
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 2 },
            // Chakra's components and their Ark/Zag machines, react-hook-form: split by the pages
            // that use them, small splits merged, so the sign-in page needs a few chunks, not dozens
            // (each one a request, a round trip on a slow link).
            {
              name: 'ui',
              test: /node_modules[\\/](@ark-ui|@zag-js|@floating-ui|@chakra-ui|react-hook-form)[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 6000,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
