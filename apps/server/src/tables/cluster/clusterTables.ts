// The table registry's part in a site of several processes: the relay (tableRelay.ts), admin calls
// answered by each table's owner, and the claim loop that gives every table that needs one an owner
// (its lease lapsed when its process died: takeover with the crash-recovery rules, recovery.ts).
import type { Logger } from 'pino';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import type { LiveTable, RemovalReason } from '../tableLayer.js';
import type { TableOwnership } from './tableOwnership.js';
import { TableRelay, type RemoteOp, type TableSummary } from './tableRelay.js';

/** What the claim loop and the admin calls need of this process's tables (the TableRegistry). */
export interface LocalTables {
  readonly ownership: Pick<TableOwnership, 'leases' | 'held' | 'current'>;
  /** The table if this process runs it now (no lease taken). */
  localRuntime(tableId: number): LiveTable | null;
  /** The table, taken under its lease when nobody runs it; null: no such table, or run elsewhere. */
  runtime(tableId: number): Promise<LiveTable | null>;
  hasTable(tableId: number): Promise<boolean>;
  /** Tables that must run somewhere (seated players, simulation). */
  tablesWanted(): Promise<number[]>;
  summaries(): TableSummary[];
  localSession(tableId: number): Promise<unknown>;
  localKick(tableId: number, userId: number, note?: string): Promise<boolean>;
  localRemovePlayer(userId: number, reason: RemovalReason): Promise<void>;
  localStartSimulation(tableId: number): Promise<void>;
  localStopSimulation(tableId: number): Promise<void>;
}

export interface ClusterTables {
  relay: TableRelay;
  /** First claim round (awaited), then one every `claimMs`. */
  start(): Promise<void>;
  /** A blocked or deleted player leaves the tables of the other processes too. */
  removePlayerEverywhere(userId: number, reason: RemovalReason): Promise<void>;
  close(): void;
}

/** Unowned this many rounds in a row: taken whatever this process's fair share. */
const ORPHAN_ROUNDS = 2;

export function clusterClaimLoop(
  registry: LocalTables,
  bus: ClusterBus,
  logger: Logger,
  options: { claimMs: number; silenceMs: number },
): ClusterTables {
  const leases = registry.ownership.leases;
  const relay = new TableRelay(
    bus,
    {
      locate: async (tableId) => {
        if (registry.localRuntime(tableId)) return 'local';
        const owner = await leases.owner(tableId);
        if (owner && owner !== bus.nodeId) return owner;
        if (await registry.runtime(tableId)) return 'local';
        if (!(await registry.hasTable(tableId))) return undefined;
        return (await leases.owner(tableId)) ?? null;
      },
      local: (tableId) => registry.localRuntime(tableId),
      answer: (op, tableId, userId) => answer(registry, op, tableId, userId),
    },
    logger,
    options.silenceMs,
  );
  const orphans = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let claiming = false;

  const claim = async () => {
    if (claiming) return;
    claiming = true;
    try {
      const wanted = [...new Set([...(await registry.tablesWanted()), ...relay.watched()])];
      // A fair share per process, so that processes started together split the tables.
      const nodes = Math.max(1, relay.liveNodes());
      let room = Math.ceil(wanted.length / nodes) - registry.ownership.held().length;
      for (const tableId of wanted.sort(() => Math.random() - 0.5)) {
        if (registry.localRuntime(tableId) || (await leases.owner(tableId))) {
          orphans.delete(tableId);
          continue;
        }
        const rounds = (orphans.get(tableId) ?? 0) + 1;
        orphans.set(tableId, rounds);
        if (room <= 0 && rounds < ORPHAN_ROUNDS) continue;
        if (await registry.runtime(tableId)) {
          room--;
          orphans.delete(tableId);
        }
      }
    } catch (error) {
      logger.warn({ err: error }, 'table claim round failed');
    } finally {
      claiming = false;
      // Only tables this process can still prove it owns: a process woken after stalling past its leases
      // still has their runtimes, and their summaries would move every other process's sockets back to it.
      relay.heartbeat(registry.summaries().filter((s) => registry.ownership.current(s.tableId)));
    }
  };

  const offRemove = bus.subscribe<{ userId: number; reason: RemovalReason }>(
    'tables:remove-player',
    (m, from) => {
      if (from !== bus.nodeId) void registry.localRemovePlayer(m.userId, m.reason);
    },
  );

  return {
    relay,
    async start() {
      relay.heartbeat([]);
      await claim();
      timer = setInterval(() => void claim(), options.claimMs);
      timer.unref();
    },
    async removePlayerEverywhere(userId, reason) {
      await bus.publish('tables:remove-player', { userId, reason });
    },
    close() {
      if (timer) clearInterval(timer);
      offRemove();
      relay.close();
    },
  };
}

async function answer(
  registry: LocalTables,
  op: RemoteOp,
  tableId: number,
  userId: number | null,
  note?: string,
): Promise<unknown> {
  switch (op) {
    case 'session':
      return registry.localSession(tableId);
    case 'kick':
      return registry.localKick(tableId, userId ?? 0, note);
    case 'startSimulation':
      return registry.localStartSimulation(tableId);
    case 'stopSimulation':
      return registry.localStopSimulation(tableId);
  }
}
