import { sql } from 'drizzle-orm';
import type { DailyFigures } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { contributionsByPayer } from './contributions.js';

const DAY_MS = 86_400_000;

/**
 * GET /data's time series: one row per UTC day over the last `days` days (today included), oldest first,
 * days without activity as zeros. Money comes from ledger postings grouped by their transaction's day:
 * rake credited to the house, deposits credited to players (kind deposit), approved withdrawals paid to
 * the outside bank, jackpot contributions (credits) and payouts (debits), and the jackpot's balance at
 * each day's end. Hands come from the hands table, by the day they ended.
 */
export async function dailyFigures(db: Database, days: number, now = new Date()): Promise<DailyFigures[]> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (days - 1) * DAY_MS);
  const [money, played, [opening], payers] = await Promise.all([
    queryRows<{
      day: string;
      rake: string | number;
      deposits: string | number;
      withdrawals: string | number;
      jackpot_in: string | number;
      jackpot_out: string | number;
    }>(
      db,
      sql`SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'house_rake'), 0) AS rake,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_available' AND t.kind = 'deposit'), 0) AS deposits,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'outside_bank' AND t.kind = 'withdrawal_approve'), 0) AS withdrawals,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'jackpot' AND p.amount > 0), 0) AS jackpot_in,
            coalesce(-sum(p.amount) FILTER (WHERE a.kind = 'jackpot' AND p.amount < 0), 0) AS jackpot_out
          FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id
          JOIN ledger_transactions t ON t.id = p.transaction_id
          WHERE t.created_at >= ${from.toISOString()}::timestamptz
            AND a.kind IN ('house_rake', 'player_available', 'outside_bank', 'jackpot')
          GROUP BY 1`,
    ),
    queryRows<{ day: string; hands: string | number }>(
      db,
      sql`SELECT to_char(ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS hands
          FROM hands WHERE ended_at >= ${from.toISOString()}::timestamptz GROUP BY 1`,
    ),
    queryRows<{ jackpot: string | number }>(
      db,
      sql`SELECT coalesce(sum(p.amount), 0) AS jackpot
          FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id
          JOIN ledger_transactions t ON t.id = p.transaction_id
          WHERE a.kind = 'jackpot' AND t.created_at < ${from.toISOString()}::timestamptz`,
    ),
    contributionsByPayer(db, from),
  ]);
  const payersByDay = new Map(payers.map((row) => [row.day, row]));
  const moneyByDay = new Map(money.map((row) => [row.day, row]));
  const handsByDay = new Map(played.map((row) => [row.day, Number(row.hands)]));
  let jackpotBalance = Number(opening.jackpot);
  const series: DailyFigures[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = moneyByDay.get(date);
    const jackpotContributions = Number(row?.jackpot_in ?? 0);
    const jackpotPayouts = Number(row?.jackpot_out ?? 0);
    jackpotBalance += jackpotContributions - jackpotPayouts;
    series.push({
      date,
      hands: handsByDay.get(date) ?? 0,
      rake: Number(row?.rake ?? 0),
      deposits: Number(row?.deposits ?? 0),
      withdrawals: Number(row?.withdrawals ?? 0),
      jackpotContributions,
      rakeFromBots: payersByDay.get(date)?.rakeFromBots ?? 0,
      jackpotContributionsFromBots: payersByDay.get(date)?.jackpotFromBots ?? 0,
      jackpotPayouts,
      jackpotBalance,
    });
  }
  return series;
}
