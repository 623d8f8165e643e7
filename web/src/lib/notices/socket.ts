/**
 * The live notice connection (contract "Live notices", spec sections 4, 7 and 9), as plain
 * TypeScript with injectable timers and WebSocket factory so that it is tested with fake timers.
 *
 * - Connects to `/boot/websocket/{userId}` with the token as the subprotocol.
 * - A message with `cmd` "topic" or "user" means: reload the notices (`onNotice`).
 * - Heartbeat as JeecgBoot's: after 20 s without any message it sends `HeartBeat`; when nothing
 *   comes back within another 20 s the socket is closed and a new one opened.
 * - On error or close it reconnects after 5 s, with at most one reconnect pending ("lockReconnect").
 * - Close code 4001 (session revoked) ends it for good; so does `stop()` (sign-out, unmount).
 * - While the socket is not open the notices are polled every 6 s; a failed poll stops polling.
 */

export const RECONNECT_DELAY_MS = 5_000;
export const HEARTBEAT_TIMEOUT_MS = 20_000;
export const POLL_INTERVAL_MS = 6_000;
export const HEARTBEAT_TEXT = 'HeartBeat';
/** The server closed the socket because the session is gone: never reconnect. */
export const SESSION_REVOKED_CODE = 4001;

export type SocketEventType = 'open' | 'message' | 'error' | 'close';

/** What the connection uses of a WebSocket (the browser's fits; tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  /** "message" events carry `data`, "close" events `code`. */
  addEventListener: (type: SocketEventType, listener: (event: Event) => void) => void;
  removeEventListener: (type: SocketEventType, listener: (event: Event) => void) => void;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

type TimerId = ReturnType<typeof setTimeout>;

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => TimerId;
  clearTimeout: (id: TimerId) => void;
  setInterval: (callback: () => void, ms: number) => TimerId;
  clearInterval: (id: TimerId) => void;
}

/** A push message of the server. */
export interface NoticeMessage {
  cmd?: string;
  msgId?: string;
  msgTxt?: string;
  userId?: string;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'waiting' | 'revoked' | 'stopped';

export interface NoticeConnectionOptions {
  url: string;
  token: string;
  /** Reload the notices (a push message, or the socket opened again after a break). */
  onNotice: (message: NoticeMessage | undefined) => void;
  /** One poll of the notices; a rejection stops polling (spec: "polling stops on error"). */
  poll?: () => Promise<unknown>;
  /** The server revoked the session (close code 4001). */
  onRevoked?: () => void;
  onStateChange?: (state: ConnectionState) => void;
  createSocket?: SocketFactory;
  timers?: Timers;
  reconnectDelayMs?: number;
  heartbeatTimeoutMs?: number;
  pollIntervalMs?: number;
}

export interface NoticeConnection {
  start: () => void;
  stop: () => void;
  readonly state: ConnectionState;
  /** Polling is on (the socket is not open and no poll has failed). */
  readonly polling: boolean;
}

/** `WebSocket.CLOSING`: sockets below it (connecting, open) are closed when given up. */
const CLOSING = 2;

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (id) => globalThis.clearInterval(id),
};

/** The browser's WebSocket, or none (old browsers, some test environments): then only polling runs. */
export const browserSocket: SocketFactory = (url, protocols) => {
  if (typeof WebSocket !== 'function') throw new Error('WebSocket is not available');
  return new WebSocket(url, protocols);
};

