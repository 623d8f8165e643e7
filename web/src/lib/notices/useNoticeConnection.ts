import { useEffect, useRef, useState } from 'react';
import { BASE_PATH } from '../../api/client';
import { onSessionCleared } from '../session';
import { createNoticeConnection, noticeSocketUrl, type ConnectionState, type SocketFactory, type Timers } from './socket';

export interface NoticeConnectionHookOptions {
  /** The signed-in user; without it (or without a token) nothing connects. */
  userId: string | undefined;
  token: string | undefined;
  /** Loads the notices again after a push (or a reconnection). */
  reload: () => Promise<unknown>;
  /** The 6 s poll while the socket is down (default `reload`); a rejection stops polling. */
  poll?: () => Promise<unknown>;
  createSocket?: SocketFactory;
  timers?: Timers;
}

/**
 * Keeps the live notice connection of the signed-in user while the component is mounted; it
 * ends on unmount and on sign-out (the session is cleared), and never reconnects after the server
 * revoked the session (close code 4001). Returns the connection state.
 */
export function useNoticeConnection({ userId, token, reload, poll, createSocket, timers }: NoticeConnectionHookOptions): ConnectionState {
  const [state, setState] = useState<ConnectionState>('idle');
  const loaders = useRef({ reload, poll });
  useEffect(() => {
    loaders.current = { reload, poll };
  });

  useEffect(() => {
    if (!userId || !token) return undefined;
    const load = () => loaders.current.reload();
    const pollOnce = () => (loaders.current.poll ?? loaders.current.reload)();
    const connection = createNoticeConnection({
      url: noticeSocketUrl(userId, window.location, BASE_PATH),
      token,
      onNotice: () => {
        load().catch(() => {
          // The bell keeps what it shows; the next message or poll tries again.
        });
      },
      poll: pollOnce,
      // The session is gone: one more call lets the API client say so (sign-in expired).
      onRevoked: () => {
        load().catch(() => undefined);
      },
      onStateChange: setState,
      createSocket,
      timers,
    });
    connection.start();
    const off = onSessionCleared(() => connection.stop());
    return () => {
      off();
      connection.stop();
    };
  }, [userId, token, createSocket, timers]);

  return state;
}
