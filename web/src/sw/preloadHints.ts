/**
 * A small Vite plugin (build only) that puts two hints into index.html so the first page's files
 * download at once instead of one after the other:
 *
 * - the WASM core (`<link rel="preload" as="fetch">`): the entry waits for it before the first
 *   render (src/core instantiates it at start-up), so it should not start after the entry's JS;
 * - the chunks the entry will import next (src/app/start.tsx), which the browser would only ask
 *   for once the entry has run: a few lines of inline script add `modulepreload` links for them.
 *   A visitor without a session lands on the sign-in page (src/app/signInLocation.ts) and gets
 *   its chunks and the `common` and `user` translations in the language src/i18n will pick;
 *   a signed-in visitor gets the router's chunks and the signed-in shell's; a visitor without a
 *   session on another public page gets the router's.
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

interface Hints {
  signIn: string[];
  locales: Record<string, string[]>;
  app: string[];
  shell: string[];
}

function hintScript(base: string, { signIn, locales, app, shell }: Hints): string {
  const urls = (files: string[]) => JSON.stringify(files.map((file) => `${base}${file}`));
  const localeUrls = JSON.stringify(Object.fromEntries(Object.entries(locales).map(([language, files]) => [language, files.map((file) => `${base}${file}`)])));
  // Mirrors src/lib/session (a stored token and its expiry), src/app/signInLocation (the paths
  // without sign-in) and src/i18n detectLanguage (cookie, then the browser's languages, then English).
  return `(function(){try{
var p=(location.pathname.replace(/\\/+$/,'')||'/').toLowerCase(),t=null,f;
try{t=JSON.parse(localStorage.getItem('Access-Token'));}catch(e){}
if(t&&typeof t.expires==='number'&&t.expires>=Date.now())f=${urls(app)}.concat(${urls(shell)});
else if(${JSON.stringify(PATHS_WITHOUT_SIGN_IN)}.indexOf(p)>=0)f=${urls(app)};
else{
var lang=function(t){t=String(t||'').toLowerCase().split(/[-_]/)[0];return t==='zh'?'zh-CN':t==='en'?'en-US':'';};
var c=document.cookie.match(/(?:^|;\\s*)client_lang=([^;]*)/),l=c&&lang(decodeURIComponent(c[1]));
if(!l){var ls=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<ls.length&&!l;i++)l=lang(ls[i]);}
f=${urls(signIn)}.concat((${localeUrls})[l||'en-US']||[]);}
for(var j=0;j<f.length;j++){var e=document.createElement('link');e.rel='modulepreload';e.href=f[j];document.head.appendChild(e);}
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
        const hints: Hints = {
          signIn: lazy(SIGN_IN_MODULES),
          locales: {},
          app,
          shell: lazy(SHELL_MODULES).filter((file) => !app.includes(file)),
        };
        for (const language of ['zh-CN', 'en-US']) {
          hints.locales[language] = SIGN_IN_NAMESPACES.map((ns) => byModule(`src/locales/${language}/${ns}.json`)?.fileName).filter(
            (file): file is string => file !== undefined && !initial.has(file),
          );
        }
        const wasm = Object.values(bundle).find((item) => item.type === 'asset' && item.fileName.endsWith('.wasm'));
        const tags = [
          wasm ? `<link rel="preload" href="${base}${wasm.fileName}" as="fetch" type="application/wasm" crossorigin>` : '',
          hints.signIn.length > 0 ? `<script>${hintScript(base, hints)}</script>` : '',
        ].filter(Boolean);
        index.source = String(index.source).replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
      },
    },
  };
}
