// Tables across the processes of one site (REDIS_URL). Any process accepts /ws/table/{id}; the
// owner of the table (the process holding its lease) runs it. Frames travel over the site's Redis
// pub/sub (the ClusterBus), on three kinds of channel:
//
//   table:{id}:in     accepting process -> owner    join, leave, identify, resume, handle (per socket)
//   node:{id}:out     owner -> accepting process    frame (one socket's own frame), done
//   node:{id}:ask:table / :answer:table              admin calls: session, kick, simulation start/stop,
//                                                   and the lobby's waiting-list joins and leaves
//                                                   (asked of the owner and answered, cluster/nodeCalls.ts)
//   tables:owner      new owner -> all              "I run table N now": relays re-join it
//   tables:summary    every process, every tick     its tables (lobby counts) and a heartbeat
//
// The owner holds one ProxyViewer per remote socket, so every frame still passes the per-viewer door
// there (viewerDoor.ts) and goes, on the accepting process's own channel, to that one socket only.
import type { TableServerMessage, TableWaitlist } from '@tenger/protocol';
import type { Logger } from 'pino';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import { NodeCalls } from '../../cluster/nodeCalls.js';
import { AppError } from '../../errors.js';
import type { LiveTable, TableViewer } from '../tableLayer.js';
import { RoutedTable, type RelayLink, type Target, type ToOwner } from './routedTable.js';

/** Calls an owner answers for the other processes (admin calls, and the lobby's waiting-list requests). */
export type RemoteOp =
  'session' | 'kick' | 'startSimulation' | 'stopSimulation' | 'waitlistJoin' | 'waitlistLeave';

export interface TableSummary {
  tableId: number;
  seated: number;
  playing: boolean;
  simulating: boolean;
  /** Its waiting list, when anyone waits (the lobby's counts and offers on every process). */
  waitlist?: TableWaitlist | null;
}

export interface RelayHooks {
  /** Where the table runs: here ('local', taking it when nobody holds it), another node, or null. */
  locate(tableId: number): Promise<Target | null | undefined>;
  /** The live table of a table run here. */
  local(tableId: number): LiveTable | null;
  /** Answers an admin call for a table run here. */
  answer(op: RemoteOp, tableId: number, userId: number | null, note?: string): Promise<unknown>;
}

type Outbound =
  { k: 'frame'; conn: number; frame: TableServerMessage } | { k: 'done'; conn: number; req: number };
interface Call {
  op: RemoteOp;
  tableId: number;
  userId: number | null;
  /** A kick's reason, shown to the player. */
  note?: string;
}

/** How long an admin call waits for the owner's answer. */
export const REMOTE_CALL_TIMEOUT_MS = 3_000;

export class TableRelay implements RelayLink {
  private readonly routes = new Map<number, Promise<RoutedTable | null>>();
  private readonly hosted = new Map<number, HostedTable>();
  private readonly summaries = new Map<number, TableSummary & { owner: string; at: number }>();
  private readonly seen = new Map<string, number>();
  private readonly calls: NodeCalls<Call>;
  /** This process's relayed sockets by connection number. */
  readonly connections = new Map<number, { viewer: TableViewer; route: RoutedTable }>();
  private nextNumber = 1;
  private readonly offs: Array<() => void>;

  constructor(
    readonly bus: ClusterBus,
    private readonly hooks: RelayHooks,
    private readonly logger: Logger,
    /** A process not heard from for this long is gone: its sockets leave the tables run here. */
    private readonly silenceMs: number,
  ) {
    this.calls = new NodeCalls<Call>(bus, 'table', (c) => hooks.answer(c.op, c.tableId, c.userId, c.note), {
      timeoutMs: REMOTE_CALL_TIMEOUT_MS,
      unanswered: () => new AppError(503, 'server_restarting', 'The table server did not answer; try again'),
      failed: () => new AppError(503, 'server_restarting', 'The table server could not answer'),
    });
    this.offs = [
      bus.subscribe<Outbound>(`node:${this.nodeId}:out`, (m, from) => this.outbound(m, from)),
      bus.subscribe<{ tableId: number }>('tables:owner', (m, from) => this.moved(m.tableId, from, true)),
      bus.subscribe<TableSummary[]>('tables:summary', (m, from) => this.summary(m, from)),
    ];
  }

