import type { SocketLike } from '../realtime/reconnectingSocket';

/** A WebSocket the test plays the server of: it opens, sends and drops when the test says so. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** What the client sent, in order. */
  sent: string[] = [];
  /** The code the client closed with (undefined: no code given, or not closed by the client). */
  closedWith: number | undefined;
  closedByClient = false;
  /** What the client sent, parsed. */
  get messages(): Record<string, unknown>[] {
    return this.sent.map((data) => JSON.parse(data) as Record<string, unknown>);
  }
  constructor(readonly url = '') {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.closedByClient = true;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverCloses(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  serverSends(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** The server sends one message as JSON. */
  serverSendsMessage(message: unknown) {
    this.serverSends(JSON.stringify(message));
  }
}
