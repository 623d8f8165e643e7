/**
 * The fixed routes of spec section 2. Pages load lazily (one chunk per page), each with its
 * translation namespaces in the current language (loaded alongside the page's code, so no key
 * ever shows). Signed-in pages sit under the basic layout behind the guard loader; the menu's
 * routes, registered by the guard, are resolved by `MenuRouteView`. Public pages: the account
 * pages under /user and tracking.
 */
import { AbsoluteCenter, Heading, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadNamespaces, loadNamespacesInAllLanguages, type Namespace } from '../i18n';
import { HOME_PATH, LOGIN_PATH } from '../lib/guard';
import { USER_ANNOUNCEMENT_PATH } from '../lib/routes';
import { guardLoader } from './guard';

export function PageLoading() {
  return (
    <AbsoluteCenter>
      <Spinner size="lg" color="colorPalette.solid" />
    </AbsoluteCenter>
  );
}

/** A route's `lazy`: its page's module and translations, loaded together. */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = []) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };
}

/** The exception pages (403/404/500) and the router's error page, loaded when one shows. */
const exceptionPages = () => Promise.all([import('../features/exception/ExceptionPage'), loadNamespaces(['exception'])]).then(([module]) => module);
const RouteErrorPage = lazy(() =>
  exceptionPages().then(
    (module) => ({ default: module.RouteErrorPage }),
    // Its chunk cannot load either (a new version replaced the files, or no network): the bare code.
    () => ({ default: BareServerError }),
  ),
);

const SERVER_ERROR_CODE = '500';

function BareServerError() {
  return (
    <AbsoluteCenter>
      <Heading as="h1" size="4xl">
        {SERVER_ERROR_CODE}
      </Heading>
    </AbsoluteCenter>
  );
}
const exception = (code: '403' | '404' | '500') => async () => {
  const { ExceptionPage } = await exceptionPages();
  return { element: <ExceptionPage code={code} /> };
};

/**
 * What the signed-in shell shows besides the page: the layout's menus and tabs (the built-in
 * route titles carry every language, see lib/routes), the notice bell, the user menu's account
 * dialogs and the shared table texts.
 */
const SHELL_NAMESPACES = ['layout', 'notice', 'account', 'dataTable'] as const satisfies readonly Namespace[];

/** Tracking pages are public but not built yet: they send visitors to sign-in for now. */
const toLogin = <Navigate to={LOGIN_PATH} replace />;

export const routes: RouteObject[] = [
  {
    errorElement: (
      <Suspense fallback={<PageLoading />}>
        <RouteErrorPage />
      </Suspense>
    ),
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      {
        path: '/user',
        lazy: page(() => import('../layouts/UserLayout')),
        children: [
          { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
          {
            path: 'login',
            loader: guardLoader,
            lazy: page(() => import('../features/auth/components/LoginPage'), ['user']),
          },
          {
            path: 'register',
            lazy: page(() => import('../features/auth/components/RegisterPage'), ['user']),
          },
          {
            path: 'register-result',
            lazy: page(() => import('../features/auth/components/RegisterResultPage'), ['user']),
          },
          {
            path: 'alteration',
            lazy: page(() => import('../features/auth/components/AlterationPage'), ['user']),
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
      { path: '/403', lazy: exception('403') },
      { path: '/404', lazy: exception('404') },
      { path: '/500', lazy: exception('500') },
      {
        id: 'app',
        loader: guardLoader,
        shouldRevalidate: () => true,
        lazy: async () => {
          const [module] = await Promise.all([
            import('../layouts/BasicLayout'),
            loadNamespaces(SHELL_NAMESPACES),
            loadNamespacesInAllLanguages(['layout']),
          ]);
          return { Component: module.default };
        },
        children: [
          // Fixed signed-in pages every user has, whatever the menu says (spec section 2).
          {
            path: USER_ANNOUNCEMENT_PATH,
            lazy: page(() => import('../features/notices/UserAnnouncementPage'), ['notice']),
          },
          { path: '*', lazy: page(() => import('./MenuRouteView')) },
        ],
      },
    ],
  },
];
