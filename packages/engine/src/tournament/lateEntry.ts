// Late registration and re-entry: where a new entrant sits (TDA rule 9). A late entrant takes a random
// open seat at the table with the fewest players, never a seat "between the small blind and the
// button": a seat that would post the small blind or hold the button before it posts a big blind
// (free hands). Which seats those are follows the tables' own blind rule (nextBlinds: the big blind
// moves on from last hand's, the small blind and the button are the players seated right before it),
// so the rule is checked against the hand the table will really deal next.
import { nextBlinds } from './blinds.js';
import type { TournamentTable } from './balancing.js';

export interface LateSeat {
  tableId: string;
  seat: number;
}

/**
 * The seats of `table` a late entrant may take: every empty seat before the table's first hand (its
 * button is drawn then); after it, every empty seat that is neither the small blind nor the button of
 * the next hand once the entrant sits there.
 */
export function lateEntrySeats(table: TournamentTable): number[] {
  const taken = new Set(table.players.map((p) => p.seat));
  const empty: number[] = [];
  for (let seat = 0; seat < table.seatCount; seat++) if (!taken.has(seat)) empty.push(seat);
  const lastBigBlind = table.bigBlindSeat;
  if (lastBigBlind === null || table.players.length === 0) return empty;
  return empty.filter((seat) => {
    const plan = nextBlinds({ previousBigBlind: lastBigBlind }, [...taken, seat], {
      smallBlind: 1,
      bigBlind: 2,
      ante: 0,
      anteKind: 'big-blind',
    });
    return seat !== plan.smallBlindSeat && seat !== plan.button;
  });
}

/**
 * The late entrant's seat: among the tables with the fewest players that have an allowed seat, one of
 * those seats drawn by `draw(count)` (0..count-1: node:crypto in the server). Null when no table has an
 * allowed seat (the director opens a new table).
 */
export function lateEntrySeat(
  tables: readonly TournamentTable[],
  draw: (count: number) => number,
): LateSeat | null {
  const open = tables
    .map((table) => ({ table, seats: lateEntrySeats(table) }))
    .filter((t) => t.seats.length > 0 && t.table.players.length < t.table.seatCount);
  if (open.length === 0) return null;
  const fewest = Math.min(...open.map((t) => t.table.players.length));
  const choices = open
    .filter((t) => t.table.players.length === fewest)
    .flatMap((t) => t.seats.map((seat) => ({ tableId: t.table.tableId, seat })));
  return choices[Math.min(choices.length - 1, Math.max(0, Math.floor(draw(choices.length))))]!;
}
