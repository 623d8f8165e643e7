/**
 * A small Vite plugin (build only) that puts two hints into index.html so the first page's files
 * download at once instead of one after the other:
 *
 * - the WASM core (`<link rel="preload" as="fetch">`): the entry waits for it before the first
 *   render (src/core instantiates it at start-up), so it should not start after the entry's JS;
 * - the sign-in page's chunks and translations: a visitor without a session lands on /user/login
 *   whatever the URL, and its chunks are lazy (src/app/routes.tsx), so the router would only ask
 *   for them once the entry has run. A few lines of inline script add `modulepreload` links for
 *   them (and the `common` and `user` translations in the language src/i18n will pick) when the
 *   browser has no session token. Signed-in visitors get none of this.
 */
import type { Plugin } from 'vite';

/** The sign-in route's lazy modules (src/app/routes.tsx; scripts/check-page-weight.mjs too). */
export const SIGN_IN_MODULES = ['src/layouts/UserLayout.tsx', 'src/features/auth/components/LoginPage.tsx'];
export const SIGN_IN_NAMESPACES = ['common', 'user'];

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

function signInScript(base: string, files: string[], locales: Record<string, string[]>): string {
  const url = (file: string) => `${base}${file}`;
  // Mirrors src/i18n detectLanguage (cookie, then the browser's languages, then English) and
  // src/lib/guard (public paths; a signed-in visitor on /user/login goes home).
  return `(function(){try{
var p=location.pathname.replace(/\\/+$/,'')||'/';
if(localStorage.getItem('Access-Token'))return;
if(/^\\/user\\/(register|register-result|alteration)$/.test(p))return;
var lang=function(t){t=String(t||'').toLowerCase().split(/[-_]/)[0];return t==='zh'?'zh-CN':t==='en'?'en-US':'';};
var c=document.cookie.match(/(?:^|;\\s*)client_lang=([^;]*)/),l=c&&lang(decodeURIComponent(c[1]));
if(!l){var ls=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];for(var i=0;i<ls.length&&!l;i++)l=lang(ls[i]);}
var f=${JSON.stringify(files.map(url))}.concat((${JSON.stringify(Object.fromEntries(Object.entries(locales).map(([k, v]) => [k, v.map(url)])))})[l||'en-US']||[]);
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
        const signIn = [...closure(SIGN_IN_MODULES.map(byModule))].filter((file) => !initial.has(file)).toSorted();
        const locales: Record<string, string[]> = {};
        for (const language of ['zh-CN', 'en-US']) {
          locales[language] = SIGN_IN_NAMESPACES.map((ns) => byModule(`src/locales/${language}/${ns}.json`)?.fileName).filter(
            (file): file is string => file !== undefined && !initial.has(file),
          );
        }
        const wasm = Object.values(bundle).find((item) => item.type === 'asset' && item.fileName.endsWith('.wasm'));
        const hints = [
          wasm ? `<link rel="preload" href="${base}${wasm.fileName}" as="fetch" type="application/wasm" crossorigin>` : '',
          signIn.length > 0 ? `<script>${signInScript(base, signIn, locales)}</script>` : '',
        ].filter(Boolean);
        index.source = String(index.source).replace('</head>', `    ${hints.join('\n    ')}\n  </head>`);
      },
    },
  };
}
