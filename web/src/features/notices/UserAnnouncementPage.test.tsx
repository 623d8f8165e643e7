import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { routes } from '../../app/routes';
import { setDictCache, setToken, setUserInfo } from '../../lib/session';
import { fakeServer, PERMISSIONS, USER_INFO, type FakeRoutes } from '../../test/api';
import { calls, sentBody, urlOf } from '../../test/list';
import { renderPage, renderRoutes } from '../../test/render';
import { InertWebSocket } from '../../test/websocket';
import UserAnnouncementPage from './UserAnnouncementPage';

const ROWS = [
  { anntId: 'a1', titile: '春节放假通知', sender: '管理员', priority: 'H', msgCategory: '1', sendTime: '2026-01-20 02:00:00', readFlag: 0, readTime: null, openType: null, openPage: null },
  { anntId: 'a2', titile: '系统维护', sender: 'system', priority: 'L', msgCategory: '2', sendTime: '2026-01-18 02:00:00', readFlag: 1, readTime: '2026-01-18 03:00:00', openType: null, openPage: null },
];

const MSG_CATEGORY = [
  { value: '1', text: '通知公告', color: 'blue' },
  { value: '2', text: '系统消息', color: 'purple' },
];

function server(extra: FakeRoutes = {}) {
  setDictCache({ msg_category: MSG_CATEGORY });
  return fakeServer({
    'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': { result: { records: ROWS, total: 2, size: 10, current: 1, pages: 1 } },
    'GET /sys/annountCement/listByUser': { result: { anntMsgList: [], anntMsgTotal: 1, sysMsgList: [], sysMsgTotal: 0 } },
    'GET /sys/annountCement/queryById': { result: { id: 'a1', titile: '春节放假通知', sender: '管理员', priority: 'H', sendTime: '2026-01-20 02:00:00', msgContent: '<p>放假七天</p>' } },
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': { message: '操作成功' },
    'PUT /sys/sysAnnouncementSend/readAll': { message: '操作成功' },
    ...extra,
  });
}


afterEach(() => {
  vi.unstubAllGlobals();
});

