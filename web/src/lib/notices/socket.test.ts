import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  createNoticeConnection,
  HEARTBEAT_TEXT,
  HEARTBEAT_TIMEOUT_MS,
  noticeSocketUrl,
  POLL_INTERVAL_MS,
  RECONNECT_DELAY_MS,
  SESSION_REVOKED_CODE,
  type NoticeConnectionOptions,
  type SocketEventType,
  type SocketLike,
} from './socket';

/** A WebSocket stand-in driven by the test. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  private listeners = new Map<SocketEventType, Set<(event: Event) => void>>();

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  addEventListener(type: SocketEventType, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: SocketEventType, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }

  private emit(type: SocketEventType, event: object) {
    for (const listener of this.listeners.get(type) ?? []) listener(event as Event);
  }

  // The server's side.
  open() {
    this.readyState = 1;
    this.emit('open', {});
  }
  message(data: unknown) {
    this.emit('message', { data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  error() {
    this.emit('error', {});
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.emit('close', { code });
  }
}

let sockets: FakeSocket[];
const last = () => sockets.at(-1)!;

function connection(overrides: Partial<NoticeConnectionOptions> = {}) {
  const onNotice = vi.fn<NoticeConnectionOptions['onNotice']>();
  const poll = vi.fn<() => Promise<unknown>>(async () => undefined);
  const onRevoked = vi.fn<() => void>();
  const conn = createNoticeConnection({
    url: 'ws://localhost/boot/websocket/u1',
    token: 'tok',
    onNotice,
    poll,
    onRevoked,
    createSocket: (url, protocols) => {
      const socket = new FakeSocket(url, protocols);
      sockets.push(socket);
      return socket;
    },
    // The module's timers, faked by vitest (injectable; the real ones by default).
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (id) => clearTimeout(id),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (id) => clearInterval(id),
    },
    ...overrides,
  });
  return { conn, onNotice, poll, onRevoked };
}

/** A started connection whose socket has opened; `socket` is that socket. */
function opened(overrides: Partial<NoticeConnectionOptions> = {}) {
  const connected = connection(overrides);
  connected.conn.start();
  const socket = last();
  socket.open();
  return { ...connected, socket };
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('live notice connection', () => {
  test('connects with the token as subprotocol; topic and user messages reload, others do not', () => {
    const { conn, onNotice } = connection();
    conn.start();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://localhost/boot/websocket/u1');
    expect(last().protocols).toEqual(['tok']);
    last().open();
    expect(conn.state).toBe('open');
    last().message({ cmd: 'topic', msgId: 'a1', msgTxt: 'new' });
    last().message({ cmd: 'user', msgId: 'a2', msgTxt: 'new', userId: 'u1' });
    last().message({ cmd: 'heartcheck', msgTxt: 'pong' });
    last().message('not json');
    expect(onNotice).toHaveBeenCalledTimes(2);
    expect(onNotice.mock.calls[0]?.[0]).toMatchObject({ cmd: 'topic', msgId: 'a1' });
    conn.stop();
  });

  test('the URL follows the page: wss on https, ws otherwise', () => {
    expect(noticeSocketUrl('u1', { protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/boot/websocket/u1');
    expect(noticeSocketUrl('u 2', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/boot/websocket/u%202');
  });

  test('reconnects 5 s after a close, not before', () => {
    const { conn } = opened();
    last().serverClose(1006);
    expect(conn.state).toBe('waiting');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(conn.state).toBe('connecting');
    conn.stop();
  });

  test('error then close: a single pending reconnect (lockReconnect)', () => {
    const { conn } = connection();
    conn.start();
    last().error();
    last().serverClose(1006);
    last().error();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
    // The next failure schedules the next attempt, again only one.
    last().error();
    last().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 3);
    expect(sockets).toHaveLength(3);
    conn.stop();
  });

  test('reloads the notices when the socket opens again after a break', () => {
    const { conn, onNotice } = opened();
    expect(onNotice).not.toHaveBeenCalled();
    last().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    last().open();
    expect(onNotice).toHaveBeenCalledTimes(1);
    conn.stop();
  });

  test('heartbeat: HeartBeat after 20 s of silence; an answer keeps the socket', () => {
    const { conn, socket } = opened();
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS - 1);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([HEARTBEAT_TEXT]);
    socket.message({ cmd: 'heartcheck', msgTxt: 'pong' });
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS - 1);
    expect(socket.closedWith).toBeUndefined();
    expect(socket.sent).toEqual([HEARTBEAT_TEXT]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual([HEARTBEAT_TEXT, HEARTBEAT_TEXT]);
    expect(sockets).toHaveLength(1);
    conn.stop();
  });

  test('heartbeat: no answer within another 20 s closes the socket and reconnects', () => {
    const { conn, socket } = opened();
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS);
    expect(socket.sent).toEqual([HEARTBEAT_TEXT]);
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS);
    expect(socket.closedWith).toBe(1000);
    expect(socket.listenerCount()).toBe(0);
    expect(conn.state).toBe('waiting');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
    conn.stop();
  });

  test('close code 4001 (session revoked): no reconnect, no polling, onRevoked once', () => {
    const { conn, poll, onRevoked } = opened();
    last().serverClose(SESSION_REVOKED_CODE);
    expect(conn.state).toBe('revoked');
    expect(onRevoked).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(sockets).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
    expect(conn.polling).toBe(false);
  });

  test('4001 after an error cancels the reconnect already scheduled', () => {
    const { conn } = connection();
    conn.start();
    last().error();
    last().serverClose(SESSION_REVOKED_CODE);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(sockets).toHaveLength(1);
    expect(conn.state).toBe('revoked');
  });

  test('stop (sign-out, unmount) closes the socket and nothing comes back', () => {
    const { conn, poll, socket } = opened();
    conn.stop();
    expect(socket.closedWith).toBe(1000);
    expect(conn.state).toBe('stopped');
    // A close event arriving afterwards changes nothing.
    socket.serverClose(1006);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });

  test('polls every 6 s while the socket is not open, and stops once it opens', async () => {
    const { conn, poll } = connection();
    conn.start();
    expect(conn.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(poll).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(poll).toHaveBeenCalledTimes(1);
    last().open();
    expect(conn.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(poll).toHaveBeenCalledTimes(1);
    // The socket drops: polling resumes.
    last().serverClose(1006);
    expect(conn.polling).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(poll).toHaveBeenCalledTimes(2);
    conn.stop();
    expect(conn.polling).toBe(false);
  });

  test('a failed poll stops polling for good', async () => {
    const poll = vi.fn<() => Promise<unknown>>(async () => {
      throw new Error('HTTP 500');
    });
    const { conn } = connection({ poll });
    conn.start();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(poll).toHaveBeenCalledTimes(1);
    expect(conn.polling).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(poll).toHaveBeenCalledTimes(1);
    // Not even after the socket came and went.
    last().open();
    last().serverClose(1006);
    expect(conn.polling).toBe(false);
    conn.stop();
  });

  test('no WebSocket at all: polling and retries go on', async () => {
    const { conn, poll } = connection({
      createSocket: () => {
        throw new Error('WebSocket is not available');
      },
    });
    conn.start();
    expect(conn.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(poll).toHaveBeenCalledTimes(1);
    conn.stop();
  });
});