/** `ws(s)://<host>/boot/websocket/<userId>` of the page's origin. */
export function noticeSocketUrl(userId: string, location: Pick<Location, 'protocol' | 'host'> = window.location, basePath = '/boot'): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${basePath}/websocket/${encodeURIComponent(userId)}`;
}

/** The JSON of a push message, if it is one. */
export function parseNoticeMessage(data: unknown): NoticeMessage | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as NoticeMessage) : undefined;
  } catch {
    return undefined;
  }
}

export function createNoticeConnection(options: NoticeConnectionOptions): NoticeConnection {
  const {
    url,
    token,
    onNotice,
    poll,
    onRevoked,
    onStateChange,
    createSocket = browserSocket,
    timers = browserTimers,
    reconnectDelayMs = RECONNECT_DELAY_MS,
    heartbeatTimeoutMs = HEARTBEAT_TIMEOUT_MS,
    pollIntervalMs = POLL_INTERVAL_MS,
  } = options;

  let state: ConnectionState = 'idle';
  let socket: SocketLike | undefined;
  let detach: (() => void) | undefined;
  let everOpened = false;
  let reconnectTimer: TimerId | undefined;
  let heartbeatTimer: TimerId | undefined;
  let heartbeatTimeoutTimer: TimerId | undefined;
  let pollTimer: TimerId | undefined;
  let pollInFlight = false;
  let pollFailed = false;

  const finished = () => state === 'stopped' || state === 'revoked';

  function setState(next: ConnectionState) {
    if (state === next) return;
    state = next;
    onStateChange?.(next);
  }

  // ----- heartbeat -----
  function clearHeartbeat() {
    if (heartbeatTimer !== undefined) timers.clearTimeout(heartbeatTimer);
    if (heartbeatTimeoutTimer !== undefined) timers.clearTimeout(heartbeatTimeoutTimer);
    heartbeatTimer = undefined;
    heartbeatTimeoutTimer = undefined;
  }

  /** Any message (or the opening) proves the line alive: start the 20 s watch again. */
  function resetHeartbeat() {
    clearHeartbeat();
    heartbeatTimer = timers.setTimeout(() => {
      heartbeatTimer = undefined;
      try {
        socket?.send(HEARTBEAT_TEXT);
      } catch {
        // A socket that cannot send is as good as dead; the timeout below handles it.
      }
      heartbeatTimeoutTimer = timers.setTimeout(() => {
        heartbeatTimeoutTimer = undefined;
        // No answer: give this socket up (a dead line may take long to report its close).
        dropSocket();
        lost();
      }, heartbeatTimeoutMs);
    }, heartbeatTimeoutMs);
  }

  // ----- polling while the socket is not open -----
  function stopPolling() {
    if (pollTimer !== undefined) timers.clearInterval(pollTimer);
    pollTimer = undefined;
  }

  function startPolling() {
    if (!poll || pollFailed || pollTimer !== undefined || finished()) return;
    pollTimer = timers.setInterval(() => {
      if (pollInFlight) return;
      pollInFlight = true;
      poll()
        .catch(() => {
          pollFailed = true;
          stopPolling();
        })
        .finally(() => {
          pollInFlight = false;
        });
    }, pollIntervalMs);
  }

  // ----- the socket -----
  function dropSocket() {
    clearHeartbeat();
    const old = socket;
    socket = undefined;
    detach?.();
    detach = undefined;
    if (!old) return;
    if (old.readyState < CLOSING) {
      try {
        old.close(1000, 'client closed');
      } catch {
        // Already closing.
      }
    }
  }

  function scheduleReconnect() {
    // lockReconnect: one pending reconnect at a time.
    if (finished() || reconnectTimer !== undefined) return;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, reconnectDelayMs);
  }

  /** The socket failed or closed: poll meanwhile, and try again later. */
  function lost() {
    if (finished()) return;
    setState('waiting');
    startPolling();
    scheduleReconnect();
  }

  function connect() {
    if (finished()) return;
    dropSocket();
    setState('connecting');
    let next: SocketLike;
    try {
      next = createSocket(url, [token]);
    } catch {
      lost();
      return;
    }
    socket = next;
    const listeners: Record<SocketEventType, (event: Event) => void> = {
      open: () => {
        setState('open');
        stopPolling();
        resetHeartbeat();
        // Whatever was released during the break is fetched now.
        if (everOpened) onNotice(undefined);
        everOpened = true;
      },
      message: (event) => {
        resetHeartbeat();
        const message = parseNoticeMessage((event as MessageEvent).data);
        if (message?.cmd === 'topic' || message?.cmd === 'user') onNotice(message);
      },
      error: () => lost(),
      close: (event) => {
        // This socket is over: forget it (without closing it again) and decide what comes next.
        detach?.();
        detach = undefined;
        socket = undefined;
        clearHeartbeat();
        if ((event as CloseEvent).code === SESSION_REVOKED_CODE) {
          revoke();
          return;
        }
        lost();
      },
    };
    const types = Object.keys(listeners) as SocketEventType[];
    for (const type of types) next.addEventListener(type, listeners[type]);
    detach = () => {
      for (const type of types) next.removeEventListener(type, listeners[type]);
    };
  }

  function clearAll() {
    if (reconnectTimer !== undefined) timers.clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    stopPolling();
    dropSocket();
  }

  function revoke() {
    clearAll();
    setState('revoked');
    onRevoked?.();
  }

  return {
    start() {
      if (state !== 'idle') return;
      startPolling();
      connect();
    },
    stop() {
      if (finished()) return;
      clearAll();
      setState('stopped');
    },
    get state() {
      return state;
    },
    get polling() {
      return pollTimer !== undefined;
    },
  };
}
