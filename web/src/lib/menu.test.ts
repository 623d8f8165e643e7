import { describe, expect, test } from 'vitest';
import { buildRoutes } from '../core';
import { SEEDED_MENU } from '../test/api';
import { findChain, firstLeafPath, routeTitle, searchMenu, visibleMenu } from './menu';
import { permissionsFrom } from './permission';

const routes = buildRoutes(SEEDED_MENU);

describe('menu routes', () => {
  test('titles follow the language, with meta.title as fallback', () => {
    const account = routes[1]!;
    expect(routeTitle(account, 'en-US')).toBe('Account');
    expect(routeTitle(account, 'zh-CN')).toBe('个人页');
    expect(routeTitle({ path: '/x', meta: { title: '标题' } }, 'en-US')).toBe('标题');
  });

  test('the chain of a path is the breadcrumb trail', () => {
    expect(findChain(routes, '/account/center/').map((r) => r.name)).toEqual(['account', 'account-center']);
    expect(findChain(routes, '/nowhere')).toEqual([]);
  });

  test('the menu search matches titles (and parents) in the current language', () => {
    expect(searchMenu(routes, 'centre', 'en-US').map((h) => h.route.path)).toEqual(['/account/center']);
    expect(searchMenu(routes, 'account', 'en-US').map((h) => h.route.path)).toEqual(['/account/center', '/account/settings/base']);
    expect(searchMenu(routes, '设置', 'zh-CN').map((h) => h.title)).toEqual(['个人设置']);
    expect(searchMenu(routes, 'centre', 'zh-CN')).toEqual([]);
    expect(searchMenu(routes, '', 'en-US')).toHaveLength(3);
  });

  test('hidden items leave the menu; parents lead to their first page', () => {
    const hidden = buildRoutes([{ ...SEEDED_MENU[0], hidden: true }, SEEDED_MENU[1]]);
    expect(visibleMenu(hidden).map((r) => r.path)).toEqual(['/account']);
    expect(firstLeafPath(routes[1]!)).toBe('/account/center');
  });

  test('external URLs open in a new window; an empty or non-array menu is refused', () => {
    const external = buildRoutes([{ path: '/docs', name: 'docs', component: 'layouts/IframePageView', route: '1', meta: { title: 'Docs', url: 'https://example.com' } }]);
    expect(external[0]?.meta.openInNewWindow).toBe(true);
    expect(() => permissionsFrom({ menu: [] })).toThrow('permissions must be a non-null array');
    expect(() => permissionsFrom({ menu: null })).toThrow('permissions must be a non-null array');
    expect(() => buildRoutes({ menu: 1 })).toThrow('bad_request');
  });
});
