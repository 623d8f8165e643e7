import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { bodyOf, calls, expectAbsent, expectFirstSort, openAddForm, openPage, rowOf, urlOf } from '../../../test/list';
import AnnouncementListPage from './AnnouncementListPage';

const base = { msgType: 'ALL', userIds: null, userNames: null, sender: '管理员', openType: null, openPage: null, createTime: '2026-03-01 08:00:00', readCount: 0 };
const ANNOUNCEMENTS = [
  { ...base, id: 'a1', titile: '系统维护通知', msgContent: '<p>今晚维护</p>', priority: 'H', msgCategory: '1', sendStatus: '0', sendTime: null },
  { ...base, id: 'a2', titile: '新功能上线', msgContent: '<p>欢迎使用</p>', priority: 'M', msgCategory: '2', sendStatus: '1', sendTime: '2026-03-02 08:00:00' },
  {
    ...base,
    id: 'a3',
    titile: '假期安排',
    msgContent: '<p onclick="steal()">放假<script>alert(1)</script><a href="javascript:alert(2)">点我</a> <a href="/isps/userAnnouncement">查看</a></p>',
    priority: 'L',
    msgCategory: '1',
    sendStatus: '2',
    sendTime: '2026-03-01 09:00:00',
  },
];
const USERS = [
  { id: 'u1', username: 'alice', realname: '爱丽丝' },
  { id: 'u2', username: 'bob', realname: '鲍勃' },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/annountCement/list': { result: { records: ANNOUNCEMENTS, total: 3, size: 10, current: 1, pages: 1 } },
    'GET /sys/annountCement/doReleaseData': { message: '发布成功' },
    'GET /sys/annountCement/doReovkeData': { message: '撤销成功' },
    'GET /sys/user/list': { result: { records: USERS, total: 2, size: 10, current: 1, pages: 1 } },
    'POST /sys/annountCement/add': (body) => ({ message: '添加成功！', result: { id: 'new', ...(body as object) } }),
    ...extra,
  });
}

/** Types into the rich-text area as a user would (the browser fires `input`). */
function typeContent(html: string) {
  const area = screen.getByTestId('announcement-content-area');
  area.innerHTML = html;
  fireEvent.input(area);
}

const openAdd = () => openAddForm(<AnnouncementListPage />, server(), { name: 'announcement', permission: 'system:announcement' }, '系统维护通知', 'button');

