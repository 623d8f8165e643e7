/**
 * Component tests never open real sockets: the live notice connection of the signed-in layout
 * gets this WebSocket, which stays "connecting" (no open, no error) until closed.
 */
export class InertWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket made, for tests that look at them. */
  static readonly made: InertWebSocket[] = [];

  readyState = 0;
  readonly sent: string[] = [];

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    super();
    InertWebSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.readyState = 3;
  }
}
