/**
 * Registers the app-shell service worker (`sw.js`, written by `precachePlugin.ts` at build time).
 * Production builds only: `main.tsx` calls it under `import.meta.env.PROD`, so the dev server
 * never serves stale modules.
 */
export const SW_URL = `${import.meta.env.BASE_URL}sw.js`;

export function registerServiceWorker(container: ServiceWorkerContainer | undefined = navigator.serviceWorker): void {
  if (!container) return;
  const register = () => {
    container.register(SW_URL, { scope: import.meta.env.BASE_URL }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  // After the page has loaded, so the precache does not compete with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
