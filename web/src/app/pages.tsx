/**
 * The page registry: a menu item's `component` string to the page it shows (spec section 2,
 * "menu-derived routes"). Unknown components show a "page not available" state.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

export const PAGES: Record<string, Page> = {
  'dashboard/Analysis': lazy(() => import('../features/dashboard/AnalysisPage')),
  'account/center/Index': lazy(() => import('../features/account/components/CenterPage')),
  'account/settings/BaseSetting': lazy(() => import('../features/account/components/BaseSettingPage')),
  'layouts/IframePageView': lazy(() => import('../layouts/IframePageView')),
};

/** Components that only group their children (JeecgBoot's RouteView). */
export const ROUTE_VIEWS = new Set(['layouts/RouteView', 'RouteView']);
