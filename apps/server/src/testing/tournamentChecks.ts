// What a whole-server tournament test checks in the database once a tournament is over: the prizes
// the ledger paid (one transaction each), the pool left, and every hand its tables played (chips kept
// within each hand, and each PHH export replayed by the engine's own replayer).
import { replayPHH } from '@tenger/engine';
import { HandStore } from '../hands/handStore.js';
import { handTexts } from '../hands/handTexts.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { Accounts } from '../ledger/accounts.js';
import { Ledger, type LedgerAudit } from '../ledger/ledger.js';

export interface TournamentBooks {
  /** The amount of every prize transaction of the tournament (one per paid player). */
  prizes: number[];
  /** The prize-pool account's balance (0 once everything is paid). */
  pool: number;
}

export async function tournamentBooks(
  db: Database,
  ledger: Ledger,
  tournamentId: number,
): Promise<TournamentBooks> {
  const rows = await queryRows<{ amount: string | number }>(
    db,
    sql`SELECT sum(p.amount) AS amount
        FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
        WHERE t.kind = 'tournament_prize' AND t.meta->>'tournamentId' = ${String(tournamentId)} AND p.amount > 0
        GROUP BY t.id`,
  );
  return {
    prizes: rows.map((r) => Number(r.amount)),
    pool: await ledger.balanceOf(Accounts.tournamentPool(tournamentId)),
  };
}

export interface TournamentHands {
  /** Hands stored for the tournament's tables. */
  hands: number;
  /** Hands whose players' nets do not sum to zero (chips made or lost in a hand): none. */
  unbalanced: string[];
  /** Hands whose PHH the engine's replayer refused, with its reason: none. */
  unreplayable: Array<{ handId: string; error: string }>;
  /** Hands with rake (a tournament table takes none). */
  raked: string[];
}

/** Every hand of every table the tournament ever had (broken tables included). */
export async function tournamentHands(db: Database, tournamentId: number): Promise<TournamentHands> {
  const hands = await queryRows<{ id: string; phh: string; rake: string | number; net: string | number }>(
    db,
    sql`SELECT h.id, h.phh, h.rake, (SELECT coalesce(sum(net), 0) FROM hand_players p WHERE p.hand_id = h.id) AS net
        FROM hands h JOIN poker_tables t ON t.id = h.table_id
        WHERE t.tournament_id = ${tournamentId}`,
  );
  const result: TournamentHands = { hands: hands.length, unbalanced: [], unreplayable: [], raked: [] };
  const store = new HandStore(db);
  for (const hand of hands) {
    if (Number(hand.net) !== 0) result.unbalanced.push(hand.id);
    if (Number(hand.rake) !== 0) result.raked.push(hand.id);
    // The PHH as the hand history renders it (hands/handTexts.ts): new hands store no text.
    const stored = await store.get(hand.id);
    const replay = replayPHH(stored ? handTexts(stored).phh : hand.phh);
    if (!replay.ok) result.unreplayable.push({ handId: hand.id, error: replay.error.message });
  }
  return result;
}

/**
 * What a finished tournament leaves in the books, for one comparison: the ledger's own audit, the
 * pool left, the prizes paid in all and the hands that broke a rule (expected: the balanced audit, 0,
 * the pool's size, none and none).
 */
export async function finishedBooks(
  db: Database,
  tournamentId: number,
): Promise<{
  audit: LedgerAudit;
  pool: number;
  prizesPaid: number;
  unbalanced: string[];
  unreplayable: TournamentHands['unreplayable'];
}> {
  const ledger = new Ledger(db);
  const books = await tournamentBooks(db, ledger, tournamentId);
  const hands = await tournamentHands(db, tournamentId);
  return {
    audit: await ledger.audit(),
    pool: books.pool,
    prizesPaid: books.prizes.reduce((a, b) => a + b, 0),
    unbalanced: hands.unbalanced,
    unreplayable: hands.unreplayable,
  };
}
