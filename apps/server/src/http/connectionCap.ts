// The cap on open TCP connections per peer address, taken when the connection is accepted: before a
// byte of it is read, so a request head that never finishes (slowloris) already holds its place, and
// HTTP requests and WebSockets (an upgraded connection is the same TCP socket) count together. The
// connections over the cap are destroyed at once: answering them would cost what the cap saves.
import type { Server } from 'node:net';

export class ConnectionsAtAccept {
  private readonly open = new Map<string, number>();
  /** Connections refused since start (metrics, the benchmark). */
  refused = 0;

  constructor(readonly max: number) {}

  /** Counts every connection `server` accepts against its peer address until it closes. */
  watch(server: Server): void {
    server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      const count = this.open.get(address) ?? 0;
      if (count >= this.max) {
        this.refused += 1;
        socket.destroy();
        return;
      }
      this.open.set(address, count + 1);
      socket.once('close', () => {
        const left = (this.open.get(address) ?? 1) - 1;
        if (left <= 0) this.open.delete(address);
        else this.open.set(address, left);
      });
    });
  }

  /** Open connections from `address` now. */
  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}
