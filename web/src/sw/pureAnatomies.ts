/**
 * A small Vite plugin (build only): Chakra's, Ark's and Zag's anatomy modules (the part names of
 * each component, for recipes and machines) build them with calls the bundler cannot tell are
 * free of side effects (`createAnatomy(...)`, `anatomy.build()`, `anatomy.extendWith(...)`), so
 * it keeps them all, and every component's anatomy lands in the first page's JavaScript once a
 * single recipe imports Chakra's `anatomy.js`. The calls only build objects; marked pure, the
 * anatomies nothing uses drop out.
 */
import type { Plugin } from 'vite';

/** The anatomy modules: Chakra's `anatomy.js`, Ark's `*.anatomy.js`, Zag's `*.anatomy.mjs`. */
export const ANATOMY_MODULE = /node_modules[\\/](@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]anatomy\.js|@ark-ui[\\/].*\.anatomy\.js|@zag-js[\\/].*\.anatomy\.mjs)$/;

const ANATOMY_CALL = /= (createAnatomy\(|[\w$]+\.(?:build|extendWith|rename)\()/g;

/** The module's code with its anatomy-building calls marked pure. */
export function markAnatomiesPure(code: string): string {
  return code.replace(ANATOMY_CALL, '= /* @__PURE__ */ $1');
}

export function pureAnatomies(): Plugin {
  return {
    name: 'logistics:pure-anatomies',
    apply: 'build',
    transform: {
      filter: { id: ANATOMY_MODULE },
      handler(code) {
        return { code: markAnatomiesPure(code), map: null };
      },
    },
  };
}
