// The real TournamentDirector with LiveTournamentTables: real table runtimes in tournament mode on one
// FakeClock, scripted bot-like players (a seeded choice of all-in, call or fold), an in-memory bank.
// Run to the end: chips conserved after every hand, places 1..N once each, prizes summing to the pool.
import { namedStructure, payoutTable, replayPHH } from '@tenger/engine';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { StoredHand } from '../hands/handStore.js';
import { handTexts } from '../hands/handTexts.js';
import { DEFAULT_SETTINGS } from '../settings/settingsService.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { TableRuntime } from '../tables/runtime/tableRuntime.js';
import { Recorder } from '../testing/testTables.js';
import { MemoryTableStore } from '../tables/runtime/memoryTableStore.js';
import { TournamentChipBank } from '../tables/runtime/tournamentChipBank.js';
import { UNIT_TABLE, UNIT_TIMING } from '../testing/unitTable.js';
import { actOnce, type Temper } from '../testing/scriptedTournamentPlayers.js';
import { seededRandom, seededShuffle } from '../testing/simulatedTournamentTables.js';
import { TournamentDirector } from './director.js';
import { LiveTournamentTables, type TournamentTableHost } from './liveTournamentTables.js';
import { InMemoryTournamentBank } from './memoryTournamentBank.js';
import type { HandReport, TournamentConfig } from './ports.js';

const silent = pino({ level: 'silent' });

function liveTournament(
  entrants: number,
  tableSize: number,
  seed: number,
  temper: Temper,
  bountyPercent = 0,
) {
  const config: TournamentConfig = {
    tournamentId: 11,
    name: 'Live',
    kind: 'sng',
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1_500,
    tableSize,
    minEntrants: 2,
    maxEntrants: entrants,
    startsAt: null,
    // A hand takes about a second of the fake clock here: short levels bring the antes in; the two
    // levels without an ante last 2 s, so ante hands are dealt however the cards fall.
    levels: namedStructure('hyper', 1_500).map((l) => ({ ...l, seconds: l.ante > 0 ? 15 : 2 })),
    bountyPercent,
  };
  const clock = new FakeClock();
  const hands: StoredHand[] = [];
  const store = new MemoryTableStore();
  let nextTableId = 500;
  const watchers = new Map<number, Recorder>();
  const host: TournamentTableHost = {
    async createTable(_tournamentId, tableNumber) {
      return {
        ...UNIT_TABLE,
        id: nextTableId++,
        no: 100 + tableNumber,
        name: `T${tableNumber}`,
        maxPlayers: tableSize,
      };
    },
    async startRuntime(row, mode) {
      const runtime = new TableRuntime({
        table: row,
        bank: new TournamentChipBank(async (hand) => void hands.push(hand)),
        store,
        clock,
        settings: { get: async () => DEFAULT_SETTINGS },
        logger: silent,
        timing: UNIT_TIMING,
        profile: async () => null,
        lastHandNumber: 0,
        handsPlayed: 0,
        rakeTaken: 0,
        tournament: mode,
      });
      await runtime.init();
      // A spectator at every table hears what the table tells everyone.
      const watcher = new Recorder(null);
      runtime.join(watcher);
      watchers.set(row.id, watcher);
      return runtime;
    },
    async retire() {},
    async existingTable() {
      return null;
    },
    logger: silent,
  };
  const random = seededRandom(seed);
  const tables = new LiveTournamentTables(host, (seats) => seats[Math.floor(random() * seats.length)]!);
  const bank = new InMemoryTournamentBank();
  // The seat draw is node:crypto in production; seeded here so that a run can be repeated.
  const shuffle = seededShuffle(random);
  const director = new TournamentDirector(config, {
    clock,
    bank,
    tables,
    store: { save: async () => {} },
    shuffle,
  });
  const reports: HandReport[] = [];
  const chipsAfterHands: number[] = [];
  tables.onHand = async (report) => {
    reports.push(report);
    await director.handFinished(report);
    if (director.state !== 'finished') chipsAfterHands.push(director.chipsInPlay());
  };
  tables.news = director;
  return { config, clock, hands, tables, bank, director, reports, chipsAfterHands, random, temper, watchers };
}

