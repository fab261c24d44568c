// Tournament tables for unit tests of the director: each table "plays" a hand on the fake clock
// after it is released, moving chips between its players by a scripted, seeded plan (no cards: the
// director only sees stacks). Every few hands a table with three or more players has a hand in which
// the biggest stack busts two players at once, so multiple eliminations in one hand always happen.
import { buildPots, type Level } from '@tenger/engine';
import type { Clock } from '../tables/runtime/ports.js';
import type { HandReport, MissedHand, SeatAssignment, TournamentTables } from '../tournaments/ports.js';

interface SimTable {
  tableId: number;
  tableNumber: number;
  seats: Map<number, { userId: number; stack: number }>;
  button: number;
  lastBigBlind: number | null;
  hands: number;
  open: boolean;
  playing: boolean;
  releases: number;
}

/** A small seeded generator (mulberry32): test scripts only, never cards. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle driven by `random` (tests: a repeatable seat draw; production uses node:crypto). */
export function seededShuffle(random: () => number): <T>(items: readonly T[]) => T[] {
  return <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
}

export class SimulatedTournamentTables implements TournamentTables {
  readonly tables = new Map<number, SimTable>();
  readonly log: string[] = [];
  level: Level | null = null;
  /** Called with each finished hand (the director's handFinished). */
  onHand: (report: HandReport) => Promise<void> = async () => {};
  /** Checked after every hand the director has taken in: e.g. chips in play, table sizes. */
  afterHand: (report: HandReport) => void = () => {};
  handsPlayed = 0;
  /** Hands a test says were settled before a crash but not taken in (none unless set). */
  missedHands?: (tableId: number, afterHand: number) => Promise<MissedHand[]>;
  moves = 0;
  private nextId = 100;
  private readonly random: () => number;

  constructor(
    private clock: Clock,
    private readonly options: { tableSize: number; handMs: number; seed: number; manual?: boolean },
  ) {
    this.random = seededRandom(options.seed);
  }

