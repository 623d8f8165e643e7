import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import PositionListPage from '../../features/system/positions/PositionListPage';
import { setToken } from '../../lib/session';
import { fakeServer } from '../../test/api';
import { calls, grant, urlOf } from '../../test/list';
import { renderPage } from '../../test/render';

const LIST = '/sys/position/list';

function server() {
  return fakeServer({
    'GET /sys/position/list': (_body, url) => ({
      result: { records: [{ id: `p${url.searchParams.get('pageNo')}`, code: 'CLERK', name: '文员', postRank: 'staff', createTime: '2025-01-01 10:00:00' }], total: 45 },
    }),
  });
}

describe('list state in the URL', () => {
  test('a shared link opens the same page, filters and sort', async () => {
    const fetchMock = server();
    renderPage(<PositionListPage />, '/?name=%E6%96%87&pageNo=3&pageSize=20&column=code&order=asc');
    await waitFor(() => expect(calls(fetchMock, 'GET', LIST).length).toBeGreaterThan(0));
    const query = urlOf(fetchMock, 'GET', LIST).searchParams;
    expect(query.get('name')).toBe('文');
    expect(query.get('pageNo')).toBe('3');
    expect(query.get('pageSize')).toBe('20');
    expect(query.get('column')).toBe('code');
    expect(query.get('order')).toBe('asc');
    // The field shows the filter in force.
    expect((screen.getByTestId('position-search-name') as HTMLInputElement).value).toBe('文');
  });

  test('a search writes the filters into the URL and goes back to page 1', async () => {
    const fetchMock = server();
    const { router } = renderPage(<PositionListPage />, '/?pageNo=2');
    await waitFor(() => expect(calls(fetchMock, 'GET', LIST).length).toBeGreaterThan(0));
    fireEvent.change(screen.getByTestId('position-search-code'), { target: { value: 'CFO' } });
    fireEvent.click(screen.getByTestId('position-search-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?code=CFO'));
    await waitFor(() => expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('code')).toBe('CFO'));
    expect(urlOf(fetchMock, 'GET', LIST).searchParams.get('pageNo')).toBe('1');
    // Reset empties both.
    fireEvent.click(screen.getByTestId('position-search-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('position-search-code') as HTMLInputElement).value).toBe('');
  });
});

describe('server export', () => {
  test("export downloads the server's workbook of the list's filters and sort", async () => {
    grant('system:position:list');
    setToken('tok');
    const fetchMock = server();
    const inner = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/exportXls')
        ? new Response(new Blob(['xlsx']), { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="positions.xlsx"' } })
        : inner(input, init),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    renderPage(<PositionListPage />, '/?name=%E6%96%87&column=code&order=asc');
    await screen.findByText('CLERK');
    fireEvent.click(screen.getByTestId('position-export'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const url = urlOf(fetchMock, 'GET', '/sys/position/exportXls');
    expect(url.searchParams.get('name')).toBe('文');
    expect(url.searchParams.get('column')).toBe('code');
    expect(url.searchParams.get('order')).toBe('asc');
    expect(url.searchParams.get('token')).toBe('tok');
    // The workbook's times are written in the browser's zone.
    const init = calls(fetchMock, 'GET', '/sys/position/exportXls').at(-1)?.[1];
    expect(new Headers(init?.headers).get('X-Time-Zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('positions.xlsx');
    // No CSV built in the browser: the list was not paged through.
    expect(calls(fetchMock, 'GET', LIST).every(([address]) => !String(address).includes('pageSize=1000'))).toBe(true);
    expect(await screen.findByText('已开始下载')).toBeTruthy();
  });
});
