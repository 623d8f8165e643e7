import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import i18n from '../../i18n';
import { setToken, setUserInfo } from '../../lib/session';
import { fakeServer, USER_INFO, type FakeRoutes } from '../../test/api';
import { renderRoutes } from '../../test/render';
import { inTimeZone } from '../../test/timeZone';
import { badgeText, NoticeBell } from './NoticeBell';

const ANNT = [
  { id: 'a1', titile: '春节放假通知', sender: '管理员', sendTime: '2026-01-20T02:00:00Z', priority: 'H', msgCategory: '1', openType: null, openPage: null },
  { id: 'a2', titile: '新渠道上线', sender: '管理员', sendTime: '2026-01-19 02:00:00', priority: 'M', msgCategory: '1', openType: 'url', openPage: '/account/center' },
];
const SYS = [{ id: 's1', titile: '系统维护', sender: 'system', sendTime: '2026-01-18 02:00:00', priority: 'L', msgCategory: '2', openType: null, openPage: null }];

function server(extra: FakeRoutes = {}, totals = { annt: 2, sys: 1 }) {
  setToken('t');
  setUserInfo(USER_INFO);
  return fakeServer({
    'GET /sys/annountCement/listByUser': { result: { anntMsgList: ANNT, anntMsgTotal: totals.annt, sysMsgList: SYS, sysMsgTotal: totals.sys } },
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': { message: '操作成功' },
    'PUT /sys/sysAnnouncementSend/readAll': { message: '操作成功' },
    'GET /sys/annountCement/queryById': {
      result: { ...ANNT[0], msgContent: '<p>放假 <b>7</b> 天</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">x</a>' },
    },
    ...extra,
  });
}

