import { sql } from 'drizzle-orm';
import type { Books } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { contributionsByPayer, type DayContributions } from './contributions.js';
import type { Ledger } from './ledger.js';

/** GET /data: every account class summed (their total must be zero) and site statistics. */
export async function readBooks(db: Database, ledger: Ledger, seatedPlayers: number): Promise<Books> {
  const [totals, days] = await Promise.all([ledger.bookTotals(db), contributionsByPayer(db)]);
  const sum = (pick: (d: DayContributions) => number) => days.reduce((total, d) => total + pick(d), 0);
  const rakeFromBots = sum((d) => d.rakeFromBots);
  const jackpotFromBots = sum((d) => d.jackpotFromBots);
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM deposits WHERE status <> 'pending') AS deposit_count,
      (SELECT coalesce(sum(amount), 0) FROM deposits WHERE status <> 'pending') AS deposit_amount,
      (SELECT count(*) FROM withdrawals WHERE status = 'approved') AS approved_count,
      (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'approved') AS approved_amount,
      (SELECT count(*) FROM withdrawals WHERE status = 'pending') AS pending_count,
      (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'pending') AS pending_amount,
      (SELECT count(*) FROM withdrawals WHERE status = 'rejected') AS rejected_count,
      (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE status = 'rejected') AS rejected_amount,
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM users WHERE role = 'PLAYER' AND NOT is_bot) AS players,
      (SELECT count(*) FROM users WHERE role = 'ADMIN') AS admins,
      (SELECT count(*) FROM users WHERE is_bot) AS bots,
      (SELECT count(*) FROM users WHERE status = 'blocked') AS blocked,
      (SELECT count(*) FROM poker_tables WHERE deleted_at IS NULL) AS tables,
      (SELECT count(*) FROM ledger_transactions) AS transactions,
      (SELECT count(*) FROM ledger_postings) AS postings`,
  );
  const n = (key: string) => Number(row[key]);
  const accounts = {
    playersAvailable: totals.player_available,
    playersLocked: totals.player_locked,
    playersAtTables: totals.player_seat,
    houseRake: totals.house_rake,
    jackpot: totals.jackpot,
    bonus: totals.bonus,
    botBankroll: totals.bot_bankroll,
    outsideBank: totals.outside_bank,
    tournamentPools: totals.tournament_pool,
    tournamentFees: totals.tournament_fees,
    tournamentGuarantee: totals.tournament_guarantee,
    playersTickets: totals.player_ticket,
  };
  const total = Object.values(accounts).reduce((sum, value) => sum + value, 0);
  return {
    accounts,
    total,
    balanced: total === 0,
    deposits: { count: n('deposit_count'), amount: n('deposit_amount') },
    withdrawals: {
      approved: { count: n('approved_count'), amount: n('approved_amount') },
      pending: { count: n('pending_count'), amount: n('pending_amount') },
      rejected: { count: n('rejected_count'), amount: n('rejected_amount') },
    },
    stats: {
      users: n('users'),
      players: n('players'),
      admins: n('admins'),
      bots: n('bots'),
      blocked: n('blocked'),
      tables: n('tables'),
      seatedPlayers,
      ledgerTransactions: n('transactions'),
      postings: n('postings'),
    },
    contributions: {
      rake: { players: sum((d) => d.rake) - rakeFromBots, bots: rakeFromBots },
      jackpot: { players: sum((d) => d.jackpot) - jackpotFromBots, bots: jackpotFromBots },
    },
  };
}
