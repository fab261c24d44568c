// Crash recovery at start-up. Nothing of a running hand was ever written, so every chip still in a
// seat account is what its owner had when the last hand began: it goes back to its owner's balance
// (bots' to the bot bankroll) before anyone can sit again.
import type { Logger } from 'pino';
import { seatBalances } from '../../ledger/ledgerReads.js';
import type { Database } from '../../db/client.js';
import type { TableRow } from '../tableCatalogue.js';
import type { DatabaseTableStore } from './databaseTableStore.js';
import type { TableBank, UserProfile } from './ports.js';
import type { RestoredSeat } from './tableRuntime.js';

export async function cashOutLeftoverSeats(deps: {
  db: Database;
  bank: TableBank;
  profile(userId: number): Promise<UserProfile | null>;
  logger: Logger;
}): Promise<number> {
  const seats = (await seatBalances(deps.db)).filter((s) => s.balance > 0);
  for (const seat of seats) {
    const isBot = (await deps.profile(seat.userId))?.isBot ?? false;
    await deps.bank.fromSeat({ userId: seat.userId, isBot }, seat.tableId, seat.balance, 'restart');
  }
  if (seats.length > 0)
    deps.logger.info({ seats: seats.length }, 'cashed out seats left from before a restart');
  return seats.length;
}

/**
 * Crash recovery with durable seats: the hand in play is recorded as voided (its number is never
 * dealt again); every stored seat whose ledger seat account holds chips is seated again with that
 * account as its stack (the stacks as the voided hand began); chips with no stored seat (a table
 * deleted, an account blocked, a seat never written) go back to their owner; simulation resumes.
 */
export async function restoreSeats(deps: {
  db: Database;
  bank: TableBank;
  store: DatabaseTableStore;
  tables: readonly TableRow[];
  profile(userId: number): Promise<UserProfile | null>;
  logger: Logger;
  /** Only this table: a process of a cluster taking over a table whose owner died (or let it go). */
  only?: number;
}): Promise<{ seats: Map<number, RestoredSeat[]>; simulating: number[] }> {
  const { only } = deps;
  const voided = await deps.store.voidUnsettledHands(only === undefined ? 'restart' : 'takeover', only);
  const stored = await deps.store.allSeats(only);
  const balances = new Map(
    (await seatBalances(deps.db, only)).map((b) => [`${b.tableId}:${b.userId}`, b.balance]),
  );
  const tables = new Map(deps.tables.map((t) => [t.id, t]));
  const seats = new Map<number, RestoredSeat[]>();
  const kept = new Set<string>();
  for (const s of stored) {
    const key = `${s.tableId}:${s.userId}`;
    const stack = balances.get(key) ?? 0;
    const table = tables.get(s.tableId);
    const profile = await deps.profile(s.userId);
    if (stack <= 0 || !table || table.closed || !profile?.active || s.seat >= table.maxPlayers) {
      await deps.store.removeSeat(s.tableId, s.userId);
      continue;
    }
    kept.add(key);
    const list = seats.get(s.tableId) ?? [];
    list.push({ seat: s.seat, profile, stack, sittingOut: s.sittingOut, timeBankMs: s.timeBankMs });
    seats.set(s.tableId, list);
  }
  let cashedOut = 0;
  for (const [key, balance] of balances) {
    if (balance <= 0 || kept.has(key)) continue;
    const [tableId, userId] = key.split(':').map(Number);
    const isBot = (await deps.profile(userId))?.isBot ?? false;
    await deps.bank.fromSeat({ userId, isBot }, tableId, balance, 'restart');
    cashedOut++;
  }
  const simulating = (await deps.store.simulatingTables()).filter(
    (id) => tables.has(id) && (only === undefined || id === only),
  );
  deps.logger.info(
    { voided: voided.map((h) => h.handNumber), reseated: kept.size, cashedOut, simulating, tableId: only },
    only === undefined ? 'restored the live tables after a restart' : 'took a table over',
  );
  return { seats, simulating };
}
