#!/usr/bin/env node
// The sign-in page's JavaScript budget. Run after `npm run build`:
//
//   node scripts/check-page-weight.mjs [--dist dist] [--budget 153600] [--json]
//
// From Vite's build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts) it
// lists every JS file the first load of /user/login fetches: index.html's entry, the sign-in
// page's lazy module (src/app/SignInStage.tsx: without a session the app starts on it, without
// the router, see src/app/start.tsx), the modules main.tsx starts loading at once, the
// translations the page shows (one language at a time; the larger language counts), and all of
// their static imports. It brotli-compresses each one (quality 11, like a precompressing server)
// and exits 1 when the total is over the budget (150 KB by default).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

/** The lazy module src/app/start.tsx loads for /user/login without a session (src/sw/preloadHints.ts). */
export const SIGN_IN_ROUTE_MODULES = ['src/app/SignInStage.tsx'];
/** Modules main.tsx imports dynamically on every start (when they exist as separate chunks). */
export const STARTUP_MODULES = ['src/core/index.ts'];
/** Translation namespaces the sign-in page shows (src/i18n/index.ts loads one file per language). */
export const SIGN_IN_NAMESPACES = ['common', 'user'];
export const LANGUAGES = ['zh-CN', 'en-US'];

const brotliSize = (bytes) =>
  brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length;

/** The manifest's chunk files for these sources and everything they import statically. */
function closure(manifest, sources) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return files;
}

/** Sizes of the sign-in page's first-load JavaScript in `dist`. */
export function measureSignIn(dist) {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run \`npm run build\` first (vite.config.ts must keep build.manifest on)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('the build manifest has no index.html entry');
  const startup = STARTUP_MODULES.filter((key) => manifest[key]);
  const common = closure(manifest, [entry, ...startup, ...SIGN_IN_ROUTE_MODULES]);

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { raw: bytes.length, brotli: brotliSize(bytes) });
    }
    return sizes.get(file);
  };

  const perLanguage = LANGUAGES.map((language) => {
    // Bundled translations (no separate chunk) are already counted in the chunks above.
    const keys = SIGN_IN_NAMESPACES.map((ns) => `src/locales/${language}/${ns}.json`).filter((key) => manifest[key]);
    const files = closure(manifest, keys);
    for (const file of common) files.delete(file);
    const list = [...common, ...files].map((file) => ({ file, ...sizeOf(file) }));
    return {
      language,
      files: list.toSorted((a, b) => b.brotli - a.brotli),
      raw: list.reduce((sum, f) => sum + f.raw, 0),
      brotli: list.reduce((sum, f) => sum + f.brotli, 0),
    };
  });
  const worst = perLanguage.reduce((a, b) => (b.brotli > a.brotli ? b : a));
  return { entry, perLanguage, worst };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const dist = resolve(option('--dist', join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')));
  const budget = Number(option('--budget', String(BUDGET_BYTES)));
  let result;
  try {
    result = measureSignIn(dist);
  } catch (error) {
    console.error(`Page weight check failed: ${error.message}`);
    process.exit(2);
  }
  const { perLanguage, worst } = result;
  if (args.includes('--json')) {
    console.log(JSON.stringify({ budget, ...result }, null, 2));
  } else {
    console.log(`Sign-in route (/user/login), first-load JavaScript, brotli quality 11 (${worst.language}):`);
    for (const f of worst.files) console.log(`  ${kb(f.brotli).padStart(9)}  ${kb(f.raw).padStart(9)} raw  ${f.file}`);
    for (const p of perLanguage) console.log(`  total ${p.language}: ${kb(p.brotli)} brotli (${p.brotli} bytes), ${kb(p.raw)} raw, ${p.files.length} files`);
  }
  if (worst.brotli > budget) {
    console.error(
      `Page weight check FAILED: the sign-in route loads ${worst.brotli} bytes (${kb(worst.brotli)}) of brotli-compressed JavaScript in ${worst.language}; the budget is ${budget} bytes (${kb(budget)}), ${worst.brotli - budget} bytes over.`,
    );
    process.exit(1);
  }
  console.log(`Page weight OK: ${kb(worst.brotli)} <= ${kb(budget)} (${budget - worst.brotli} bytes to spare).`);
}
