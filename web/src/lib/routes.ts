/**
 * The registered routes of the session: the menu's (from the permission store) plus the pages
 * every signed-in user has even when the menu leaves them out (the dashboard and the account
 * pages the user menu links to).
 */
import type { MenuRoute } from '../core';
import i18n, { LANGUAGES } from '../i18n';
import { HOME_PATH } from './guard';
import { findChain } from './menu';

export const CENTER_PATH = '/account/center';
export const SETTINGS_PATH = '/account/settings/base';
/** The user's announcements (spec fixed route; the bell's "view more"). */
export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';
/** The component bench (spec fixed route): the popup picker built from typed settings. */
export const TEST_HOME_PATH = '/test/home';

function builtin(path: string, name: string, component: string, titleKey: 'home' | 'center' | 'settings' | 'announcements' | 'testHome'): MenuRoute {
  const titles = Object.fromEntries(LANGUAGES.map((lng) => [lng, i18n.t(`builtin.${titleKey}`, { ns: 'layout', lng })]));
  return { path, name, component, hidden: true, meta: { title: titles['zh-CN'], titles } };
}

/** Built when asked, so the titles follow the loaded translations. */
export function builtinRoutes(): MenuRoute[] {
  return [
    builtin(HOME_PATH, 'dashboard-analysis', 'dashboard/Analysis', 'home'),
    builtin(CENTER_PATH, 'account-center', 'account/center/Index', 'center'),
    builtin(SETTINGS_PATH, 'account-settings-base', 'account/settings/BaseSetting', 'settings'),
    builtin(USER_ANNOUNCEMENT_PATH, 'isps-userAnnouncement', 'isps/UserAnnouncementList', 'announcements'),
    builtin(TEST_HOME_PATH, 'test-home', 'devtools/TestHome', 'testHome'),
  ];
}

/** The route chain of `path`: from the menu, else from the built-in pages. */
export function resolveChain(routes: MenuRoute[], path: string): MenuRoute[] {
  const chain = findChain(routes, path);
  return chain.length > 0 ? chain : findChain(builtinRoutes(), path);
}
