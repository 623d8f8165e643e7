import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type UserConfig } from 'vite';
import wasm from 'vite-plugin-wasm';
import { noChunkCycles } from './src/sw/chunkCycles';
import { precacheShell } from './src/sw/precachePlugin';
import { APP_MODULES, preloadHints, SHELL_MODULES, SIGN_IN_MODULES } from './src/sw/preloadHints';
import { pureAnatomies } from './src/sw/pureAnatomies';
import { firstPageGroups, firstPageModules, type ChunkLike, type FirstPageModules } from './src/sw/signInChunks';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const wasmEntry = fromRoot('../wasm/pkg/logistics_wasm.js');
// The Rust server for `npm run dev` (proxied so cookies and paths match production).
const apiTarget = process.env.LOGISTICS_API ?? 'http://127.0.0.1:8080';

const resolve = {
  alias: [
    { find: 'logistics-wasm', replacement: wasmEntry },
    // Exactly the shim: `…/shim/with-selector` (Recharts) is a module of its own.
    { find: /^use-sync-external-store\/shim$/, replacement: fromRoot('src/app/useSyncExternalStoreShim.ts') },
  ],
};

const treeshake = {
  // CommonJS modules count as having side effects, so they stay even when nothing uses them:
  // these have none (emotion imports them for `withTheme`, which Chakra does not use).
  moduleSideEffects: (id: string) => (/node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined),
  // Chakra's theme modules build their recipes and configs through identity helpers
  // (`defineRecipe(...)`, `defineConfig(...)`); declared pure, the recipes the app's system does
  // not use (src/app/theme.ts, themeShell.ts) drop out of the bundle instead of all being kept.
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
    // src/components/icons.tsx: each icon is a createIcon(...) call; a page gets only those it shows.
    'createIcon',
  ],
};

/**
 * The first pass of the build (src/sw/signInChunks.ts): the app split by the bundler alone,
 * nothing written, to learn which modules the first page (sign-in) really loads.
 */
async function firstPage(): Promise<FirstPageModules> {
  const result = await build({
    configFile: false,
    root: fromRoot('.'),
    logLevel: 'warn',
    plugins: [react(), wasm(), pureAnatomies()],
    resolve,
    build: { target: 'esnext', write: false, emptyOutDir: false, rolldownOptions: { treeshake } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item): item is (typeof item & ChunkLike) => item.type === 'chunk');
  return firstPageModules(chunks, fromRoot('src/main.tsx'), SIGN_IN_MODULES.map(fromRoot), [...APP_MODULES, ...SHELL_MODULES].map(fromRoot));
}

export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  // pureAnatomies: Chakra's component anatomies that no page uses drop out (src/sw/pureAnatomies.ts).
  // preloadHints: index.html starts the WASM core and the chunks src/app/start.tsx loads next at once.
  // precacheShell: dist/sw.js, the offline app shell (src/sw); after preloadHints, as it hashes index.html.
  // noChunkCycles: the build fails when chunks import each other in a circle (src/sw/chunkCycles.ts).
  plugins: [react(), wasm(), pureAnatomies(), preloadHints(), precacheShell(), noChunkCycles()],
  resolve,
  optimizeDeps: { exclude: ['logistics-wasm'] },
  server: {
    fs: { allow: ['..'] },
    proxy: { '/boot': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: {
    target: 'esnext',
    // Every browser the app supports (ES2022+, top-level await) knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: scripts/check-page-weight.mjs reads the sign-in page's chunks from it.
    manifest: true,
    rolldownOptions: {
      treeshake,
      output: {
        codeSplitting: {
          groups: [
            // React and its DOM renderer: every page needs them first.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
            // The router: the whole app needs it, the sign-in page alone does not (src/app/start.tsx).
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
            // The rest of what the first page loads, in two chunks: `boot` and `signin`.
            ...(command === 'build' ? firstPageGroups(await firstPage(), 3) : []),
            // Chakra's components and their Ark/Zag machines, react-hook-form, for the other pages:
            // split by the pages that use them, small splits merged, so a page needs a few chunks,
            // not dozens (each one a request, a round trip on a slow link).
            {
              name: 'ui',
              test: /node_modules[\\/](@ark-ui|@zag-js|@floating-ui|@chakra-ui|react-hook-form)[\\/]/,
              entriesAware: true,
              // 6,000, then 3,000 (with the wallet pages), then 2,000 (with the return pages) made
              // two `ui` chunks import each other (src/sw/chunkCycles.ts).
              entriesAwareMergeThreshold: 1500,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
