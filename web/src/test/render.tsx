import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/queryClient';
import { addRecipes, system } from '../app/theme';
import { SHELL_RECIPES, SHELL_SLOT_RECIPES } from '../app/themeShell';

// The app adds the shell's recipes when its first page other than sign-in loads; tests render
// any component at once.
addRecipes(system, SHELL_RECIPES, SHELL_SLOT_RECIPES);

/** Renders `content` inside the app's providers (theme, translations, toasts). */
export function renderInApp(content: ReactNode) {
  return render(<AppProviders>{content}</AppProviders>);
}

/** Renders routes in memory with every app provider (and a fresh TanStack Query client), starting at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = renderInApp(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/** Renders one element inside the providers at `path`. */
export function renderPage(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}
