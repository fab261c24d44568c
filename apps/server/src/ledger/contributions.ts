import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

/** One UTC day's rake (house share) and jackpot contributions, and the part of each paid by bots. */
export interface DayContributions {
  day: string;
  rake: number;
  rakeFromBots: number;
  jackpot: number;
  jackpotFromBots: number;
}

/**
 * Who paid the rake. A hand's rake and jackpot contribution come out of the losers' money (winners
 * receive the pot minus the rake), so each hand's amounts are attributed to its losing seats in
 * proportion to what each lost; the bots' part is rounded to the nearest tugrik and the players' part
 * is the rest, so the two always add up to the books. Bot money is the house's own: only the players'
 * part is income. Grouped by UTC day, from `from` (or from the start).
 */
export async function contributionsByPayer(db: Database, from?: Date): Promise<DayContributions[]> {
  const since = from ? sql`AND t.created_at >= ${from.toISOString()}::timestamptz` : sql``;
  const rows = await queryRows<{
    day: string;
    rake: string | number;
    rake_bots: string | number;
    jackpot: string | number;
    jackpot_bots: string | number;
  }>(
    db,
    sql`WITH hands AS (
          SELECT t.id, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'house_rake'), 0) AS rake,
            coalesce(sum(p.amount) FILTER (WHERE a.kind = 'jackpot' AND p.amount > 0), 0) AS jackpot,
            coalesce(-sum(p.amount) FILTER (WHERE a.kind = 'player_seat' AND p.amount < 0 AND u.is_bot), 0) AS bots_lost,
            coalesce(-sum(p.amount) FILTER (WHERE a.kind = 'player_seat' AND p.amount < 0), 0) AS lost
          FROM ledger_transactions t
          JOIN ledger_postings p ON p.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id
          LEFT JOIN users u ON u.id = a.user_id
          WHERE t.kind = 'gameplay' ${since}
          GROUP BY t.id
        )
        SELECT day, sum(rake) AS rake, sum(jackpot) AS jackpot,
          sum(CASE WHEN lost > 0 THEN round(rake::numeric * bots_lost / lost) ELSE 0 END) AS rake_bots,
          sum(CASE WHEN lost > 0 THEN round(jackpot::numeric * bots_lost / lost) ELSE 0 END) AS jackpot_bots
        FROM hands GROUP BY day ORDER BY day`,
  );
  return rows.map((r) => ({
    day: r.day,
    rake: Number(r.rake),
    rakeFromBots: Number(r.rake_bots),
    jackpot: Number(r.jackpot),
    jackpotFromBots: Number(r.jackpot_bots),
  }));
}
