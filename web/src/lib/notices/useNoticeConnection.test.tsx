import { act, renderHook } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { clearSession } from '../session';
import { InertWebSocket } from '../../test/websocket';
import type { SocketFactory } from './socket';
import { useNoticeConnection } from './useNoticeConnection';

function setup() {
  const made: InertWebSocket[] = [];
  const createSocket: SocketFactory = (url, protocols) => {
    const socket = new InertWebSocket(url, protocols);
    made.push(socket);
    return socket;
  };
  const reload = vi.fn<() => Promise<unknown>>(async () => undefined);
  const poll = vi.fn<() => Promise<unknown>>(async () => undefined);
  return { made, createSocket, reload, poll };
}

describe('useNoticeConnection', () => {
  test('connects for the signed-in user; a push reloads; sign-out ends it for good', () => {
    const { made, createSocket, reload, poll } = setup();
    const { result } = renderHook(() => useNoticeConnection({ userId: 'u1', token: 'tok', reload, poll, createSocket }));
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toBe(`ws://${window.location.host}/boot/websocket/u1`);
    expect(made[0]?.protocols).toEqual(['tok']);
    expect(result.current).toBe('connecting');
    act(() => {
      made[0]!.readyState = 1;
      made[0]!.dispatchEvent(new Event('open'));
    });
    expect(result.current).toBe('open');
    act(() => {
      made[0]!.dispatchEvent(new MessageEvent('message', { data: '{"cmd":"topic","msgId":"1","msgTxt":"x"}' }));
    });
    expect(reload).toHaveBeenCalledOnce();
    expect(poll).not.toHaveBeenCalled();
    act(() => clearSession());
    expect(result.current).toBe('stopped');
    expect(made[0]?.readyState).toBe(3);
  });

  test('nothing connects without a user or a token; unmounting closes the socket', () => {
    const { made, createSocket, reload } = setup();
    renderHook(() => useNoticeConnection({ userId: undefined, token: 'tok', reload, createSocket }));
    renderHook(() => useNoticeConnection({ userId: 'u1', token: undefined, reload, createSocket }));
    expect(made).toHaveLength(0);
    const { unmount } = renderHook(() => useNoticeConnection({ userId: 'u1', token: 'tok', reload, createSocket }));
    expect(made).toHaveLength(1);
    unmount();
    expect(made[0]?.readyState).toBe(3);
  });
});