describe('my announcements page', () => {
  test('lists the announcements with category, priority and read state, server paged', async () => {
    const fetchMock = server();
    renderPage(<UserAnnouncementPage />);
    const rows = await screen.findAllByTestId('announcement-table-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('春节放假通知')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('read-flag').textContent).toBe('未读');
    expect(within(rows[1]!).getByTestId('read-flag').textContent).toBe('已读');
    expect(within(rows[0]!).getByTestId('priority-tag').textContent).toBe('紧急');
    expect(within(rows[1]!).getByTestId('dict-tag').textContent).toBe('系统消息');
    expect(screen.getByTestId('table-total').textContent).toContain('2');
    const url = urlOf(fetchMock, 'GET', 'getMyAnnouncementSend');
    expect(url.searchParams.get('pageNo')).toBe('1');
    expect(url.searchParams.get('pageSize')).toBe('10');
  });

  test('filters by title, category and read state', async () => {
    const fetchMock = server();
    renderPage(<UserAnnouncementPage />);
    await screen.findAllByTestId('announcement-table-row');
    fireEvent.change(screen.getByTestId('announcement-search-title'), { target: { value: ' 春节 ' } });
    const category = screen.getByTestId('announcement-search-category') as HTMLSelectElement;
    expect(Array.from(category.options).map((option) => option.textContent)).toEqual(['全部', '通知公告', '系统消息']);
    fireEvent.change(category, { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('announcement-search-read'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('announcement-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', 'getMyAnnouncementSend').searchParams.get('titile')).toBe('春节'));
    const url = urlOf(fetchMock, 'GET', 'getMyAnnouncementSend');
    expect(url.searchParams.get('msgCategory')).toBe('1');
    expect(url.searchParams.get('readFlag')).toBe('0');
    fireEvent.click(screen.getByTestId('announcement-search-reset'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', 'getMyAnnouncementSend').searchParams.has('titile')).toBe(false));
    expect(urlOf(fetchMock, 'GET', 'getMyAnnouncementSend').searchParams.has('readFlag')).toBe(false);
  });

  test('clicking a row opens the detail dialog and marks it read, then the list reloads', async () => {
    const fetchMock = server();
    renderPage(<UserAnnouncementPage />);
    const rows = await screen.findAllByTestId('announcement-table-row');
    const before = calls(fetchMock, 'GET', 'getMyAnnouncementSend').length;
    fireEvent.click(within(rows[0]!).getByTestId('read-flag'));
    const dialog = await screen.findByTestId('notice-detail');
    expect((await within(dialog).findByTestId('notice-detail-content')).textContent).toBe('放假七天');
    expect(await sentBody(fetchMock, 'PUT', 'editByAnntIdAndUserId')).toEqual({ anntId: 'a1' });
    await waitFor(() => expect(calls(fetchMock, 'GET', 'getMyAnnouncementSend').length).toBeGreaterThan(before));
  });

  test('the title is a button too (keyboard), opening the same dialog', async () => {
    server();
    renderPage(<UserAnnouncementPage />);
    const rows = await screen.findAllByTestId('announcement-table-row');
    fireEvent.click(within(rows[1]!).getByTestId('announcement-open'));
    expect(await screen.findByTestId('notice-detail')).toBeTruthy();
  });

  test('mark all read', async () => {
    const fetchMock = server();
    renderPage(<UserAnnouncementPage />);
    await screen.findAllByTestId('announcement-table-row');
    fireEvent.click(screen.getByTestId('announcement-read-all'));
    expect(await screen.findByText('已全部标记为已读')).toBeTruthy();
    expect(calls(fetchMock, 'PUT', 'readAll')).toHaveLength(1);
  });

  test('an empty list says so', async () => {
    server({ 'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': { result: { records: [], total: 0 } } });
    renderPage(<UserAnnouncementPage />);
    expect((await screen.findByTestId('announcement-empty')).textContent).toContain('暂无消息');
  });

  test('is a fixed route of the signed-in layout, titled 我的消息, with visits logged', async () => {
    setToken('t');
    setUserInfo(USER_INFO);
    const fetchMock = server({
      'GET /sys/permission/getUserPermissionByToken': { result: PERMISSIONS },
      'POST /sys/log/visit': { message: 'ok' },
    });
    renderRoutes(routes, '/isps/userAnnouncement');
    await screen.findByTestId('user-announcement-page', {}, { timeout: 5000 });
    expect(screen.getByTestId('page-title').textContent).toBe('我的消息');
    expect(await sentBody(fetchMock, 'POST', '/sys/log/visit')).toEqual({ path: '/isps/userAnnouncement', title: '我的消息' });
    // The layout keeps the live notice connection: the token is the subprotocol.
    await waitFor(() => expect(InertWebSocket.made).toHaveLength(1));
    expect(InertWebSocket.made[0]?.url).toMatch(/^ws:\/\/[^/]+\/boot\/websocket\/u1$/);
    expect(InertWebSocket.made[0]?.protocols).toEqual(['t']);
    // A push for this user reloads the bell and this list.
    const socket = InertWebSocket.made[0]!;
    const bell = calls(fetchMock, 'GET', 'listByUser').length;
    const list = calls(fetchMock, 'GET', 'getMyAnnouncementSend').length;
    act(() => {
      socket.readyState = 1;
      socket.dispatchEvent(new Event('open'));
      socket.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ cmd: 'user', msgId: 'a9', msgTxt: '新消息', userId: 'u1' }) }));
    });
    await waitFor(() => expect(calls(fetchMock, 'GET', 'listByUser').length).toBeGreaterThan(bell));
    await waitFor(() => expect(calls(fetchMock, 'GET', 'getMyAnnouncementSend').length).toBeGreaterThan(list));
  });
});
