/**
 * A build guard (Vite plugin, build only): no two chunks may import each other statically,
 * directly or through others, except through the entry chunk.
 *
 * Rolldown's merging of small `ui` splits (vite.config.ts, `entriesAwareMergeThreshold`) can
 * produce such a circle, and then one chunk's top-level code can read another's export before
 * it has run: the page fails at start with "Cannot read properties of undefined" and the router
 * shows its bare 500. Which threshold does it depends on how the pages share modules, so any
 * change to a page can bring it back; this guard turns it into a build error that names the
 * circle (change the threshold then) instead of a page that breaks in the browser.
 */
import type { Plugin } from 'vite';

export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
}

/** The first static import circle among the chunks that are not entries, as file names; none: `null`. */
export function chunkCycle(chunks: readonly ChunkNode[]): string[] | null {
  const byFile = new Map(chunks.filter((chunk) => !chunk.isEntry).map((chunk) => [chunk.fileName, chunk]));
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    path.push(file);
    for (const next of byFile.get(file)?.imports ?? []) {
      if (!byFile.has(next)) continue;
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of byFile.keys()) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

export function noChunkCycles(): Plugin {
  return {
    name: 'logistics-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const cycle = chunkCycle(chunks);
      if (cycle) this.error(`chunks import each other in a circle (their code may run before what it reads): ${cycle.join(' -> ')}`);
    },
  };
}