const calls = (fetchMock: ReturnType<typeof fakeServer>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

function renderBell() {
  return renderRoutes(
    [
      { path: '/dashboard/analysis', element: <NoticeBell /> },
      { path: '*', element: <NoticeBell /> },
    ],
    '/dashboard/analysis',
  );
}

/** Opens the popover (which loads the list again) and waits for that load. */
async function openPopover(fetchMock: ReturnType<typeof fakeServer>) {
  const before = calls(fetchMock, 'GET', 'listByUser').length;
  fireEvent.click(screen.getByTestId('notice-bell'));
  const popover = await screen.findByTestId('notice-popover');
  await waitFor(() => expect(calls(fetchMock, 'GET', 'listByUser')).toHaveLength(before + 1));
  return popover;
}

/** The bell on the fake server, once its count shows, with the popover opened; answers the view too. */
async function openBell() {
  const fetchMock = server();
  const view = renderBell();
  await screen.findByTestId('notice-badge');
  return { ...view, fetchMock, popover: await openPopover(fetchMock) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

inTimeZone('Asia/Shanghai');

describe('notification bell', () => {
  test('badge text: hidden at 0, the count up to 99, then 99+', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  test('the badge shows announcements + system messages, and the bell names the count', async () => {
    const fetchMock = server();
    renderBell();
    expect((await screen.findByTestId('notice-badge')).textContent).toBe('3');
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知，3 条未读');
    const url = new URL(String(calls(fetchMock, 'GET', '/sys/annountCement/listByUser')[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('pageSize')).toBe('5');
  });

  test('more than 99 shows 99+; none hides the badge', async () => {
    server({}, { annt: 80, sys: 40 });
    const view = renderBell();
    expect((await screen.findByTestId('notice-badge')).textContent).toBe('99+');
    view.unmount();
    const fetchMock = server({ 'GET /sys/annountCement/listByUser': { result: { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 } } });
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    const popover = await screen.findByTestId('notice-popover');
    expect((await within(popover).findAllByTestId('notice-empty'))[0]?.textContent).toContain('暂无未读通知');
    expect(calls(fetchMock, 'GET', 'listByUser').length).toBeGreaterThanOrEqual(1);
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('消息通知');
    expect(screen.queryByTestId('notice-badge')).toBeNull();
    expect((within(popover).getByTestId('notice-read-all') as HTMLButtonElement).disabled).toBe(true);
  });

  test('two tabs with their totals, each listing title, time and priority', async () => {
    const { popover } = await openBell();
    expect(within(popover).getByTestId('notice-tab-annt').textContent).toBe('通知(2)');
    expect(within(popover).getByTestId('notice-tab-sys').textContent).toBe('系统消息(1)');
    const annt = within(popover).getByTestId('notice-panel-annt');
    const items = within(annt).getAllByTestId('notice-item');
    expect(items.map((item) => within(item).getByText(/通知|渠道/).textContent)).toEqual(['春节放假通知', '新渠道上线']);
    expect(within(items[0]!).getByTestId('priority-tag').textContent).toBe('紧急');
    expect(within(items[1]!).getByTestId('priority-tag').textContent).toBe('重要');
    // The publish time is shown in local time (UTC+8 here).
    expect(items[0]?.textContent).toContain('2026-01-20 10:00:00');
    fireEvent.click(within(popover).getByTestId('notice-tab-sys'));
    const sys = within(popover).getByTestId('notice-panel-sys');
    await waitFor(() => expect(within(sys).getAllByTestId('notice-item')).toHaveLength(1));
    expect(within(sys).getByText('系统维护')).toBeTruthy();
    expect(within(sys).getByTestId('priority-tag').textContent).toBe('一般');
  });

  test('English labels', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const { popover } = await openBell();
    expect(within(popover).getByTestId('notice-tab-annt').textContent).toBe('Announcements (2)');
    expect(within(popover).getByTestId('notice-tab-sys').textContent).toBe('System (1)');
    expect(within(popover).getByTestId('notice-view-more').textContent).toBe('View more');
    expect(within(within(popover).getByTestId('notice-panel-annt')).getAllByTestId('priority-tag')[0]?.textContent).toBe('Urgent');
  });

  test('an item with openType url is marked read, then the app navigates to its page and reloads the list', async () => {
    const { fetchMock, popover, router } = await openBell();
    const loads = calls(fetchMock, 'GET', '/sys/annountCement/listByUser').length;
    fireEvent.click(within(within(popover).getByTestId('notice-panel-annt')).getAllByTestId('notice-item')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/center'));
    const put = calls(fetchMock, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId');
    expect(put).toHaveLength(1);
    expect(JSON.parse(String(put[0]?.[1]?.body))).toEqual({ anntId: 'a2' });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/annountCement/listByUser').length).toBeGreaterThan(loads));
    expect(screen.queryByTestId('notice-detail')).toBeNull();
  });

  test('an absolute http(s) openPage opens in a new window', async () => {
    const fetchMock = server({
      'GET /sys/annountCement/listByUser': {
        result: { anntMsgList: [{ ...ANNT[1], id: 'a3', openPage: 'https://example.com/news' }], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 },
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = renderBell();
    await screen.findByTestId('notice-badge');
    const popover = await openPopover(fetchMock);
    fireEvent.click(within(popover).getAllByTestId('notice-item')[0]!);
    expect(open).toHaveBeenCalledWith('https://example.com/news', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/dashboard/analysis');
    await waitFor(() => expect(calls(fetchMock, 'PUT', 'editByAnntIdAndUserId')).toHaveLength(1));
  });

  test('any other item opens the detail dialog with its sanitised body, and is marked read', async () => {
    const { fetchMock, popover } = await openBell();
    fireEvent.click(within(within(popover).getByTestId('notice-panel-annt')).getAllByTestId('notice-item')[0]!);
    const dialog = await screen.findByTestId('notice-detail');
    expect((await within(dialog).findByTestId('notice-detail-title')).textContent).toBe('春节放假通知');
    const content = await within(dialog).findByTestId('notice-detail-content');
    expect(content.textContent).toContain('放假 7 天');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(content.querySelector('a')?.getAttribute('onclick')).toBeNull();
    expect(within(dialog).getByTestId('notice-detail-meta').textContent).toContain('管理员');
    expect(within(dialog).getByTestId('priority-tag').textContent).toBe('紧急');
    expect(new URL(String(calls(fetchMock, 'GET', 'queryById')[0]?.[0]), 'http://localhost').searchParams.get('id')).toBe('a1');
    await waitFor(() => expect(calls(fetchMock, 'PUT', 'editByAnntIdAndUserId')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'PUT', 'editByAnntIdAndUserId')[0]?.[1]?.body))).toEqual({ anntId: 'a1' });
  });

  test('mark all read calls readAll, says so and reloads', async () => {
    const { fetchMock, popover } = await openBell();
    const loads = calls(fetchMock, 'GET', 'listByUser').length;
    fireEvent.click(within(popover).getByTestId('notice-read-all'));
    expect(await screen.findByText('已全部标记为已读')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', '/sys/sysAnnouncementSend/readAll')).toHaveLength(1);
    await waitFor(() => expect(calls(fetchMock, 'GET', 'listByUser').length).toBeGreaterThan(loads));
  });

  test('view more goes to the user announcement page', async () => {
    const { popover, router } = await openBell();
    fireEvent.click(within(popover).getByTestId('notice-view-more'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/isps/userAnnouncement'));
  });
});
