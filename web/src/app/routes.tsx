/**
 * The fixed routes of spec section 2. Pages load lazily (one chunk per page), each with its
 * translation namespaces in the current language (loaded alongside the page's code, so no key
 * ever shows) and, except the sign-in page, the rest of the theme's recipes (src/app/theme.ts).
 * Signed-in pages sit under the basic layout behind the guard loader, with TanStack Query
 * (queryClient.tsx); the menu's routes, registered by the guard, are resolved by
 * `MenuRouteView`. Public pages: the account pages under /user, single sign-on's return pages
 * under /sso and tracking.
 */
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Link as RouterLink, useLocation, useNavigate, type RouteObject } from 'react-router';
import { loadNamespaces, loadNamespacesInAllLanguages, type Namespace } from '../i18n';
import { HOME_PATH, LOGIN_PATH } from '../lib/guard';
import { TEST_HOME_PATH, USER_ANNOUNCEMENT_PATH } from '../lib/routes';
import { BareServerError, PageLoading } from './fallbacks';
import { guardLoader } from './guard';
import { NavigationProvider, type PageNavigation } from './navigation';
import { loadShellTheme } from './theme';

/**
 * A route's `lazy`: its page's module, translations and the shell's recipes, loaded together.
 * The `firstPage` route (sign-in; its layout too) needs only the first page's recipes.
 */
function page(load: () => Promise<{ default: ComponentType }>, namespaces: readonly Namespace[] = [], firstPage = false) {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces), firstPage ? undefined : loadShellTheme()]);
    return { Component: module.default };
  };
}

/** The navigation of the public account pages (navigation.tsx), from react-router. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const navigation = useMemo<PageNavigation>(
    () => ({ navigate: (to, options) => void navigate(to, options), search, Link: RouterLink, Outlet }),
    [navigate, search],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}

/** The layout of the public account pages (`/user/*`, `/sso/*`), with react-router's navigation. */
async function userLayout() {
  const { default: UserLayout } = await import('../layouts/UserLayout');
  return {
    Component: () => (
      <RouterNavigation>
        <UserLayout />
      </RouterNavigation>
    ),
  };
}

/** The exception pages (403/404/500) and the router's error page, loaded when one shows. */
const exceptionPages = () =>
  Promise.all([import('../features/exception/ExceptionPage'), loadNamespaces(['exception']), loadShellTheme()]).then(([module]) => module);
const RouteErrorPage = lazy(() =>
  exceptionPages().then(
    (module) => ({ default: module.RouteErrorPage }),
    // Its chunk cannot load either (a new version replaced the files, or no network): the bare code.
    () => ({ default: BareServerError }),
  ),
);

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

/** The public tracking page: one page for the query and its result (spec section 2). */
const trackPage = page(() => import('../features/tracking/PublicTrackPage'), ['tracking']);

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
        lazy: userLayout,
        children: [
          { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
          {
            path: 'login',
            loader: guardLoader,
            lazy: page(() => import('../features/auth/components/LoginPage'), ['user'], true),
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
        // Where single sign-on comes back (CAS; a third-party sign-in such as OpenID Connect).
        path: '/sso',
        lazy: userLayout,
        children: [
          { path: 'cas', lazy: page(() => import('../features/auth/components/SsoCasPage'), ['user', 'sso']) },
          { path: 'third', lazy: page(() => import('../features/auth/components/SsoThirdPage'), ['user', 'sso']) },
        ],
      },
      {
        path: '/track',
        children: [
          { index: true, element: <Navigate to="/track/search" replace /> },
          { path: 'search', lazy: trackPage },
          { path: 'result', lazy: trackPage },
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
          const [{ default: BasicLayout }, { ShellQueryProvider }] = await Promise.all([
            import('../layouts/BasicLayout'),
            import('./queryClient'),
            loadNamespaces(SHELL_NAMESPACES),
            loadNamespacesInAllLanguages(['layout']),
            loadShellTheme(),
          ]);
          return {
            Component: () => (
              <ShellQueryProvider>
                <BasicLayout />
              </ShellQueryProvider>
            ),
          };
        },
        children: [
          // Fixed signed-in pages every user has, whatever the menu says (spec section 2).
          {
            path: USER_ANNOUNCEMENT_PATH,
            lazy: page(() => import('../features/notices/UserAnnouncementPage'), ['notice']),
          },
          {
            path: TEST_HOME_PATH,
            lazy: page(() => import('../features/devtools/TestHomePage'), ['testHome', 'popup']),
          },
          { path: '*', lazy: page(() => import('./MenuRouteView')) },
        ],
      },
    ],
  },
];
