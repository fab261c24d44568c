// The table registry's part in a site of several processes: the relay (tableRelay.ts), admin calls
// answered by each table's owner, and the claim loop that gives every table that needs one an owner
// (its lease lapsed when its process died: takeover with the crash-recovery rules, recovery.ts).
import type { Logger } from 'pino';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import { leaseOwners } from '../../cluster/tableLeases.js';
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
  localWaitlist(tableId: number, userId: number, join: boolean): Promise<unknown>;
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
/** Tables taken over at the same time in one round (each is recovered from the database alone). */
export const TAKEOVER_CONCURRENCY = 16;
/**
 * While a table watched here belongs to a process that fell silent, its lease is looked at this often,
 * so the table is taken within this much of its lease running out rather than at the next claim round.
 */
export const LAPSE_POLL_MS = 250;

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
  /** Tables watched here whose owner fell silent (died?): their leases are polled until they lapse. */
  const lapsing = new Set<number>();
  let timer: NodeJS.Timeout | null = null;
  let lapseTimer: NodeJS.Timeout | null = null;
  let claiming = false;
  let closed = false;

  /** Takes these tables, a few at a time; a table another process took first is simply skipped. */
  const takeOver = async (tableIds: number[]) => {
    let next = 0;
    const one = async (): Promise<void> => {
      for (let i = next++; i < tableIds.length; i = next++) {
        const tableId = tableIds[i]!;
        try {
          if (await registry.runtime(tableId)) {
            orphans.delete(tableId);
            lapsing.delete(tableId);
          }
        } catch (error) {
          logger.warn({ err: error, tableId }, 'table takeover failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(TAKEOVER_CONCURRENCY, tableIds.length) }, one));
  };

  const claim = async () => {
    if (claiming) return;
    claiming = true;
    try {
      const watched = new Set(relay.watched());
      const all = [...new Set([...(await registry.tablesWanted()), ...watched])];
      // A fair share per process, so that processes started together split the tables.
      const nodes = Math.max(1, relay.liveNodes());
      let room = Math.ceil(all.length / nodes) - registry.ownership.held().length;
      const candidates = all.filter((id) => !registry.localRuntime(id)).sort(() => Math.random() - 0.5);
      const owners = await leaseOwners(leases, candidates);
      const take: number[] = [];
      const silentAfter = 2 * options.claimMs;
      candidates.forEach((tableId, i) => {
        const owner = owners[i];
        if (owner) {
          orphans.delete(tableId);
          if (watched.has(tableId) && owner !== bus.nodeId && relay.silentFor(owner) > silentAfter)
            lapsing.add(tableId);
          return;
        }
        const rounds = (orphans.get(tableId) ?? 0) + 1;
        orphans.set(tableId, rounds);
        // Its sockets are here (nginx sends all of a table's sockets to one process): take it at once.
        if (watched.has(tableId)) take.push(tableId);
        else if (room > 0 || rounds >= ORPHAN_ROUNDS) {
          take.push(tableId);
          room--;
        }
      });
      await takeOver(take);
    } catch (error) {
      logger.warn({ err: error }, 'table claim round failed');
    } finally {
      claiming = false;
      // Only tables this process can still prove it owns: a process woken after stalling past its leases
      // still has their runtimes, and their summaries would move every other process's sockets back to it.
      relay.heartbeat(registry.summaries().filter((s) => registry.ownership.current(s.tableId)));
      pollLapsing();
    }
  };

  /** Between claim rounds: the leases of tables whose owner fell silent, until each is taken or alive. */
  const pollLapsing = () => {
    if (closed || lapseTimer || lapsing.size === 0) return;
    lapseTimer = setTimeout(() => {
      lapseTimer = null;
      void (async () => {
        if (claiming) return;
        claiming = true;
        try {
          const watched = new Set(relay.watched());
          const ids = [...lapsing].filter((id) => {
            const keep = watched.has(id) && !registry.localRuntime(id);
            if (!keep) lapsing.delete(id);
            return keep;
          });
          const owners = await leaseOwners(leases, ids);
          const free: number[] = [];
          ids.forEach((tableId, i) => {
            const owner = owners[i];
            if (!owner) free.push(tableId);
            else if (owner === bus.nodeId || relay.silentFor(owner) <= 2 * options.claimMs)
              lapsing.delete(tableId);
          });
          await takeOver(free);
        } catch (error) {
          logger.warn({ err: error }, 'table lapse poll failed');
        } finally {
          claiming = false;
          pollLapsing();
        }
      })();
    }, LAPSE_POLL_MS);
    lapseTimer.unref();
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
      closed = true;
      if (timer) clearInterval(timer);
      if (lapseTimer) clearTimeout(lapseTimer);
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
    case 'waitlistJoin':
    case 'waitlistLeave':
      return registry.localWaitlist(tableId, userId ?? 0, op === 'waitlistJoin');
  }
}
