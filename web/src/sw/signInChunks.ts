/**
 * The first page's chunks, for `vite.config.ts` (build only). A visitor without a session lands
 * on the sign-in page, so its JavaScript decides how soon anyone sees the app (bench/README.md,
 * "Page weight"). Two things make that JavaScript heavier than the code it runs:
 *
 * - left to the bundler's splitting, the modules it needs are spread over dozens of small chunks
 *   (one per set of pages sharing them), each a request and compressed on its own, which costs
 *   about a tenth more bytes than the same code in a few chunks; merging small chunks, in turn,
 *   mixes in modules of other pages;
 * - grouping modules by the import graph pulls in whatever a barrel module or a namespace import
 *   reaches (Chakra's theme index reaches every recipe, Zag's toast index every machine), used
 *   or not.
 *
 * So the build runs twice: a first pass with the bundler's own splitting (which follows what is
 * really used, binding by binding) tells which modules the first page loads; the real build then
 * puts exactly those into two chunks:
 *
 * - `boot`: what the entry loads before the first render, whatever the page, and what the
 *   sign-in page shares with the whole app and its signed-in shell (so that they do not load
 *   the `signin` chunk);
 * - `signin`: what the sign-in page's lazy module (src/app/SignInStage.tsx) adds to that.
 *
 * Every other module is left to the other groups. Pages that use a `signin` module (a Chakra
 * field, the tabs) load that chunk too; they never pull their own code into it.
 */

/** What the first pass's output chunks tell (a subset of Rolldown's `OutputChunk`). */
export interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  moduleIds: readonly string[];
}

export interface FirstPageModules {
  /** Module ids of the entry's chunk and its static imports (but the entry module itself), and those the sign-in page shares with the app. */
  boot: ReadonlySet<string>;
  /** Module ids the sign-in page's chunks and their static imports add. */
  signIn: ReadonlySet<string>;
}

const normalize = (id: string) => id.replaceAll('\\', '/');

/**
 * The first page's modules from a build split by the bundler alone: `entry` is the entry
 * module (src/main.tsx), `signIn` the sign-in page's lazy modules, `app` the lazy modules of the
 * whole app and its signed-in shell (the router, the basic layout...), all absolute ids.
 */
export function firstPageModules(
  chunks: readonly ChunkLike[],
  entry: string,
  signIn: readonly string[],
  app: readonly string[],
): FirstPageModules {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const modulesOf = (roots: readonly ChunkLike[]) => {
    const seen = new Set<string>();
    const modules = new Set<string>();
    const stack = [...roots];
    while (stack.length > 0) {
      const chunk = stack.pop()!;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const id of chunk.moduleIds) modules.add(normalize(id));
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) stack.push(next);
      }
    }
    return modules;
  };
  const chunkOf = (id: string) => chunks.find((chunk) => chunk.facadeModuleId && normalize(chunk.facadeModuleId) === normalize(id));
  const entryChunk = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => normalize(id) === normalize(entry)));
  const signInChunks = signIn.map(chunkOf);
  const appChunks = app.map(chunkOf);
  if (!entryChunk || [...signInChunks, ...appChunks].some((chunk) => !chunk)) {
    throw new Error(`first page pass: no chunk for ${[entry, ...signIn, ...app].join(', ')}`);
  }
  const boot = modulesOf([entryChunk]);
  const signInModules = modulesOf(signInChunks as ChunkLike[]);
  const appModules = modulesOf(appChunks as ChunkLike[]);
  for (const id of signInModules) {
    if (appModules.has(id)) boot.add(id);
  }
  boot.delete(normalize(entry));
  for (const id of boot) signInModules.delete(id);
  signInModules.delete(normalize(entry));
  return { boot, signIn: signInModules };
}

/**
 * The code-splitting groups of the first page's chunks (priority `priority`). They take exactly
 * the modules listed: not their other dependencies, which the first pass found unused.
 */
export function firstPageGroups({ boot, signIn }: FirstPageModules, priority: number) {
  return [
    { name: 'boot', test: (id: string) => boot.has(normalize(id)), includeDependenciesRecursively: false, priority },
    { name: 'signin', test: (id: string) => signIn.has(normalize(id)), includeDependenciesRecursively: false, priority },
  ];
}
