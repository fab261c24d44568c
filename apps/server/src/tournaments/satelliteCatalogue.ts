// The tournament catalogue's side of satellites (issue 21): the administrator's target is checked (it
// exists, it is scheduled or registering, it is not the satellite itself), the lobby's "Satellite to X ·
// N seats", whether a player holds a ticket for a tournament, and a target's buy-in and fee kept while
// satellites feed it (a ticket is worth exactly one entry).
import { satellitePayouts } from '@tenger/engine';
import type { TournamentSummary } from '@tenger/protocol';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { badRequest, DomainError } from '../errors.js';

/** A satellite's target as the tournament row keeps it (null: not a satellite). */
export interface SatelliteColumns {
  targetId: number | null;
  ticketValue: number | null;
}

/**
 * The columns of a create or change naming `targetId`: the target must exist, not have started or
 * ended, not be the satellite itself, and cost something (a ticket is worth its buy-in + fee).
 */
export async function satelliteColumns(
  db: Database,
  targetId: number | null | undefined,
  selfId: number | null,
): Promise<SatelliteColumns> {
  if (targetId === null || targetId === undefined) return { targetId: null, ticketValue: null };
  const field = (message: string) => badRequest(message, { targetId: message });
  if (targetId === selfId) throw field('A satellite cannot feed itself');
  const [target] = await queryRows<{ status: string; buy_in: string | number; fee: string | number }>(
    db,
    sql`SELECT status, buy_in, fee FROM tournaments WHERE id = ${targetId}`,
  );
  if (!target) throw field('No such tournament');
  if (target.status !== 'scheduled' && target.status !== 'registering')
    throw field('The target has started or is over');
  const ticketValue = Number(target.buy_in) + Number(target.fee);
  if (ticketValue <= 0) throw field('A free tournament needs no ticket');
  return { targetId, ticketValue };
}

/** A satellite feeds one target instance: it does not recur (its next instance's target would be over). */
export function refuseRecurringSatellite(
  targetId: number | null,
  recurrence: string | null | undefined,
): void {
  if (targetId !== null && recurrence)
    throw badRequest('A satellite does not recur', { recurrence: 'A satellite does not recur' });
}

/** A tournament's buy-in and fee stay while an unfinished satellite feeds it or a ticket for it is held. */
export async function refuseTargetPriceChange(db: Database, tournamentId: number): Promise<void> {
  const [fed] = await queryRows<{ fed: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM tournaments WHERE target_id = ${tournamentId}
                         AND status NOT IN ('finished', 'cancelled'))
            OR EXISTS (SELECT 1 FROM tournament_tickets WHERE target_id = ${tournamentId} AND status = 'held') AS fed`,
  );
  if (fed?.fed)
    throw new DomainError(
      'conflict',
      'Satellites feed this tournament: its buy-in and fee can no longer change',
    );
}

/** The summary's `satellite` (the target's name filled by `withTargetNames`). */
export function satelliteSummary(
  row: SatelliteColumns,
  entrants: number,
  prizePool: number,
): TournamentSummary['satellite'] {
  if (row.targetId === null || row.ticketValue === null) return null;
  const seats = satellitePayouts(Math.max(1, entrants), prizePool, row.ticketValue).tickets;
  return { targetId: row.targetId, targetName: '', ticketValue: row.ticketValue, seats };
}

/** Fills the target names of the satellites among `summaries` (one query). */
export async function withTargetNames<T extends Pick<TournamentSummary, 'satellite'>>(
  db: Database,
  summaries: T[],
): Promise<T[]> {
  const ids = [...new Set(summaries.flatMap((s) => (s.satellite ? [s.satellite.targetId] : [])))];
  if (ids.length === 0) return summaries;
  const rows = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM tournaments WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  for (const s of summaries)
    if (s.satellite) s.satellite = { ...s.satellite, targetName: names.get(s.satellite.targetId) ?? '' };
  return summaries;
}

/** Whether the player holds a ticket for the tournament (registering then uses it). */
export async function holdsTicket(db: Database, userId: number, tournamentId: number): Promise<boolean> {
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM tournament_tickets
                       WHERE user_id = ${userId} AND target_id = ${tournamentId} AND status = 'held') AS held`,
  );
  return Boolean(row?.held);
}