describe('announcements page', () => {
  test('lists announcements with priority and status tags, newest first', async () => {
    const fetchMock = openPage(<AnnouncementListPage />, server(), 'system:announcement:list');
    const urgent = await rowOf('系统维护通知', 'button');
    expect(within(urgent).getByTestId('priority-tag').textContent).toBe('紧急');
    expect(within(urgent).getByTestId('send-status-tag').textContent).toBe('未发布');
    expect(within(await rowOf('新功能上线', 'button')).getByTestId('priority-tag').textContent).toBe('重要');
    expect(within(await rowOf('假期安排', 'button')).getByTestId('priority-tag').textContent).toBe('一般');
    expectFirstSort(fetchMock, '/sys/annountCement/list', 'createTime', 'desc');
    expectAbsent('announcement-add', 'announcement-release');
  });

  test('release and revoke follow the status and ask first', async () => {
    const fetchMock = openPage(<AnnouncementListPage />, server(), 'system:announcement:list', 'system:announcement:edit', 'system:announcement:release');
    const released = await rowOf('新功能上线', 'button');
    expect(within(released).queryByTestId('announcement-release')).toBeNull();
    expect((within(released).getByTestId('announcement-edit') as HTMLButtonElement).disabled).toBe(true);
    const draft = await rowOf('系统维护通知', 'button');
    expect(within(draft).queryByTestId('announcement-revoke')).toBeNull();
    expect((within(draft).getByTestId('announcement-edit') as HTMLButtonElement).disabled).toBe(false);
    // A revoked one may be released again.
    expect(within(await rowOf('假期安排', 'button')).getByTestId('announcement-release')).toBeTruthy();

    fireEvent.click(within(draft).getByTestId('announcement-release'));
    expect((await screen.findByTestId('announcement-release-confirm')).textContent).toContain('系统维护通知');
    expect(calls(fetchMock, 'GET', '/sys/annountCement/doReleaseData')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('announcement-release-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/annountCement/doReleaseData')).toHaveLength(1));
    expect(urlOf(fetchMock, 'GET', '/sys/annountCement/doReleaseData', 0).searchParams.get('id')).toBe('a1');
    expect(await screen.findByText('发布成功')).toBeTruthy();

    fireEvent.click(within(released).getByTestId('announcement-revoke'));
    fireEvent.click(await screen.findByTestId('announcement-revoke-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/sys/annountCement/doReovkeData')).toHaveLength(1));
    expect(urlOf(fetchMock, 'GET', '/sys/annountCement/doReovkeData', 0).searchParams.get('id')).toBe('a2');
    expect(await screen.findByText('撤销成功')).toBeTruthy();
  });

  test('the preview shows the content without scripts, handlers or unsafe links', async () => {
    openPage(<AnnouncementListPage />, server(), 'system:announcement:list');
    fireEvent.click(within(await rowOf('假期安排', 'button')).getByTestId('announcement-preview-open'));
    const content = await screen.findByTestId('announcement-preview-content');
    expect(content.textContent).toContain('放假');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('[onclick]')).toBeNull();
    const links = [...content.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([null, '/isps/userAnnouncement']);
  });

  test('the form asks for a title, content and, for chosen users, at least one user', async () => {
    const fetchMock = await openAdd();
    fireEvent.click(within(screen.getByTestId('announcement-msg-type-USER')).getByRole('radio', { hidden: true }));
    await screen.findByTestId('announcement-users-pick');
    fireEvent.click(screen.getByTestId('announcement-form-submit'));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(screen.getByText('请输入通告内容')).toBeTruthy();
    expect(screen.getByText('请至少选择一个用户')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/annountCement/add')).toHaveLength(0);
  });

  test('an end before the start and an unsafe link target are refused', async () => {
    const fetchMock = await openAdd();
    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: '通知' } });
    typeContent('<p>正文</p>');
    fireEvent.change(screen.getByTestId('announcement-start'), { target: { value: '2026-05-02T10:00' } });
    fireEvent.change(screen.getByTestId('announcement-end'), { target: { value: '2026-05-01T10:00' } });
    fireEvent.change(screen.getByTestId('announcement-open-type'), { target: { value: 'url' } });
    fireEvent.change(screen.getByTestId('announcement-open-page'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('announcement-form-submit'));
    expect(await screen.findByText('结束时间须晚于开始时间')).toBeTruthy();
    expect(screen.getByText('请输入以 / 开头的系统路径，或 http:// / https:// 开头的网址')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/sys/annountCement/add')).toHaveLength(0);
  });

  test('a draft for chosen users is saved with their ids', async () => {
    const fetchMock = await openAdd();
    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: '仓库盘点' } });
    fireEvent.click(within(screen.getByTestId('announcement-priority-M')).getByRole('radio', { hidden: true }));
    typeContent('<p>周五<b>盘点</b></p>');
    fireEvent.click(within(screen.getByTestId('announcement-msg-type-USER')).getByRole('radio', { hidden: true }));
    fireEvent.click(await screen.findByTestId('announcement-users-pick'));

    // The picker searches the users by name, with paging.
    const picker = await screen.findByTestId('user-picker');
    fireEvent.change(within(picker).getByTestId('user-picker-keyword'), { target: { value: '鲍' } });
    fireEvent.click(within(picker).getByTestId('user-picker-search-submit'));
    await waitFor(() => {
      const url = urlOf(fetchMock, 'GET', '/sys/user/list');
      expect(url.searchParams.get('realname')).toBe('鲍');
      expect(url.searchParams.get('pageNo')).toBe('1');
    });
    const bob = (await within(picker).findByText('bob')).closest('tr')!;
    fireEvent.click(within(bob).getByTestId('row-checkbox'));
    await within(picker).findByTestId('user-picker-chosen');
    fireEvent.click(within(picker).getByTestId('user-picker-done'));
    await waitFor(() => expect(screen.queryByTestId('user-picker')).toBeNull());
    expect(screen.getByTestId('announcement-users').textContent).toContain('鲍勃');
    // Nothing was submitted by the picker's search.
    expect(calls(fetchMock, 'POST', '/sys/annountCement/add')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('announcement-form-submit'));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/sys/annountCement/add')).toHaveLength(1));
    const body = bodyOf(fetchMock, 'POST', '/sys/annountCement/add', 0);
    expect(body).toEqual({
      titile: '仓库盘点',
      msgContent: '<p>周五<b>盘点</b></p>',
      startTime: null,
      endTime: null,
      sender: null,
      priority: 'M',
      msgCategory: '1',
      msgType: 'USER',
      userIds: 'u2',
      openType: null,
      openPage: null,
    });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
  });

  test('batch delete asks first and sends the selected ids', async () => {
    const fetchMock = openPage(<AnnouncementListPage />, server({ 'DELETE /sys/annountCement/deleteBatch': { message: '批量删除成功!' } }), 'system:announcement:list', 'system:announcement:delete');
    fireEvent.click(within(await rowOf('假期安排', 'button')).getByTestId('row-checkbox'));
    await waitFor(() => expect(screen.getByTestId('table-selected').textContent).toContain('1'));
    fireEvent.click(screen.getByTestId('announcement-batch-delete'));
    expect((await screen.findByTestId('announcement-delete-confirm')).textContent).toContain('1');
    fireEvent.click(screen.getByTestId('announcement-delete-confirm-confirm'));
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/sys/annountCement/deleteBatch')).toHaveLength(1));
    expect(urlOf(fetchMock, 'DELETE', '/sys/annountCement/deleteBatch', 0).searchParams.get('ids')).toBe('a3');
  });
});
