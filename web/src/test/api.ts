/** A fake server for component tests: `METHOD /path` (without /boot) to an envelope. */
import { vi, type Mock } from 'vitest';
import type { UserInfo } from '../lib/session';

export interface FakeAnswer {
  status?: number;
  message?: string;
  result?: unknown;
}

/** An envelope, or (a file the server makes) a whole response. */
export type FakeRoutes = Record<string, FakeAnswer | Response | ((body: unknown, url: URL) => FakeAnswer | Response)>;

export function envelopeResponse({ status = 200, message = 'ok', result = null }: FakeAnswer): Response {
  return new Response(JSON.stringify({ success: status < 400, message, code: status, result, timestamp: 0 }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs `fetch`; unknown routes answer 404. Returns the mock to inspect calls. */
export function fakeServer(routes: FakeRoutes): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/boot/, '')}`;
    const handler = routes[key];
    if (!handler) return envelopeResponse({ status: 404, message: 'not found' });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const answer = typeof handler === 'function' ? handler(body, url) : handler;
    return answer instanceof Response ? answer.clone() : envelopeResponse(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The seeded menu of the contract (dashboard; account with centre and settings). */
export const SEEDED_MENU = [
  {
    id: '1',
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    hidden: false,
    alwaysShow: false,
    route: '1',
    meta: { title: '工作台', titles: { 'zh-CN': '工作台', 'en-US': 'Dashboard' }, icon: 'dashboard', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
  },
  {
    id: '2',
    path: '/account',
    name: 'account',
    component: 'layouts/RouteView',
    redirect: '/account/center',
    hidden: false,
    alwaysShow: false,
    route: '1',
    meta: { title: '个人页', titles: { 'zh-CN': '个人页', 'en-US': 'Account' }, icon: 'user', keepAlive: false, internalOrExternal: false },
    children: [
      {
        id: '3',
        path: '/account/center',
        name: 'account-center',
        component: 'account/center/Index',
        hidden: false,
        alwaysShow: false,
        route: '1',
        meta: { title: '个人中心', titles: { 'zh-CN': '个人中心', 'en-US': 'Personal centre' }, icon: '', keepAlive: false, internalOrExternal: false },
      },
      {
        id: '4',
        path: '/account/settings/base',
        name: 'account-settings-base',
        component: 'account/settings/BaseSetting',
        hidden: false,
        alwaysShow: false,
        route: '1',
        meta: { title: '个人设置', titles: { 'zh-CN': '个人设置', 'en-US': 'Account settings' }, icon: '', keepAlive: false, internalOrExternal: false },
      },
    ],
  },
];

/** A signed-in user as the server describes it: what `fields` names, the rest an active account. */
export function testUser(fields: Partial<UserInfo> & Pick<UserInfo, 'id' | 'username'>): UserInfo {
  return { realname: fields.username, status: 1, userKind: 'customer', tenantId: 1, createTime: '2026-01-01T00:00:00Z', ...fields };
}

export const USER_INFO = testUser({ id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A01', orgCodeTxt: '总部', userKind: 'admin' });

export const PERMISSIONS = { menu: SEEDED_MENU, auth: [{ action: 'user:add', type: '1', status: '1' }], allAuth: [], sysSafeMode: false };
