// A table of a tournament: the same runtime, with the tournament's rules where a cash table's differ.
// Blinds and ante come from the level (set between hands), the button and blinds from the engine's
// moving-button rule (nextBlinds), every player with chips is dealt in (away or sitting out: blinded
// off), nobody buys in, tops up or leaves, and the table deals only when its director releases it.
// Chips are not money: the table's bank (tournamentChipBank.ts) writes hand records and moves nothing.
import { randomInt } from 'node:crypto';
import { nextBlinds, type Level } from '@tenger/engine';
import type { HandRecord } from '@tenger/engine';
import type { TableDeal } from '@tenger/protocol';
import type { Seat } from './seatRules.js';

/** What a tournament table tells its director after each settled hand (see tournaments/ports.ts). */
export interface TournamentHandReport {
  handNumber: number;
  /** userId -> stack, in dealing order (clockwise from the first seat after the button). */
  startStacks: Map<number, number>;
  endStacks: Map<number, number>;
  /** The pots as paid, by userId (winners in dealing order), and each player's chips put in: the bounties' split. */
  pots: Array<{ eligible: number[]; winners: number[] }>;
  committed: Map<number, number>;
}

/**
 * The tournament beyond this table, as its director tells every table (TableInfo.tournament): the level
 * clock and the field. Null until the director first says.
 */
export interface TournamentStandings {
  /** When the current level (or break) ends, epoch ms; null when it lasts to the end. */
  levelEndsAt: number | null;
  nextLevel: Level | null;
  playersLeft: number;
  entrants: number;
  averageStack: number;
  handForHand: boolean;
  /** The final-table deal (tournaments/finalTableDeal.ts); null or absent while none may be asked. */
  deal?: TableDeal | null;
  /** A progressive knockout: the bounty on each head at this table (its seats; set per table). */
  bounties?: Array<{ userId: number; bounty: number }>;
}

/** A player's tournament is over: place (1: the winner) and prize in ₮. */
export interface TournamentFinish {
  place: number;
  prize: number;
  entrants: number;
}

/** Why a player left this table for good: their tournament ended, or they were moved to another table. */
export type TournamentExit =
  { finished: TournamentFinish } | { movedTo: { tableId: number; tableName: string; seat: number } };

export class TournamentTableMode {
  /** The blinds and ante of the next hand (a level never changes a hand in play). */
  level: Level;
  standings: TournamentStandings | null = null;
  /** Players who left this table for good, with where they went: each sees theirs in a snapshot. */
  readonly exits = new Map<number, TournamentExit>();
  /** The table may deal one hand; taken when it is dealt. */
  released = false;
  /** The seat that posted the big blind in the last hand (null before the first). */
  lastBigBlindSeat: number | null = null;

  constructor(
    readonly tournamentId: number,
    level: Level,
    /** Called after each settled hand, once the busted players have left the table. */
    readonly handFinished: (report: TournamentHandReport) => void,
    /** The first hand's button among the occupied seats (a draw from node:crypto unless a test scripts it). */
    private readonly drawButton: (seats: readonly number[]) => number = (seats) =>
      seats[randomInt(seats.length)]!,
  ) {
    this.level = level;
  }

  /** A new level: the standings' clock was the last level's, until the director tells the new one. */
  changeLevel(level: Level): void {
    this.level = level;
    if (this.standings) this.standings = { ...this.standings, levelEndsAt: null, nextLevel: null };
  }

  /** Whether the table may deal now: released, and not a break. */
  get mayDeal(): boolean {
    return this.released && !this.level.isBreak;
  }

  /**
   * The next hand's players (everyone seated with chips, away or not) and button, by the engine's
   * moving-button rule; null when fewer than two have chips.
   */
  lineup(seats: Iterable<Seat>): { players: Seat[]; button: number; bigBlindSeat: number } | null {
    const players = [...seats].filter((s) => s.stack > 0 && !s.removed).sort((a, b) => a.seat - b.seat);
    if (players.length < 2) return null;
    const occupied = players.map((s) => s.seat);
    const before =
      this.lastBigBlindSeat === null
        ? { firstButton: this.drawButton(occupied) }
        : { previousBigBlind: this.lastBigBlindSeat };
    const plan = nextBlinds(before, occupied, this.level);
    for (const s of players) {
      // No waiting for the big blind and no "post now" in a tournament: every hand deals everyone in.
      s.owesBigBlind = false;
      s.postNow = false;
    }
    return { players, button: plan.button, bigBlindSeat: plan.bigBlindSeat };
  }

  /** The hand report from a settled hand's record, in dealing order. */
  report(record: HandRecord, userOf: (seat: number) => number): TournamentHandReport {
    const dealt = record.seats.filter((s) => s.dealtIn).sort((a, b) => a.seat - b.seat);
    const after = dealt
      .filter((s) => s.seat > record.button)
      .concat(dealt.filter((s) => s.seat <= record.button));
    return {
      handNumber: record.handNumber,
      startStacks: new Map(after.map((s) => [userOf(s.seat), s.startingStack])),
      endStacks: new Map(after.map((s) => [userOf(s.seat), s.finalStack])),
      ...potsOf(record, userOf),
    };
  }
}

/** A settled hand's pots by userId and what each dealt-in player put in (won less net). */
function potsOf(
  record: HandRecord,
  userOf: (seat: number) => number,
): Pick<TournamentHandReport, 'pots' | 'committed'> {
  const won = new Map<number, number>();
  for (const pot of record.pots)
    for (const w of pot.winners) won.set(w.seat, (won.get(w.seat) ?? 0) + w.amount);
  const committed = new Map<number, number>();
  for (const s of record.seats) if (s.dealtIn) committed.set(userOf(s.seat), (won.get(s.seat) ?? 0) - s.net);
  const pots = record.pots.map((pot) => ({
    eligible: pot.eligible.map(userOf),
    winners: pot.winners.map((w) => userOf(w.seat)),
  }));
  return { pots, committed };
}
