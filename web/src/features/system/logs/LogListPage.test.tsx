import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, type FakeRoutes } from '../../../test/api';
import { calls, grant, openPage, urlOf } from '../../../test/list';
import { renderPage } from '../../../test/render';
import { localDayToUtc } from '../../../lib/utcTime';
import LogListPage from './LogListPage';

const SIGN_INS = [
  { id: 'l1', logType: 1, logContent: '用户名: admin,登录成功！', ok: true, username: 'admin', ip: '10.0.0.1', createTime: '2026-03-01 08:00:00' },
  { id: 'l2', logType: 1, logContent: '用户名: eve,登录失败', ok: false, username: 'eve', ip: '10.0.0.9', createTime: '2026-03-01 08:05:00' },
];
const OPERATIONS = [
  {
    id: 'o1',
    logType: 2,
    logContent: '编辑职务 CLERK',
    ok: true,
    username: 'admin',
    ip: '10.0.0.1',
    method: 'PUT',
    requestUrl: '/boot/sys/position/edit',
    operateType: 3,
    beforeValue: '{"code":"CLERK","name":"文员"}',
    afterValue: { code: 'CLERK', name: '高级文员' },
    createTime: '2026-03-01 09:00:00',
  },
];

function server(extra: FakeRoutes = {}) {
  return fakeServer({
    'GET /sys/loginfo': { result: { todayIp: 3, todayVisitCount: 12, totalVisitCount: 4567 } },
    'GET /sys/log/list': (_body, url) => {
      const records = url.searchParams.get('logType') === '2' ? OPERATIONS : url.searchParams.get('logType') === '1' ? SIGN_INS : [];
      return { result: { records, total: records.length, size: 10, current: 1, pages: 1 } };
    },
    ...extra,
  });
}

describe('logs page', () => {
  test('shows the visit figures and the sign-in log, failed entries in red', async () => {
    const fetchMock = openPage(<LogListPage />, server(), 'system:log:list');
    expect((await screen.findByTestId('log-stat-today-ip-value')).textContent).toBe('3');
    expect(screen.getByTestId('log-stat-today-visits-value').textContent).toBe('12');
    expect(screen.getByTestId('log-stat-total-visits-value').textContent).toBe('4,567');

    const failed = (await screen.findByText('eve')).closest('tr')!;
    expect(within(failed).getByTestId('log-failed').textContent).toBe('失败');
    const ok = screen.getByText('admin').closest('tr')!;
    expect(within(ok).queryByTestId('log-failed')).toBeNull();
    const url = urlOf(fetchMock, 'GET', '/sys/log/list');
    expect(url.searchParams.get('logType')).toBe('1');
    expect(url.searchParams.get('column')).toBe('createTime');
    expect(url.searchParams.get('order')).toBe('desc');
    // The operation type filter belongs to the operation tab only.
    expect(screen.queryByTestId('log-search-operate-type')).toBeNull();
  });

  test('the filters go to the server, the dates as UTC bounds of the local days', async () => {
    const fetchMock = openPage(<LogListPage />, server(), 'system:log:list');
    await screen.findByText('eve');
    fireEvent.change(screen.getByTestId('log-search-username'), { target: { value: 'eve' } });
    fireEvent.change(screen.getByTestId('log-search-begin'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByTestId('log-search-end'), { target: { value: '2026-03-02' } });
    fireEvent.click(screen.getByTestId('log-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/sys/log/list').searchParams.get('username')).toBe('eve'));
    const url = urlOf(fetchMock, 'GET', '/sys/log/list');
    expect(url.searchParams.get('createTime_begin')).toBe(localDayToUtc('2026-03-01'));
    expect(url.searchParams.get('createTime_end')).toBe(localDayToUtc('2026-03-02', true));
    expect(url.searchParams.get('logType')).toBe('1');
  });

  test('an end date before the start date is refused inline', async () => {
    const fetchMock = openPage(<LogListPage />, server(), 'system:log:list');
    await screen.findByText('eve');
    const before = calls(fetchMock, 'GET', '/sys/log/list').length;
    fireEvent.change(screen.getByTestId('log-search-begin'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByTestId('log-search-end'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    fireEvent.click(screen.getByTestId('log-search-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(fetchMock, 'GET', '/sys/log/list')).toHaveLength(before);
  });

  test('the operation tab filters by operation type and shows before and after side by side', async () => {
    const fetchMock = openPage(<LogListPage />, server(), 'system:log:list');
    await screen.findByText('eve');
    fireEvent.click(screen.getByTestId('log-tab-2'));
    const row = (await screen.findByText('编辑职务 CLERK')).closest('tr')!;
    expect(within(row).getByText('修改')).toBeTruthy();
    expect(urlOf(fetchMock, 'GET', '/sys/log/list').searchParams.get('logType')).toBe('2');

    fireEvent.change(screen.getByTestId('log-search-operate-type'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('log-search-submit'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', '/sys/log/list').searchParams.get('operateType')).toBe('3'));

    fireEvent.click(within((await screen.findByText('编辑职务 CLERK')).closest('tr')!).getByTestId('log-detail-open'));
    const drawer = await screen.findByTestId('log-detail');
    expect(within(drawer).getByTestId('log-before').textContent).toBe(JSON.stringify({ code: 'CLERK', name: '文员' }, null, 2));
    expect(within(drawer).getByTestId('log-after').textContent).toBe(JSON.stringify({ code: 'CLERK', name: '高级文员' }, null, 2));
    expect(within(drawer).getByTestId('log-changed-keys').textContent).toBe('name');
  });

  test('export pages through the current filter', async () => {
    grant('system:log:list');
    const fetchMock = server();
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => undefined;
    try {
      renderPage(<LogListPage />);
      await screen.findByText('eve');
      fireEvent.click(screen.getByTestId('log-export'));
      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    } finally {
      URL.createObjectURL = saved.create;
      URL.revokeObjectURL = saved.revoke;
    }
    const exportCall = calls(fetchMock, 'GET', '/sys/log/list').find(([url]) => String(url).includes('pageSize=1000'));
    expect(new URL(String(exportCall?.[0]), 'http://localhost').searchParams.get('logType')).toBe('1');
  });
});
