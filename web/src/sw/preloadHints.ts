/**
 * A small Vite plugin (build only) that puts two hints into index.html so the first page's files
 * download at once instead of one after the other:
 *
 * the chunks the entry will import next (src/app/start.tsx), which the browser would only ask for
 * once the entry has run: a few lines of inline script add `modulepreload` links for them. A
 * visitor without a session lands on the sign-in page (src/app/signInLocation.ts) and gets its
 * chunks and the `common` and `user` translations in the language src/i18n will pick; a signed-in
 * visitor gets the router's chunks and the signed-in shell's; a visitor without a session on
 * another public page gets the router's. Those two also get the WASM core (its glue chunk and
 * `<link rel="preload" as="fetch">` for the `.wasm`): the whole app renders only once it is here.
 * The sign-in page does not wait for it (src/core starts loading it as the entry runs), so on a
 * slow link its 100 KB do not share the bandwidth with what the page needs to paint.
 */
import type { Plugin } from 'vite';
import { PATHS_WITHOUT_SIGN_IN } from '../app/signInLocation';

/** The sign-in page's lazy module (src/app/start.tsx; scripts/check-page-weight.mjs too). */
export const SIGN_IN_MODULES = ['src/app/SignInStage.tsx'];
export const SIGN_IN_NAMESPACES = ['common', 'user'];
/** The whole app's lazy module (src/app/start.tsx). */
export const APP_MODULES = ['src/app/router.tsx'];
/** What the signed-in shell's route loads (src/app/routes.tsx, the `app` route). */
export const SHELL_MODULES = ['src/layouts/BasicLayout.tsx', 'src/app/queryClient.tsx', 'src/app/themeShell.ts', 'src/app/MenuRouteView.tsx'];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

export interface Hints {
  signIn: string[];
  locales: Record<string, string[]>;
  app: string[];
  shell: string[];
  /** The WASM core's glue chunks and its `.wasm` file. */
  core: { chunks: string[]; wasm: string | undefined };
}

export function hintScript(base: string, { signIn, locales, app, shell, core }: Hints): string {
  const urls = (files: string[]) => JSON.stringify(files.map((file) => `${base}${file}`));
  const localeUrls = JSON.stringify(Object.fromEntries(Object.entries(locales).map(([language, files]) => [language, files.map((file) => `${base}${file}`)])));
  // Mirrors src/lib/session (a stored token and its expiry), src/app/signInLocation (the paths
  // without sign-in) and src/i18n detectLanguage (cookie, then the browser's languages, then English).
  return `(function(){try{
var p=(location.pathname.replace(/\\/+$/,'')||'/').toLowerCase(),t=null,f;
try{t=JSON.parse(localStorage.getItem('Access-Token'));}catch(e){}
var w=${JSON.stringify(core.wasm ? `${base}${core.wasm}` : '')},k=${urls(core.chunks)};
if(t&&typeof t.expires==='number'&&t.expires>=Date.now())f=${urls(app)}.concat(${urls(shell)},k);
else if(${JSON.stringify(PATHS_WITHOUT_SIGN_IN)}.indexOf(p)>=0)f=${urls(app)}.concat(k);
else{w='';
var lang=function(t){t=String(t||'').toLowerCase().split(/[-_]/)[0];return t==='zh'?'zh-CN':t==='en'?'en-US':'';};
var c=document.cookie.match(/(?:^|;\\s*)client_lang=([^;]*)/),l=c&&lang(decodeURIComponent(c[1]));
if(!l){var ls=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<ls.length&&!l;i++)l=lang(ls[i]);}
f=${urls(signIn)}.concat((${localeUrls})[l||'en-US']||[]);}
for(var j=0;j<f.length;j++){var e=document.createElement('link');e.rel='modulepreload';e.href=f[j];document.head.appendChild(e);}
if(w){var x=document.createElement('link');x.rel='preload';x.as='fetch';x.type='application/wasm';x.crossOrigin='anonymous';x.href=w;document.head.appendChild(x);}
}catch(e){}})();`;
}

export function preloadHints(): Plugin {
  let base = '/';
  return {
    name: 'logistics:preload-hints',
    apply: 'build',
    configResolved(config) {
      base = config.base.endsWith('/') ? config.base : `${config.base}/`;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkLike => item.type === 'chunk');
        const byModule = (suffix: string) => chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${suffix}`));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (roots: (ChunkLike | undefined)[]) => {
          const files = new Set<string>();
          const stack = roots.filter((root): root is ChunkLike => root !== undefined);
          while (stack.length > 0) {
            const chunk = stack.pop()!;
            if (files.has(chunk.fileName)) continue;
            files.add(chunk.fileName);
            for (const file of chunk.imports) {
              const next = byFile.get(file);
              if (next) stack.push(next);
            }
          }
          return files;
        };
        // What the entry already loads (Vite preloads it) needs no second hint.
        const initial = closure(chunks.filter((chunk) => chunk.isEntry));
        const lazy = (modules: string[]) => [...closure(modules.map(byModule))].filter((file) => !initial.has(file)).toSorted();
        const app = lazy(APP_MODULES);
        const wasm = Object.values(bundle).find((item) => item.type === 'asset' && item.fileName.endsWith('.wasm'));
        const glue = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith('/wasm/pkg/logistics_wasm.js'));
        const hints: Hints = {
          signIn: lazy(SIGN_IN_MODULES),
          locales: {},
          app,
          shell: lazy(SHELL_MODULES).filter((file) => !app.includes(file)),
          core: { chunks: glue ? [...closure([glue])].filter((file) => !initial.has(file)).toSorted() : [], wasm: wasm?.fileName },
        };
        for (const language of ['zh-CN', 'en-US']) {
          hints.locales[language] = SIGN_IN_NAMESPACES.map((ns) => byModule(`src/locales/${language}/${ns}.json`)?.fileName).filter(
            (file): file is string => file !== undefined && !initial.has(file),
          );
        }
        const tags = [hints.signIn.length > 0 ? `<script>${hintScript(base, hints)}</script>` : ''].filter(Boolean);
        index.source = String(index.source).replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}
