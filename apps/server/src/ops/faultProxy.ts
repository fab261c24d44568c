// A small TCP fault proxy: the server talks to PostgreSQL or Redis through it, and a test (or the chaos
// bench) cuts the line as an outage would — open connections reset, new ones refused — then heals it.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export class FaultProxy {
  private readonly open = new Set<net.Socket>();
  private down = false;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  /** Listens on a free loopback port and forwards every connection to `target` (host:port). */
  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.forward(client, target));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  get isDown(): boolean {
    return this.down;
  }

  /** The outage: every open connection is reset and new ones are refused until `heal`. */
  cut(): void {
    this.down = true;
    for (const socket of this.open) socket.resetAndDestroy();
    this.open.clear();
  }

  heal(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private forward(client: net.Socket, target: { host: string; port: number }): void {
    if (this.down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.open.add(from);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.open.delete(from);
        to.destroy();
      });
      from.pipe(to);
    }
  }
}
