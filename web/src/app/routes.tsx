/**
 * The fixed routes of spec section 2. Pages load lazily (one chunk per page); the guard sends a
 * visitor without a token to `/user/login?redirect=...` and a signed-in user away from login.
 * Menu-derived routes join under `/dashboard` once permissions arrive.
 */
import { AbsoluteCenter, Spinner } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { HOME_PATH, LOGIN_PATH, loginPathFor } from '../features/auth/redirect';
import { ExceptionPage, RouteErrorPage } from '../features/exception/ExceptionPage';
import { getToken } from '../lib/session';

function RequireSession() {
  const location = useLocation();
  if (!getToken()) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <Outlet />;
}

function RedirectIfSignedIn() {
  if (getToken()) return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

function PageLoading() {
  return (
    <AbsoluteCenter>
      <Spinner size="lg" color="brand.solid" />
    </AbsoluteCenter>
  );
}

/** The account pages not built yet send visitors to sign-in instead of showing an empty page. */
const toLogin = <Navigate to={LOGIN_PATH} replace />;

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      {
        path: '/user',
        lazy: async () => ({ Component: (await import('../layouts/UserLayout')).default }),
        children: [
          { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                path: 'login',
                lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage')).default }),
              },
            ],
          },
          { path: 'register', element: toLogin },
          { path: 'register-result', element: toLogin },
          { path: 'alteration', element: toLogin },
        ],
      },
      {
        path: '/track',
        children: [
          { index: true, element: <Navigate to="/track/search" replace /> },
          { path: 'search', element: toLogin },
          { path: 'result', element: toLogin },
        ],
      },
      {
        path: '/dashboard',
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({ Component: (await import('../layouts/BasicLayout')).default }),
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              {
                path: 'analysis',
                lazy: async () => ({ Component: (await import('../features/dashboard/AnalysisPage')).default }),
              },
            ],
          },
        ],
      },
      { path: '/403', element: <ExceptionPage code="403" /> },
      { path: '/404', element: <ExceptionPage code="404" /> },
      { path: '/500', element: <ExceptionPage code="500" /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
