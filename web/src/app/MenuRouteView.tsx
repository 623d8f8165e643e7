import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSkeleton, PageUnavailable } from '../components/PageStates';
import { usePermissions } from '../lib/permission';
import { firstLeafPath, isLeaf, normalizePath } from '../lib/menu';
import { resolveChain } from '../lib/routes';
import { PAGES, ROUTE_VIEWS } from './pages';

/**
 * The page of the current path among the registered menu routes: parents lead to their redirect
 * or first page, known components render lazily, unknown ones say the page is not available, and
 * paths outside the menu go to 404.
 */
export default function MenuRouteView() {
  const { pathname } = useLocation();
  const { routes } = usePermissions();
  const route = resolveChain(routes, pathname).at(-1);
  if (!route) return <Navigate to="/404" replace />;

  const here = normalizePath(route.path);
  if (route.redirect && normalizePath(route.redirect) !== here) return <Navigate to={route.redirect} replace />;
  if (!isLeaf(route) || ROUTE_VIEWS.has(route.component ?? '')) {
    const first = firstLeafPath(route);
    if (first && normalizePath(first) !== here) return <Navigate to={first} replace />;
  }

  const Page = route.component ? PAGES[route.component] : undefined;
  if (!Page) return <PageUnavailable component={route.component} />;
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}
