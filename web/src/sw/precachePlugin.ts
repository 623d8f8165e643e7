/**
 * A small Vite plugin (build only; no dependency) that writes `sw.js` next to the built app: the
 * worker of `src/sw/sw.js` with the list of every built file (index.html, JS, CSS, WASM, public
 * files) and a version derived from them filled in, so the app shell is precached and reloads
 * offline. Used by `vite.config.ts`; the worker is registered by `src/sw/register.ts`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';

export const SW_FILENAME = 'sw.js';
/** The worker's source, relative to the project root. */
export const SW_TEMPLATE = 'src/sw/sw.js';

/**
 * Built files that are not worth keeping offline (`.vite/manifest.json` is for scripts/check-page-weight.mjs).
 * The camera scanner's reader (about 1.1 MB, for the PDA pages alone) is not precached for every
 * user: the worker keeps it, like every hashed asset, the first time a PDA page opens the camera.
 */
const SKIPPED = [/\.map$/, /^sw\.js$/, /(^|\/)\.[^/]+$/, /^\.vite\//, /(^|\/)zxing_reader[^/]*\.wasm$/];

/** The URLs to precache for these output file names (sorted, deduplicated, under `base`). */
export function precacheEntries(fileNames: Iterable<string>, base = '/'): string[] {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const names = [...new Set(fileNames)].map((name) => name.split(sep).join('/')).filter((name) => !SKIPPED.some((skip) => skip.test(name)));
  return names.toSorted().map((name) => `${prefix}${name}`);
}

/** A short version that changes whenever a file name or the index page changes. */
export function shellVersion(entries: readonly string[], indexHtml = ''): string {
  return createHash('sha256').update(entries.join('\n')).update('\0').update(indexHtml).digest('hex').slice(0, 12);
}

const MARKERS = {
  version: /\/\* @sw-version \*\/ '[^']*'/,
  precache: /\/\* @sw-precache \*\/ \[\]/,
  base: /\/\* @sw-base \*\/ '[^']*'/,
};

/** The worker's source with its constants filled in; throws when the template lost a marker. */
export function renderServiceWorker(template: string, values: { version: string; precache: readonly string[]; base: string }): string {
  for (const [name, marker] of Object.entries(MARKERS)) {
    if (!marker.test(template)) throw new Error(`${SW_TEMPLATE}: the @sw-${name} marker is missing`);
  }
  return template
    .replace(MARKERS.version, () => JSON.stringify(values.version))
    .replace(MARKERS.precache, () => JSON.stringify(values.precache))
    .replace(MARKERS.base, () => JSON.stringify(values.base));
}

/** Files of the public directory (copied as they are into the output), relative to it. */
function publicFiles(dir: string | false): string[] {
  if (!dir || !existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

export function precacheShell(): Plugin {
  let root = process.cwd();
  let base = '/';
  let publicDir: string | false = false;
  return {
    name: 'logistics:precache-shell',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
      publicDir = config.publicDir || false;
    },
    generateBundle: {
      // After the HTML plugin has emitted index.html.
      order: 'post',
      handler(_options, bundle) {
        const entries = precacheEntries([...Object.keys(bundle), ...publicFiles(publicDir)], base);
        const index = bundle['index.html'];
        const indexHtml = index?.type === 'asset' ? String(index.source) : '';
        const source = renderServiceWorker(readFileSync(join(root, SW_TEMPLATE), 'utf8'), {
          version: shellVersion(entries, indexHtml),
          precache: entries,
          base,
        });
        this.emitFile({ type: 'asset', fileName: SW_FILENAME, source });
      },
    },
  };
}
