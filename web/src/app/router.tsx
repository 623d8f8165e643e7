/**
 * The whole app: react-router with every route (routes.tsx). src/app/start.tsx loads it at once,
 * or once the sign-in page hands over (after signing in, or following a link elsewhere).
 */
import type { ReactElement } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';

/**
 * Starts the router at the current URL and resolves, once its first page is ready (the guard
 * has run, the page's code and translations are there), to the element that shows it: until
 * then the page before it (the sign-in page, or the loading spinner) stays on screen, as during
 * any navigation of the router.
 */
export function createApp(): Promise<ReactElement> {
  const router = createBrowserRouter(routes);
  const app = <RouterProvider router={router} />;
  if (router.state.initialized) return Promise.resolve(app);
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve(app);
    });
  });
}
