import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import PositionListPage from '../../features/system/positions/PositionListPage';
import { fakeServer } from '../../test/api';
import { renderPage } from '../../test/render';

const listCalls = (fetchMock: ReturnType<typeof fakeServer>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname.endsWith('/sys/position/list'));

function server() {
  return fakeServer({
    'GET /sys/position/list': (_body, url) => ({
      result: { records: [{ id: `p${url.searchParams.get('pageNo')}`, code: 'CLERK', name: '文员', postRank: 'staff', createTime: '2025-01-01 10:00:00' }], total: 45 },
    }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('list state in the URL', () => {
  test('a shared link opens the same page, filters and sort', async () => {
    const fetchMock = server();
    renderPage(<PositionListPage />, '/?name=%E6%96%87&pageNo=3&pageSize=20&column=code&order=asc');
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(0));
    const query = listCalls(fetchMock).at(-1)?.searchParams;
    expect(query?.get('name')).toBe('文');
    expect(query?.get('pageNo')).toBe('3');
    expect(query?.get('pageSize')).toBe('20');
    expect(query?.get('column')).toBe('code');
    expect(query?.get('order')).toBe('asc');
    // The field shows the filter in force.
    expect((screen.getByTestId('position-search-name') as HTMLInputElement).value).toBe('文');
  });

  test('a search writes the filters into the URL and goes back to page 1', async () => {
    const fetchMock = server();
    const { router } = renderPage(<PositionListPage />, '/?pageNo=2');
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(0));
    fireEvent.change(screen.getByTestId('position-search-code'), { target: { value: 'CFO' } });
    fireEvent.click(screen.getByTestId('position-search-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?code=CFO'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('code')).toBe('CFO'));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('pageNo')).toBe('1');
    // Reset empties both.
    fireEvent.click(screen.getByTestId('position-search-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('position-search-code') as HTMLInputElement).value).toBe('');
  });
});
