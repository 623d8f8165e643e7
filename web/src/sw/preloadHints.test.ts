import { afterEach, describe, expect, it, vi } from 'vitest';
import { hintScript, type Hints } from './preloadHints';

const HINTS: Hints = {
  signIn: ['assets/signin.js'],
  locales: { 'zh-CN': ['assets/user-zh.js'], 'en-US': ['assets/user-en.js'] },
  app: ['assets/router.js'],
  shell: ['assets/BasicLayout.js'],
  core: { chunks: ['assets/logistics_wasm.js'], wasm: 'assets/logistics_wasm_bg.wasm' },
};

/** Runs index.html's inline script at `path` and answers the links it added. */
function hintsAt(path: string, signedIn: boolean) {
  window.history.replaceState(null, '', path);
  localStorage.clear();
  if (signedIn) localStorage.setItem('Access-Token', JSON.stringify({ value: 't', expires: Date.now() + 60_000 }));
  // The links are kept, not inserted (happy-dom would fetch them).
  const added: HTMLLinkElement[] = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLLinkElement);
    return node;
  });
  // The script is what the build writes into index.html, run as the browser would.
  new Function(hintScript('/', HINTS))();
  return added.map((link) => `${link.rel} ${link.getAttribute('href')}${link.rel === 'preload' ? ` as=${link.getAttribute('as')}` : ''}`);
}

describe('index.html preload hints', () => {
  afterEach(() => localStorage.clear());

  it('gives the sign-in page its chunks and translations, and leaves the WASM core to load behind it', () => {
    const links = hintsAt('/user/login', false);
    expect(links).toContain('modulepreload /assets/signin.js');
    expect(links.some((l) => l.includes('wasm'))).toBe(false);
  });

  it('gives a signed-in visit the router, the shell and the WASM core, which the whole app waits for', () => {
    expect(hintsAt('/dashboard/analysis', true)).toEqual([
      'modulepreload /assets/router.js',
      'modulepreload /assets/BasicLayout.js',
      'modulepreload /assets/logistics_wasm.js',
      'preload /assets/logistics_wasm_bg.wasm as=fetch',
    ]);
  });

  it('gives the public pages outside sign-in the router and the WASM core', () => {
    expect(hintsAt('/track/search', false)).toEqual([
      'modulepreload /assets/router.js',
      'modulepreload /assets/logistics_wasm.js',
      'preload /assets/logistics_wasm_bg.wasm as=fetch',
    ]);
  });
});