  async open(
    _t: number,
    tableNumber: number,
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<number> {
    const tableId = this.nextId++;
    this.level = level;
    const table: SimTable = {
      tableId,
      tableNumber,
      seats: new Map(),
      button: 0,
      lastBigBlind: null,
      hands: 0,
      open: true,
      playing: false,
      releases: 0,
    };
    for (const s of seats) this.take(table, s);
    this.tables.set(tableId, table);
    this.log.push(`open ${tableId} #${tableNumber} with ${seats.length}`);
    return tableId;
  }

  seatPlayer(tableId: number, player: SeatAssignment): void {
    this.take(this.table(tableId), player);
    this.moves++;
  }

  addChips(tableId: number, userId: number, chips: number): void {
    const table = this.table(tableId);
    if (table.playing) throw new Error(`chips added at table ${tableId} during a hand`);
    const seat = [...table.seats.values()].find((p) => p.userId === userId);
    if (!seat) throw new Error(`player ${userId} is not at table ${tableId}`);
    seat.stack += chips;
  }

  removePlayer(tableId: number, userId: number): void {
    const table = this.table(tableId);
    if (table.playing) throw new Error(`player ${userId} taken from table ${tableId} during a hand`);
    for (const [seat, p] of table.seats) if (p.userId === userId) table.seats.delete(seat);
  }

  close(tableId: number, reason: 'broken' | 'finished' | 'cancelled'): void {
    const table = this.table(tableId);
    if (table.playing && reason !== 'cancelled') throw new Error(`table ${tableId} ${reason} during a hand`);
    table.open = false;
    this.tables.delete(tableId);
    this.log.push(`close ${tableId}`);
  }

  setLevel(level: Level): void {
    this.level = level;
  }

  release(tableId: number): void {
    const table = this.table(tableId);
    if (table.playing) throw new Error(`table ${tableId} released during its hand`);
    table.releases++;
    if (this.options.manual) return; // the test reports hands itself
    table.playing = true;
    this.clock.setTimeout(() => void this.playHand(table), this.options.handMs);
  }

  /** A table of the snapshot runs again with its seats and stacks (its hand in play was void). */
  async resume(
    _t: number,
    table: { tableId: number; tableNumber: number; lastBigBlindSeat: number | null },
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<void> {
    this.level = level;
    const known = this.tables.get(table.tableId);
    const sim: SimTable = {
      tableId: table.tableId,
      tableNumber: table.tableNumber,
      seats: new Map(),
      button: known?.button ?? 0,
      lastBigBlind: table.lastBigBlindSeat,
      hands: known?.hands ?? 0,
      open: true,
      playing: false,
      releases: 0,
    };
    for (const s of seats) this.take(sim, s);
    this.tables.set(table.tableId, sim);
    this.log.push(`resume ${table.tableId} #${table.tableNumber} with ${seats.length}`);
  }

  lastBigBlindSeat(tableId: number): number | null {
    const table = this.table(tableId);
    return table.hands === 0 ? null : table.lastBigBlind;
  }

  /**
   * The process died: hands in play are void (nothing changed yet: a simulated hand moves its chips
   * when it ends) and the tables wait for the new process's director, on its clock.
   */
  crash(clock: Clock): void {
    this.clock = clock;
    for (const table of this.tables.values()) {
      table.playing = false;
      table.open = false;
      this.tables.set(table.tableId, { ...table, open: true });
    }
  }

  /** Every player's stack at the tables (for the chips-in-play check). */
  chipsAtTables(): number {
    let sum = 0;
    for (const t of this.tables.values()) for (const p of t.seats.values()) sum += p.stack;
    return sum;
  }

  playersAt(tableId: number): number {
    return this.table(tableId).seats.size;
  }

  private async playHand(table: SimTable): Promise<void> {
    if (!table.open) return;
    const players = this.ordered(table);
    const start = new Map(players.map((p) => [p.userId, p.stack]));
    table.hands++;
    this.handsPlayed++;
    const pots =
      players.length >= 2 && this.level && !this.level.isBreak ? this.script(table, players) : undefined;
    table.lastBigBlind =
      players.length >= 2 ? this.seatOf(table, players[Math.min(1, players.length - 1)]!.userId) : null;
    table.button = (table.button + 1) % this.options.tableSize;
    const end = new Map(players.map((p) => [p.userId, p.stack]));
    for (const [seat, p] of table.seats) if (p.stack === 0) table.seats.delete(seat);
    table.playing = false;
    const report: HandReport = {
      tableId: table.tableId,
      handNumber: table.hands,
      startStacks: start,
      endStacks: end,
      ...pots,
    };
    await this.onHand(report);
    this.afterHand(report);
  }

  /**
   * Chips move from losers to a winner; every 5th hand with 3+ players the biggest stack busts two.
   * Returns the hand's pots (built by the engine from what each put in) and the chips put in.
   */
  private script(
    table: SimTable,
    players: Array<{ userId: number; stack: number }>,
  ): Pick<HandReport, 'pots' | 'committed'> {
    const big = this.level?.bigBlind ?? 2;
    const byStack = [...players].sort((a, b) => b.stack - a.stack);
    if (
      table.hands % 5 === 0 &&
      players.length >= 3 &&
      byStack[0]!.stack > byStack[1]!.stack + byStack[2]!.stack
    ) {
      const winner = byStack[0]!;
      const committed = new Map<number, number>();
      for (const loser of [byStack[1]!, byStack[2]!]) committed.set(loser.userId, loser.stack);
      committed.set(winner.userId, Math.max(...committed.values()));
      const inHand = players.filter((p) => committed.has(p.userId));
      const pots = buildPots(
        inHand.map((p) => ({ seat: p.userId, committed: committed.get(p.userId)!, folded: false })),
      ).map((pot) => ({ eligible: pot.eligible, winners: [winner.userId] }));
      for (const loser of [byStack[1]!, byStack[2]!]) {
        winner.stack += loser.stack;
        loser.stack = 0;
      }
      return { pots, committed };
    }
    const winner = players[Math.floor(this.random() * players.length)]!;
    const loser = players.filter((p) => p !== winner)[Math.floor(this.random() * (players.length - 1))]!;
    const allIn = this.random() < 0.3;
    const amount = allIn
      ? Math.min(loser.stack, winner.stack)
      : Math.min(loser.stack, big * (1 + Math.floor(this.random() * 3)));
    loser.stack -= amount;
    winner.stack += amount;
    const eligible = players.filter((p) => p === winner || p === loser).map((p) => p.userId);
    return {
      pots: [{ eligible, winners: [winner.userId] }],
      committed: new Map([
        [winner.userId, amount],
        [loser.userId, amount],
      ]),
    };
  }

  private seatOf(table: SimTable, userId: number): number | null {
    for (const [seat, p] of table.seats) if (p.userId === userId) return seat;
    return null;
  }

  private ordered(table: SimTable): Array<{ userId: number; stack: number }> {
    const seats = [...table.seats.keys()].sort((a, b) => a - b);
    const after = seats.filter((s) => s > table.button).concat(seats.filter((s) => s <= table.button));
    return after.map((s) => table.seats.get(s)!);
  }

  private take(table: SimTable, s: SeatAssignment): void {
    if (table.seats.has(s.seat)) throw new Error(`seat ${s.seat} of table ${table.tableId} is taken`);
    if (table.seats.size >= this.options.tableSize) throw new Error(`table ${table.tableId} is full`);
    table.seats.set(s.seat, { userId: s.userId, stack: s.stack });
  }

  private table(tableId: number): SimTable {
    const table = this.tables.get(tableId);
    if (!table) throw new Error(`no table ${tableId}`);
    return table;
  }
}
