/**
 * How the app starts. A visitor without a session lands on the sign-in page whatever the URL
 * (src/app/signInLocation.ts), and that page is what most first visits show: it starts alone
 * (SignInStage.tsx), without react-router and the other routes, and hands over to the whole app
 * (router.tsx) when the visitor leaves it. Everyone else gets the whole app at once. The sign-in
 * page does not wait for the WASM core (src/core) either; the whole app does.
 */
import { Component, lazy, StrictMode, Suspense, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { coreReady } from '../core';
import { loadNamespaces } from '../i18n';
import { getToken } from '../lib/session';
import { BareServerError, PageLoading } from './fallbacks';
import { AppProviders } from './providers';
import { signInLocation } from './signInLocation';
import type { LeaveSignIn } from './SignInStage';

/** The sign-in page, with its translations (preloaded by index.html, see src/sw/preloadHints.ts). */
const SignInStage = lazy(() => Promise.all([import('./SignInStage'), loadNamespaces(['user'])]).then(([module]) => module));

/** If the sign-in page fails, the whole app takes over (its router shows the error page). */
class SignInBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    this.props.onError();
  }

  render() {
    return this.state.failed ? <PageLoading /> : this.props.children;
  }
}

/** The whole app's code (the router, the shell and the first page's chunks). */
const loadApp = () => import('./router');

export function start(root: Root): void {
  const render = (content: ReactNode) =>
    root.render(
      <StrictMode>
        <AppProviders>
          {/* Until the first translations and the page's code arrive. */}
          <Suspense fallback={<PageLoading />}>{content}</Suspense>
        </AppProviders>
      </StrictMode>,
    );

  /** Loads the whole app at the current URL (once) and shows it once its first page is ready. */
  let opened = false;
  const openApp = () => {
    if (opened) return;
    opened = true;
    // The whole app calls the WASM core as it renders: it starts once both are here.
    Promise.all([loadApp(), coreReady])
      .then(([{ createApp }]) => createApp())
      .then(render, () => render(<BareServerError />));
  };

  const signIn = getToken() === undefined ? signInLocation(window.location.pathname, window.location.search) : null;
  if (signIn === null) {
    render(<PageLoading />);
    openApp();
    return;
  }
  // Where the routes would have redirected (`/` to the sign-in page with `?redirect=...`).
  if (signIn !== window.location.pathname + window.location.search) window.history.replaceState(null, '', signIn);
  const leave: LeaveSignIn = (path, replace) => {
    // A second click while the app loads changes nothing (the first one decides where it starts).
    if (opened) return;
    if (replace) window.history.replaceState(null, '', path);
    else window.history.pushState(null, '', path);
    openApp();
  };
  // Signing in leads into the app: its code starts loading with the sign-in request.
  window.addEventListener('submit', () => void loadApp().catch(() => {}), { capture: true, once: true });
  render(
    <SignInBoundary onError={openApp}>
      <SignInStage onLeave={leave} />
    </SignInBoundary>,
  );
}
