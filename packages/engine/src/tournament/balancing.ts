// Balancing and breaking tables of a multi-table tournament, as pure functions the tournament
// director applies between hands (TDA practice):
// - a table breaks, in a pre-set order, as soon as the other tables have room for its players, who
//   are drawn into random empty seats of the shortest tables;
// - then, while two tables differ by more than one player, the player due to be big blind next at the
//   longest table moves to the worst position of the shortest table: the empty seat that gets the big
//   blind soonest (the first empty seat clockwise after its last big blind), so a moved player never
//   gets free hands.
// Randomness comes from the caller (`drawSeat`, e.g. node:crypto), so the rules stay deterministic.

export interface TablePlayer {
  playerId: string;
  seat: number;
}

export interface TournamentTable {
  tableId: string;
  seatCount: number;
  players: TablePlayer[];
  /** The seat that posted the big blind in the last hand, or null before the first hand. */
  bigBlindSeat: number | null;
}

export interface SeatMove {
  playerId: string;
  fromTableId: string;
  fromSeat: number;
  toTableId: string;
  toSeat: number;
  reason: 'break' | 'balance';
}

export interface BalancePlan {
  /** In the order they must be carried out (a later move may use a seat an earlier one emptied). */
  moves: SeatMove[];
  /** Tables broken by this plan; they have no players left. */
  brokenTables: string[];
}

export interface BalanceOptions {
  /** Tables break in this order (ids); tables not listed break after the listed ones, in list order. */
  breakOrder?: readonly string[];
  /** Picks one of `count` empty seats for a player from a broken table: 0..count-1. Default: the first. */
  drawSeat?: (count: number) => number;
}

/** The moves that break every table that can be broken and then balance the rest. */
export function balanceTables(tables: readonly TournamentTable[], options: BalanceOptions = {}): BalancePlan {
  const draw = options.drawSeat ?? (() => 0);
  const live = tables.map((t) => ({ ...t, players: t.players.map((p) => ({ ...p })) }));
  const moves: SeatMove[] = [];
  const brokenTables: string[] = [];
  const order = [
    ...(options.breakOrder ?? []).filter((id) => live.some((t) => t.tableId === id)),
    ...live.map((t) => t.tableId).filter((id) => !(options.breakOrder ?? []).includes(id)),
  ];
  const total = live.reduce((sum, t) => sum + t.players.length, 0);

  for (const tableId of order) {
    if (live.length <= 1) break;
    const table = live.find((t) => t.tableId === tableId)!;
    const others = live.filter((t) => t !== table);
    if (total > others.reduce((sum, t) => sum + t.seatCount, 0)) break;
    live.splice(live.indexOf(table), 1);
    brokenTables.push(tableId);
    for (const player of [...table.players].sort((a, b) => a.seat - b.seat)) {
      const fewest = Math.min(...live.filter(hasRoom).map((t) => t.players.length));
      const seats = live
        .filter((t) => hasRoom(t) && t.players.length === fewest)
        .flatMap((t) => emptySeats(t).map((seat) => ({ table: t, seat })));
      const pick = seats[Math.min(seats.length - 1, Math.max(0, Math.floor(draw(seats.length))))];
      pick.table.players.push({ playerId: player.playerId, seat: pick.seat });
      moves.push({
        playerId: player.playerId,
        fromTableId: tableId,
        fromSeat: player.seat,
        toTableId: pick.table.tableId,
        toSeat: pick.seat,
        reason: 'break',
      });
    }
    table.players = [];
  }

  for (;;) {
    let longest = live[0];
    let shortest = live[0];
    for (const t of live) {
      if (t.players.length > longest.players.length) longest = t;
      if (t.players.length < shortest.players.length && hasRoom(t)) shortest = t;
    }
    if (!longest || longest.players.length - shortest.players.length <= 1 || !hasRoom(shortest)) break;
    const mover = dueForBigBlind(longest);
    const toSeat = worstPosition(shortest);
    longest.players = longest.players.filter((p) => p !== mover);
    shortest.players.push({ playerId: mover.playerId, seat: toSeat });
    moves.push({
      playerId: mover.playerId,
      fromTableId: longest.tableId,
      fromSeat: mover.seat,
      toTableId: shortest.tableId,
      toSeat,
      reason: 'balance',
    });
  }
  return { moves, brokenTables };
}

/** The player who gets the big blind next: the first player clockwise after the last big blind. */
export function dueForBigBlind(table: TournamentTable): TablePlayer {
  if (table.players.length === 0) throw new Error(`Table ${table.tableId} has no players`);
  const after = table.bigBlindSeat ?? -1;
  const bySeat = [...table.players].sort((a, b) => a.seat - b.seat);
  return bySeat.find((p) => p.seat > after) ?? bySeat[0];
}

/** The empty seat that gets the big blind soonest: the first one clockwise after the last big blind. */
export function worstPosition(table: TournamentTable): number {
  const empty = emptySeats(table);
  if (empty.length === 0) throw new Error(`Table ${table.tableId} is full`);
  const after = table.bigBlindSeat ?? -1;
  return empty.find((s) => s > after) ?? empty[0];
}

/** One table left, or few enough players to sit at one: the final table (the director redraws it). */
export function isFinalTable(playersLeft: number, seatsPerTable: number): boolean {
  return playersLeft <= seatsPerTable;
}

/**
 * Hand-for-hand play: the next elimination reaches the money and more than one table is running, so
 * every table finishes its hand before any table deals the next.
 */
export function isHandForHand(playersLeft: number, placesPaid: number, tablesRunning: number): boolean {
  return tablesRunning > 1 && playersLeft === placesPaid + 1;
}

function emptySeats(table: TournamentTable): number[] {
  const taken = new Set(table.players.map((p) => p.seat));
  const seats: number[] = [];
  for (let seat = 0; seat < table.seatCount; seat++) if (!taken.has(seat)) seats.push(seat);
  return seats;
}

function hasRoom(table: TournamentTable): boolean {
  return table.players.length < table.seatCount;
}
