/**
 * The fixed routes of spec section 2. Pages load lazily (one chunk per page). Signed-in pages sit
 * under the basic layout behind the guard loader; the menu's routes, registered by the guard, are
 * resolved by `MenuRouteView`. Public pages: the account pages under /user and tracking.
 */
import { AbsoluteCenter, Spinner } from '@chakra-ui/react';
import { Navigate, type RouteObject } from 'react-router';
import { ExceptionPage, RouteErrorPage } from '../features/exception/ExceptionPage';
import { HOME_PATH, LOGIN_PATH } from '../lib/guard';
import { USER_ANNOUNCEMENT_PATH } from '../lib/routes';
import { guardLoader } from './guard';

function PageLoading() {
  return (
    <AbsoluteCenter>
      <Spinner size="lg" color="colorPalette.solid" />
    </AbsoluteCenter>
  );
}

/** Tracking pages are public but not built yet: they send visitors to sign-in for now. */
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
            path: 'login',
            loader: guardLoader,
            lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage')).default }),
          },
          {
            path: 'register',
            lazy: async () => ({ Component: (await import('../features/auth/components/RegisterPage')).default }),
          },
          {
            path: 'register-result',
            lazy: async () => ({ Component: (await import('../features/auth/components/RegisterResultPage')).default }),
          },
          {
            path: 'alteration',
            lazy: async () => ({ Component: (await import('../features/auth/components/AlterationPage')).default }),
          },
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
      { path: '/403', element: <ExceptionPage code="403" /> },
      { path: '/404', element: <ExceptionPage code="404" /> },
      { path: '/500', element: <ExceptionPage code="500" /> },
      {
        id: 'app',
        loader: guardLoader,
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('../layouts/BasicLayout')).default }),
        children: [
          // Fixed signed-in pages every user has, whatever the menu says (spec section 2).
          {
            path: USER_ANNOUNCEMENT_PATH,
            lazy: async () => ({ Component: (await import('../features/notices/UserAnnouncementPage')).default }),
          },
          { path: '*', lazy: async () => ({ Component: (await import('./MenuRouteView')).default }) },
        ],
      },
    ],
  },
];