  get nodeId(): string {
    return this.bus.nodeId;
  }

  number(): number {
    return this.nextNumber++;
  }

  /** The table as a socket of this process sees it, wherever it runs; null for no such table. */
  route(tableId: number): Promise<RoutedTable | null> {
    let entry = this.routes.get(tableId);
    if (!entry) {
      entry = this.hooks.locate(tableId).then((where) => {
        if (where === undefined) return null;
        const route = new RoutedTable(tableId, this);
        route.moveTo(where);
        return route;
      });
      this.routes.set(tableId, entry);
      entry.then((r) => r ?? this.routes.delete(tableId)).catch(() => this.routes.delete(tableId));
    }
    return entry;
  }

  /** Tables with sockets on this process (so a table only watched here still finds an owner). */
  watched(): number[] {
    return [...new Set([...this.connections.values()].map((c) => c.route.tableId))];
  }

  local(tableId: number): LiveTable | null {
    return this.hooks.local(tableId);
  }

  // ---- the owner's side ---------------------------------------------------------------------

  /** This process runs `tableId` now: take its inbound channel, then tell every process. */
  async host(tableId: number, table: LiveTable): Promise<void> {
    this.hosted.get(tableId)?.close();
    const hosted = new HostedTable(tableId, table, this);
    this.hosted.set(tableId, hosted);
    hosted.off = this.bus.subscribe<ToOwner>(`table:${tableId}:in`, (m, from) => hosted.inbound(m, from));
    await (this.bus as { ready?(): Promise<void> }).ready?.();
    await this.bus.publish('tables:owner', { tableId });
  }

  /** The table stopped here (lease lost, drained, deleted): remote sockets wait for the next owner. */
  unhost(tableId: number): void {
    this.hosted.get(tableId)?.close();
    this.hosted.delete(tableId);
    // A route whose lookup failed (Redis timed out) is dropped by route(); nothing to move then.
    void this.routes.get(tableId)?.then(
      (route) => route?.moveTo(null),
      () => undefined,
    );
  }

  send(node: string, message: Outbound): void {
    this.bus.publish(`node:${node}:out`, message).catch((error: unknown) => this.warn(error));
  }

  toOwner(node: string, tableId: number, message: ToOwner): void {
    void node; // the owner listens on the table's channel; stale owners ignore what is not theirs
    this.bus.publish(`table:${tableId}:in`, message).catch((error: unknown) => this.warn(error));
  }

  // ---- admin calls --------------------------------------------------------------------------

  /** An admin call answered by the table's owner (this process when it runs the table). */
  async call(op: RemoteOp, tableId: number, userId: number | null = null, note?: string): Promise<unknown> {
    const where = await this.hooks.locate(tableId);
    if (where === undefined || where === 'local') return this.hooks.answer(op, tableId, userId, note);
    if (where === null)
      throw new AppError(503, 'server_restarting', 'The table is moving to another server; try again');
    return this.calls.ask(where, { op, tableId, userId, ...(note ? { note } : {}) } satisfies Call);
  }

  // ---- what other processes say -------------------------------------------------------------

  private outbound(m: Outbound, from: string): void {
    const connection = this.connections.get(m.conn);
    if (!connection || connection.route.target !== from) return; // a stale owner's frame
    if (m.k === 'frame') {
      connection.route.confirm(connection.viewer);
      connection.viewer.send(m.frame);
    } else connection.route.done(connection.viewer, m.req);
  }

  private moved(tableId: number, owner: string, announced = false): void {
    const target = owner === this.nodeId ? 'local' : owner;
    void this.routes.get(tableId)?.then(
      (route) => route?.moveTo(target, announced),
      () => undefined,
    );
  }

