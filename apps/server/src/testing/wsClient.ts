// A real WebSocket client for tests: records every frame, waits for one, and reports how it closed.
import WebSocket from 'ws';

export class WsClient<Frame extends { type: string } = { type: string; [key: string]: unknown }> {
  readonly frames: Frame[] = [];
  /** Resolves with the close code once the socket closed. */
  readonly closed: Promise<number>;
  closeCode: number | null = null;
  private waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code) => {
        this.closeCode = code;
        resolve(code);
      }),
    );
    socket.on('error', () => undefined);
  }

  /** Opens `url` (optionally from a given local address); rejects when the upgrade is refused. */
  static async open<F extends { type: string }>(url: string, localAddress?: string): Promise<WsClient<F>> {
    const socket = new WebSocket(url, { localAddress, perMessageDeflate: false });
    const client = new WsClient<F>(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused: ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  waitFor(test: (f: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const seen = this.frames.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      this.waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /**
   * The close code, or null if still open after `timeoutMs`. Node runs expired timers before it reads
   * sockets: after the whole process stood still (a loaded machine), a close that had already arrived
   * would lose to the timer. So when the time is up, what arrived is read first (a few turns of the
   * event loop, no waiting) before the answer is null.
   */
  async closedWithin(timeoutMs: number): Promise<number | null> {
    const timedOut = new Promise<null>((resolve) =>
      setTimeout(async () => {
        for (let turn = 0; turn < 10 && this.closeCode === null; turn++)
          await new Promise((next) => setImmediate(next));
        resolve(null);
      }, timeoutMs),
    );
    return Promise.race([this.closed, timedOut]);
  }

  close(): void {
    this.socket.terminate();
  }
}