type Live = ReturnType<typeof liveTournament>;

async function settle(live: Live): Promise<void> {
  for (let i = 0; i < 4; i++) {
    for (const runtime of live.tables.runtimes()) await runtime.idle();
    await live.director.idle();
  }
}

async function playToTheEnd(live: Live, maxSteps = 40_000): Promise<void> {
  for (let step = 0; step < maxSteps && live.director.state !== 'finished'; step++) {
    await settle(live);
    let acted = false;
    for (const runtime of live.tables.runtimes())
      if (runtime.isPlaying) acted = (await actOnce(runtime, live.random, live.temper)) || acted;
    if (!acted) live.clock.advance(UNIT_TIMING.nextHandDelayMs);
  }
  await settle(live);
}

async function registerAll(live: Live, count: number): Promise<void> {
  for (let userId = 1; userId <= count; userId++) {
    live.bank.deposit(userId, 20_000);
    await live.director.register(userId, true);
  }
}

describe('a tournament on live tables', () => {
  it('a 9-player Sit & Go on one real table runs to the end: chips conserved after every hand, places 1..9, the pool paid in full', async () => {
    const live = liveTournament(9, 9, 3, { allIn: 0.3, call: 0.5 });
    await registerAll(live, 9);
    expect(live.director.state).toBe('running');
    await playToTheEnd(live);
    expect(live.director.state).toBe('finished');
    expect(live.reports.length).toBeGreaterThan(0);
    for (const report of live.reports) {
      const start = [...report.startStacks.values()].reduce((a, b) => a + b, 0);
      const end = [...report.endStacks.values()].reduce((a, b) => a + b, 0);
      expect(end).toBe(start);
    }
    for (const chips of live.chipsAfterHands) expect(chips).toBe(9 * 1_500);
    const players = live.director.players();
    expect(players.map((p) => p.place).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const pool = 9 * 10_000;
    expect(players.reduce((a, p) => a + p.prize, 0)).toBe(pool);
    expect(
      players
        .filter((p) => p.prize > 0)
        .map((p) => p.prize)
        .sort((a, b) => b - a),
    ).toEqual(payoutTable(9, pool).map((p) => p.amount));
    expect(live.bank.total()).toBe(0);
    expect(live.tables.runtimes()).toEqual([]);
    // Every hand was written with its PHH, and replays in the engine.
    expect(live.hands.length).toBe(live.reports.length);
    for (const hand of live.hands.slice(0, 50)) expect(replayPHH(handTexts(hand).phh).ok).toBe(true);
  });

  it('an 18-player Sit & Go on three 6-seat real tables balances, breaks to a final table and finishes with every place given once', async () => {
    const live = liveTournament(18, 6, 5, { allIn: 0.04, call: 0.5 });
    await registerAll(live, 18);
    expect(live.tables.runtimes()).toHaveLength(3);
    await playToTheEnd(live);
    expect(live.director.state).toBe('finished');
    // Three tables, broken down to one, then the final table's redraw onto a fresh one.
    expect(new Set(live.hands.map((h) => h.tableId)).size).toBe(4);
    for (const chips of live.chipsAfterHands) expect(chips).toBe(18 * 1_500);
    const players = live.director.players();
    expect(players.map((p) => p.place).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    expect(players.reduce((a, p) => a + p.prize, 0)).toBe(18 * 10_000);
    expect(live.bank.total()).toBe(0);
    // Hands with antes were dealt (the hyper structure brings them in) and replay exactly.
    const withAntes = live.hands.filter((h) => h.record.ante > 0);
    expect(withAntes.length).toBeGreaterThan(0);
    for (const hand of withAntes.slice(0, 30)) expect(replayPHH(handTexts(hand).phh).ok).toBe(true);
  });

  it('the tables tell the tournament as it goes: each finish once with its place and prize, each move where to go, the level clock and the field', async () => {
    const live = liveTournament(18, 6, 5, { allIn: 0.04, call: 0.5 });
    await registerAll(live, 18);
    await playToTheEnd(live);
    expect(live.director.state).toBe('finished');
    const told = [...live.watchers].flatMap(([tableId, w]) =>
      w.events().map((event) => ({ tableId, event })),
    );
    // Every player's tournament ends once, at the table they sat at, with the director's place and prize.
    const finishes = told.flatMap(({ event }) => (event.type === 'tournament-finish' ? [event] : []));
    const players = live.director.players();
    expect(finishes.map((f) => f.userId).sort((a, b) => a - b)).toEqual(
      players.map((p) => p.userId).sort((a, b) => a - b),
    );
    for (const f of finishes) {
      const player = players.find((p) => p.userId === f.userId)!;
      expect([f.place, f.prize, f.entrants]).toEqual([player.place, player.prize, 18]);
    }
    // Every move names the table and seat where the player is seated next.
    const moves = told.flatMap(({ tableId, event }) =>
      event.type === 'tournament-move' ? [{ from: tableId, ...event }] : [],
    );
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      expect(move.tableId).not.toBe(move.from);
      const arrivals = live.watchers.get(move.tableId)!.events();
      expect(
        arrivals.some(
          (e) => e.type === 'seat-taken' && e.seat.userId === move.userId && e.seat.seat === move.seat,
        ),
      ).toBe(true);
    }
    // The strip's figures: the whole field (not one table's), chips conserved in the average, a clock while levels remain.
    const states = told.flatMap(({ event }) =>
      event.type === 'table-updated' && event.table.tournament ? [event.table.tournament] : [],
    );
    expect(states.some((s) => s.playersLeft > 6)).toBe(true);
    for (const s of states) {
      expect(s.entrants).toBe(18);
      // 0 once the winner is placed, just before the last table closes.
      expect(s.playersLeft).toBeGreaterThanOrEqual(0);
      if (s.playersLeft > 0) expect(s.averageStack).toBe(Math.floor((18 * 1_500) / s.playersLeft));
      if (s.nextLevel) expect(s.levelEndsAt === null || s.levelEndsAt > 0).toBe(true);
    }
    expect(states.filter((s) => s.levelEndsAt !== null).length).toBeGreaterThan(0);
    expect(new Set(states.map((s) => s.playersLeft)).size).toBeGreaterThan(5);
  });

  it('a progressive knockout: every table tells the bounty on each of its seated heads, growing with knockouts; without bounties none', async () => {
    const live = liveTournament(18, 6, 5, { allIn: 0.04, call: 0.5 }, 50);
    await registerAll(live, 18);
    await playToTheEnd(live);
    expect(live.director.state).toBe('finished');
    const told = [...live.watchers].flatMap(([tableId, w]) =>
      w
        .events()
        .flatMap((event) =>
          event.type === 'table-updated' && event.table.tournament
            ? [{ tableId, state: event.table.tournament }]
            : [],
        ),
    );
    expect(told.length).toBeGreaterThan(0);
    const heads = told.flatMap(({ state }) => {
      expect(state.bounties).toBeDefined();
      // This table's seats only (6 at most), each once, in whole tugrik.
      expect(state.bounties!.length).toBeLessThanOrEqual(6);
      expect(new Set(state.bounties!.map((b) => b.userId)).size).toBe(state.bounties!.length);
      return state.bounties!.map((b) => b.bounty);
    });
    // 50 % of the ₮10,000 buy-in on each head at first; a knockout adds half the bounty won.
    expect(heads).toContain(5_000);
    expect(heads.some((b) => b > 5_000 && b % 1_250 === 0)).toBe(true);
    for (const b of heads) expect(Number.isInteger(b) && b >= 0 && b <= 18 * 5_000).toBe(true);

    const plain = liveTournament(9, 9, 3, { allIn: 0.3, call: 0.5 });
    await registerAll(plain, 9);
    await playToTheEnd(plain);
    const states = [...plain.watchers.values()].flatMap((w) =>
      w
        .events()
        .flatMap((e) => (e.type === 'table-updated' && e.table.tournament ? [e.table.tournament] : [])),
    );
    expect(states.length).toBeGreaterThan(0);
    for (const s of states) expect(s.bounties).toBeUndefined();
  });
});