  private summary(tables: TableSummary[], from: string): void {
    const now = Date.now();
    this.seen.set(from, now);
    for (const t of tables) {
      this.summaries.set(t.tableId, { ...t, owner: from, at: now });
      if (from !== this.nodeId) this.moved(t.tableId, from);
    }
    for (const [node, at] of this.seen) {
      if (now - at <= this.silenceMs) continue;
      this.seen.delete(node);
      for (const hosted of this.hosted.values()) hosted.dropNode(node);
    }
  }

  /** Processes heard from lately (this one included once its first heartbeat came back). */
  liveNodes(): number {
    const now = Date.now();
    return [...this.seen.values()].filter((at) => now - at <= this.silenceMs).length;
  }

  /** How long since `node` was last heard from (its heartbeat); infinite if never or gone. */
  silentFor(node: string): number {
    const at = this.seen.get(node);
    return at === undefined ? Number.POSITIVE_INFINITY : Date.now() - at;
  }

  /** The latest summary of a table run elsewhere (lobby counts), if recent. */
  summaryOf(tableId: number): (TableSummary & { owner: string }) | null {
    const s = this.summaries.get(tableId);
    return s && Date.now() - s.at <= this.silenceMs ? s : null;
  }

  remoteSummaries(): Array<TableSummary & { owner: string }> {
    return [...this.summaries.keys()].flatMap((id) => {
      const s = this.summaryOf(id);
      return s && s.owner !== this.nodeId ? [s] : [];
    });
  }

  /** Every tick: this process's tables and that it is alive. */
  heartbeat(tables: TableSummary[]): void {
    this.bus.publish('tables:summary', tables).catch((error: unknown) => this.warn(error));
  }

  warn(error: unknown): void {
    this.logger.warn({ err: error }, 'table relay');
  }

  close(): void {
    for (const off of this.offs) off();
    for (const hosted of this.hosted.values()) hosted.close();
    this.hosted.clear();
    this.calls.close();
  }
}

/** A socket of another process, as the table run here sees it. */
class ProxyViewer implements TableViewer {
  chain: Promise<unknown> = Promise.resolve();
  constructor(
    public userId: number | null,
    readonly send: (message: TableServerMessage) => void,
  ) {}
}

/** The owner's side of one table: one ProxyViewer per socket of another process. */
class HostedTable {
  off: () => void = () => undefined;
  private readonly proxies = new Map<string, ProxyViewer>();

  constructor(
    readonly tableId: number,
    private readonly table: LiveTable,
    private readonly relay: TableRelay,
  ) {}

  inbound(m: ToOwner, from: string): void {
    const key = `${from}/${m.conn}`;
    if (m.k === 'join') {
      this.remove(key);
      const proxy = new ProxyViewer(m.userId, (frame) =>
        this.relay.send(from, { k: 'frame', conn: m.conn, frame }),
      );
      this.proxies.set(key, proxy);
      this.table.join(proxy);
      return;
    }
    const proxy = this.proxies.get(key);
    if (!proxy) return;
    if (m.k === 'leave') this.remove(key);
    else if (m.k === 'identify') this.table.identify(proxy, m.userId);
    else if (m.k === 'resume') this.table.resume(proxy, m.lastSeq);
    else {
      // One command of a socket at a time, in order, as the accepting process sends them.
      proxy.chain = proxy.chain
        .then(() => this.table.handle(proxy, m.message))
        .catch(() => undefined)
        .then(() => this.relay.send(from, { k: 'done', conn: m.conn, req: m.req }));
    }
  }

  /** A process fell silent (died): its sockets are gone. */
  dropNode(node: string): void {
    for (const key of [...this.proxies.keys()]) if (key.startsWith(`${node}/`)) this.remove(key);
  }

  close(): void {
    this.off();
    for (const key of [...this.proxies.keys()]) this.remove(key);
  }

  private remove(key: string): void {
    const proxy = this.proxies.get(key);
    if (!proxy) return;
    this.proxies.delete(key);
    this.table.leave(proxy);
  }
}
