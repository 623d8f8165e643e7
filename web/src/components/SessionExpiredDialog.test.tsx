import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getToken, setToken } from '../lib/session';
import { openSessionExpired, sessionExpiredStore } from '../lib/session-expiry';
import { fakeServer } from '../test/api';
import { renderPage } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in expired dialog', () => {
  test('shows the spec texts; the button signs out and reloads', async () => {
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...window.location, pathname: '/dashboard/analysis', reload });
    const fetchMock = fakeServer({ 'POST /sys/logout': { message: '退出登录成功！' } });
    setToken('old');
    renderPage(<div />);
    act(() => {
      openSessionExpired();
    });
    expect(openSessionExpired()).toBe(false);
    const dialog = await screen.findByTestId('session-expired');
    expect(dialog.textContent).toContain('登录已过期');
    expect(dialog.textContent).toContain('很抱歉，登录已过期，请重新登录');
    fireEvent.click(screen.getByTestId('sign-in-again'));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(getToken()).toBeUndefined();
    expect(sessionExpiredStore.get()).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/sys/logout'))).toBe(true);
  });

  test('on the login page it only closes', async () => {
    const reload = vi.fn<() => void>();
    vi.stubGlobal('location', { ...window.location, pathname: '/user/login', reload });
    fakeServer({});
    renderPage(<div />);
    act(() => {
      openSessionExpired();
    });
    fireEvent.click(await screen.findByTestId('sign-in-again'));
    await waitFor(() => expect(sessionExpiredStore.get()).toBe(false));
    expect(reload).not.toHaveBeenCalled();
  });
});
