// One table as the sockets of this process see it, wherever the table runs: here (the runtime
// itself), on another process (every call relayed over Redis, see tableRelay.ts), or nowhere for a
// moment (its owner died and nobody took it over yet). When the owner changes, every socket joins
// the new owner and gets a fresh snapshot from it; nobody reconnects. Authentication and the socket
// guard stay with the channel (tableChannel.ts) on this process.
import type { TableClientMessage } from '@tenger/protocol';
import type { LiveTable, TableViewer } from '../tableLayer.js';

/** Where a table runs: 'local' (this process), another process's node id, or null (nobody yet). */
export type Target = 'local' | string | null;

/** What one socket of this process says to the table's owner (the relay carries it on table:{id}:in). */
export type ToOwner =
  | { k: 'join'; conn: number; userId: number | null }
  | { k: 'leave'; conn: number }
  | { k: 'identify'; conn: number; userId: number }
  | { k: 'resume'; conn: number; lastSeq: number }
  | { k: 'handle'; conn: number; req: number; message: TableClientMessage };

/** What a routed table needs of the relay (tableRelay.ts). */
export interface RelayLink {
  /** A new connection or request number, unique in this process. */
  number(): number;
  /** This process's relayed sockets by connection number (frames from the owner find them here). */
  readonly connections: Map<number, { viewer: TableViewer; route: RoutedTable }>;
  /** The live table of a table run here. */
  local(tableId: number): LiveTable | null;
  toOwner(node: string, tableId: number, message: ToOwner): void;
}

/** How long a relayed command waits for the owner before the socket is told to try again. */
export const RELAYED_COMMAND_TIMEOUT_MS = 15_000;

interface Socket {
  conn: number;
  /** Resolves when the owner has the socket (its first snapshot came back); commands wait for it. */
  joined: Promise<void>;
  confirm: () => void;
  /** Commands sent to the owner and not answered yet: finish(true) when the owner changed meanwhile. */
  pending: Map<number, (moved: boolean) => void>;
}

export class RoutedTable implements LiveTable {
  target: Target = null;
  private local: LiveTable | null = null;
  private readonly sockets = new Map<TableViewer, Socket>();

  constructor(
    readonly tableId: number,
    private readonly relay: RelayLink,
  ) {}

  join(viewer: TableViewer): void {
    const socket: Socket = { conn: this.relay.number(), pending: new Map(), ...joining() };
    this.sockets.set(viewer, socket);
    this.relay.connections.set(socket.conn, { viewer, route: this });
    this.attach(viewer, socket);
  }

  leave(viewer: TableViewer): void {
    const socket = this.sockets.get(viewer);
    if (!socket) return;
    this.detach(viewer, socket);
    this.sockets.delete(viewer);
    this.relay.connections.delete(socket.conn);
  }

  identify(viewer: TableViewer, userId: number): void {
    const socket = this.sockets.get(viewer);
    if (this.local) return this.local.identify(viewer, userId);
    viewer.userId = userId;
    if (socket && this.target !== null) this.toOwner({ k: 'identify', conn: socket.conn, userId });
  }

  resume(viewer: TableViewer, lastSeq: number): void {
    const socket = this.sockets.get(viewer);
    if (this.local) return this.local.resume(viewer, lastSeq);
    if (socket && this.target !== null) this.toOwner({ k: 'resume', conn: socket.conn, lastSeq });
  }

  async handle(viewer: TableViewer, message: TableClientMessage): Promise<unknown> {
    if (this.local) return this.local.handle(viewer, message);
    const socket = this.sockets.get(viewer);
    const requestId = message.requestId ?? null;
    if (!socket || this.target === null) {
      viewer.send({ type: 'REJECT', requestId, code: 'busy', message: 'The table is moving; try again' });
      return;
    }
    const req = this.relay.number();
    const deadline = Date.now() + RELAYED_COMMAND_TIMEOUT_MS;
    const joined = await Promise.race([
      socket.joined.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), RELAYED_COMMAND_TIMEOUT_MS).unref()),
    ]);
    if (!joined || this.sockets.get(viewer) !== socket) {
      viewer.send({
        type: 'REJECT',
        requestId,
        code: 'busy',
        message: 'The table did not answer; try again',
      });
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(
        () => {
          socket.pending.delete(req);
          viewer.send({
            type: 'REJECT',
            requestId,
            code: 'busy',
            message: 'The table did not answer; try again',
          });
          resolve();
        },
        Math.max(1, deadline - Date.now()),
      );
      socket.pending.set(req, (moved) => {
        clearTimeout(timer);
        if (moved)
          viewer.send({ type: 'REJECT', requestId, code: 'busy', message: 'The table moved; try again' });
        resolve();
      });
      this.toOwner({ k: 'handle', conn: socket.conn, req, message });
    });
  }

  /** A frame from the owner reached this socket: the owner has it. */
  confirm(viewer: TableViewer): void {
    this.sockets.get(viewer)?.confirm();
  }

  /** The owner answered command `req` of this socket (its ACK or REJECT came before, in order). */
  done(viewer: TableViewer, req: number): void {
    const socket = this.sockets.get(viewer);
    const finish = socket?.pending.get(req);
    if (!finish) return;
    socket!.pending.delete(req);
    finish(false);
  }

  /**
   * The table runs elsewhere now (or here, or nowhere yet): every socket follows it. `announced`: the
   * owner just started hosting the table, so sockets join it again even if it was the owner already
   * (a join sent while it was still taking the table over found nobody listening).
   */
  moveTo(target: Target, announced = false): void {
    const local = target === 'local' ? this.relay.local(this.tableId) : null;
    if (target === this.target && local === this.local && !(announced && target !== 'local')) return;
    for (const [viewer, socket] of this.sockets) this.detach(viewer, socket);
    this.target = target === 'local' && !local ? null : target;
    this.local = local;
    for (const [viewer, socket] of this.sockets) this.attach(viewer, socket);
  }

  private attach(viewer: TableViewer, socket: Socket): void {
    // A command waiting for the previous join goes on once this one is confirmed.
    const before = socket.confirm;
    const next = joining();
    socket.joined = next.joined;
    socket.confirm = () => (next.confirm(), before());
    if (this.local) socket.confirm();
    if (this.local) this.local.join(viewer);
    else if (this.target !== null) this.toOwner({ k: 'join', conn: socket.conn, userId: viewer.userId });
  }

  private detach(viewer: TableViewer, socket: Socket): void {
    if (this.local) this.local.leave(viewer);
    else if (this.target !== null) this.toOwner({ k: 'leave', conn: socket.conn });
    // Commands the old owner will never answer: the socket may send them again.
    for (const finish of socket.pending.values()) finish(true);
    socket.pending.clear();
  }

  private toOwner(message: ToOwner): void {
    this.relay.toOwner(this.target ?? '', this.tableId, message);
  }
}

function joining(): Pick<Socket, 'joined' | 'confirm'> {
  let confirm = () => undefined as void;
  const joined = new Promise<void>((resolve) => (confirm = resolve));
  return { joined, confirm };
}
