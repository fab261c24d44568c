import { namedStructure, payoutTable, placesPaid, type Level } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import {
  seededRandom,
  seededShuffle,
  SimulatedTournamentTables,
} from '../testing/simulatedTournamentTables.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { TournamentDirector, TournamentRefused } from './director.js';
import { InMemoryTournamentBank } from './memoryTournamentBank.js';
import type { TournamentConfig, TournamentSnapshot } from './ports.js';

const HAND_MS = 20_000;

function fastLevels(): Level[] {
  return namedStructure('hyper', 1_500).map((l) => ({ ...l, seconds: 120 }));
}

function setup(overrides: Partial<TournamentConfig> = {}, seed = 1, manual = false) {
  const config: TournamentConfig = {
    tournamentId: 7,
    name: 'Test',
    kind: 'sng',
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1_500,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 9,
    startsAt: null,
    levels: fastLevels(),
    ...overrides,
  };
  const clock = new FakeClock();
  const bank = new InMemoryTournamentBank();
  const tables = new SimulatedTournamentTables(clock, {
    tableSize: config.tableSize,
    handMs: HAND_MS,
    seed,
    manual,
  });
  const saved: TournamentSnapshot[] = [];
  // The seat draw is node:crypto in production; scripted here so that every run plays the same tournament.
  const shuffle = seededShuffle(seededRandom(seed * 7919));
  const director = new TournamentDirector(config, {
    clock,
    bank,
    tables,
    store: { save: async (s) => void saved.push(s) },
    shuffle,
  });
  tables.onHand = (report) => director.handFinished(report);
  return { config, clock, bank, tables, director, saved };
}

async function registerAll(director: TournamentDirector, bank: InMemoryTournamentBank, count: number) {
  for (let userId = 1; userId <= count; userId++) {
    bank.deposit(userId, 20_000);
    await director.register(userId);
  }
}

/** Runs the fake clock a hand at a time until the tournament ends (or the step budget runs out). */
async function playToTheEnd(clock: FakeClock, director: TournamentDirector, maxSteps = 20_000) {
  for (let i = 0; i < maxSteps && director.state !== 'finished'; i++) {
    clock.advance(HAND_MS);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('tournament registration and its money', () => {
  it('takes the buy-in to the prize pool and the fee to the house once, and refunds an unregistration', async () => {
    const { director, bank } = setup();
    bank.deposit(1, 20_000);
    await director.register(1);
    expect(bank.available(1)).toBe(9_000);
    expect(bank.pool(7)).toBe(10_000);
    expect(bank.fees()).toBe(1_000);
    await expect(director.register(1)).rejects.toEqual(new TournamentRefused('already_registered'));
    await director.unregister(1);
    expect(bank.available(1)).toBe(20_000);
    expect(bank.pool(7)).toBe(0);
    await director.register(1);
    expect(bank.available(1)).toBe(9_000);
    expect(bank.total()).toBe(0);
  });

  it('refuses a player who cannot pay, a full field and a closed registration', async () => {
    const { director, bank } = setup({ maxEntrants: 2, kind: 'mtt', startsAt: Date.now() + 60_000 });
    bank.deposit(1, 5_000);
    await expect(director.register(1)).rejects.toEqual(new TournamentRefused('insufficient_funds'));
    expect(bank.available(1)).toBe(5_000);
    await registerAll(director, bank, 2);
    bank.deposit(3, 20_000);
    await expect(director.register(3)).rejects.toEqual(new TournamentRefused('tournament_full'));
    await expect(director.unregister(3)).rejects.toEqual(new TournamentRefused('not_registered'));
  });

  it('cancels a scheduled tournament short of its minimum at the start time and refunds everyone', async () => {
    const { director, bank, clock } = setup({
      kind: 'mtt',
      maxEntrants: 100,
      minEntrants: 5,
      startsAt: 1_700_000_060_000,
    });
    director.open();
    await registerAll(director, bank, 3);
    clock.advance(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(director.state).toBe('cancelled');
    for (let userId = 1; userId <= 3; userId++) expect(bank.available(userId)).toBe(20_000);
    expect(bank.pool(7)).toBe(0);
    expect(bank.total()).toBe(0);
  });
});

describe('a 9-player Sit & Go', () => {
  it('starts when full, keeps every chip in play and pays each place once, the pool to the tugrik', async () => {
    const { director, bank, clock, tables } = setup();
    const chipChecks: number[] = [];
    tables.afterHand = () => chipChecks.push(tables.chipsAtTables());
    await registerAll(director, bank, 9);
    expect(director.state).toBe('running');
    expect(tables.tables.size).toBe(1);
    await playToTheEnd(clock, director);
    expect(director.state).toBe('finished');
    expect(chipChecks.length).toBeGreaterThan(5);
    // After every hand but the last (the winner leaves the table with the chips), all chips are in play.
    expect(chipChecks.slice(0, -1).every((c) => c === 9 * 1_500)).toBe(true);
    const places = director
      .players()
      .map((p) => p.place)
      .sort((a, b) => a! - b!);
    expect(places).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const prizes = director.players().reduce((s, p) => s + p.prize, 0);
    expect(prizes).toBe(90_000);
    expect(bank.pool(7)).toBe(0);
    expect(bank.payments.length).toBe(placesPaid(9));
    expect(bank.total()).toBe(0);
  });

  it('moves to the next level on the clock, and a level never changes the hand in play', async () => {
    const { director, bank, clock, tables } = setup();
    await registerAll(director, bank, 9);
    expect(tables.level!.level).toBe(1);
    clock.advance(119_000);
    expect(tables.level!.level).toBe(1);
    clock.advance(1_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tables.level!.level).toBe(2);
    expect(director.levelEnds).toBe(clock.now() + 120_000);
  });
});

describe('players busted in the same hand', () => {
  it('are ranked by their stacks when the hand began; equal stacks share the prizes of their places', async () => {
    const { director, bank, tables } = setup({ maxEntrants: 6 }, 1, true);
    await registerAll(director, bank, 6);
    const [tableId] = tables.tables.keys();
    const pool = 60_000;
    const payouts = payoutTable(6, pool); // 2 places: 39,000 and 21,000
    // One hand: players 1 and 2 (equal stacks) and 3 (bigger) bust; 4 wins everything of theirs.
    const start = new Map([
      [1, 500],
      [2, 500],
      [3, 2_000],
      [4, 1_500],
      [5, 1_500],
      [6, 2_000],
    ]);
    const end = new Map([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 4_500],
      [5, 1_500],
      [6, 2_000],
    ]);
    await director.handFinished({ tableId: tableId!, handNumber: 1, startStacks: start, endStacks: end });
    const byUser = new Map(director.players().map((p) => [p.userId, p]));
    expect(byUser.get(3)!.place).toBe(4);
    expect([byUser.get(1)!.place, byUser.get(2)!.place].sort()).toEqual([5, 6]);
    expect(byUser.get(1)!.prize + byUser.get(2)!.prize).toBe(0);
    expect(payouts.reduce((s, p) => s + p.amount, 0)).toBe(pool);
  });

  it('share a paid place to the tugrik when their stacks were equal', async () => {
    const { director, bank, tables } = setup({ maxEntrants: 9 }, 1, true);
    await registerAll(director, bank, 9);
    const [tableId] = tables.tables.keys();
    const stacks = (pairs: Array<[number, number]>) => new Map(pairs);
    // Six players go out one by one first, then 2 and 3 bust together with equal stacks: places 2 and 3.
    const alive = new Map<number, number>(Array.from({ length: 9 }, (_, i) => [i + 1, 1_500]));
    for (const out of [9, 8, 7, 6, 5, 4]) {
      const start = new Map(alive);
      alive.set(1, alive.get(1)! + alive.get(out)!);
      alive.set(out, 0);
      await director.handFinished({
        tableId: tableId!,
        handNumber: 10 - out,
        startStacks: start,
        endStacks: new Map(alive),
      });
      alive.delete(out);
    }
    const start = stacks([
      [1, 10_500],
      [2, 1_500],
      [3, 1_500],
    ]);
    await director.handFinished({
      tableId: tableId!,
      handNumber: 7,
      startStacks: start,
      endStacks: stacks([
        [1, 13_500],
        [2, 0],
        [3, 0],
      ]),
    });
    const payouts = payoutTable(9, 90_000);
    const byUser = new Map(director.players().map((p) => [p.userId, p]));
    const shared = payouts[1]!.amount + payouts[2]!.amount;
    expect(byUser.get(2)!.prize + byUser.get(3)!.prize).toBe(shared);
    expect(Math.abs(byUser.get(2)!.prize - byUser.get(3)!.prize)).toBeLessThanOrEqual(1);
    expect(byUser.get(1)!.place).toBe(1);
    expect(byUser.get(1)!.prize).toBe(payouts[0]!.amount);
    expect(director.state).toBe('finished');
    expect(bank.pool(7)).toBe(0);
    expect(bank.total()).toBe(0);
  });
});

async function playMultiTable(seed: number) {
  const { director, bank, clock, tables } = setup(
    { kind: 'mtt', maxEntrants: 60, startsAt: 1_700_000_010_000 },
    seed,
  );
  director.open();
  await registerAll(director, bank, 60);
  clock.advance(10_000);
  await new Promise((resolve) => setImmediate(resolve));
  expect(director.state).toBe('running');
  expect(tables.tables.size).toBe(7);
  const problems: string[] = [];
  let handForHandReports = 0;
  // Checked right after the director's step for each report (before its next step can run).
  tables.onHand = async (report) => {
    const wasHandForHand = director.isHandForHand;
    const releasesBefore = new Map([...tables.tables].map(([id, t]) => [id, t.releases]));
    await director.handFinished(report);
    if (director.state === 'finished') return;
    if (tables.chipsAtTables() !== 60 * 1_500) problems.push(`chips ${tables.chipsAtTables()}`);
    // After its balancing step the table that reported (between hands, so free to give a player) is
    // within one player of the shortest, unless a longer table, still in its hand, gives first (the
    // engine's plan takes from the longest), or a table due to break is still in its hand (breaking
    // comes first). Sizes as the director knows them.
    const dueToBreak = Math.ceil(director.remaining().length / 9) < director.tableIds().length;
    if (tables.tables.has(report.tableId) && !director.isHandForHand && !dueToBreak) {
      const counts = new Map(director.tableIds().map((id) => [id, 0]));
      for (const p of director.remaining()) counts.set(p.tableId!, counts.get(p.tableId!)! + 1);
      const mine = counts.get(report.tableId)!;
      const sizes = [...counts.values()];
      if (mine - Math.min(...sizes) > 1 && mine === Math.max(...sizes)) {
        problems.push(`table ${report.tableId}: ${mine} vs ${sizes.join(',')}`);
      }
    }
    // Hand-for-hand: a table that reports is held until every table has finished the same hand.
    if (!wasHandForHand) return;
    handForHandReports++;
    const me = tables.tables.get(report.tableId);
    if (!me || me.releases === releasesBefore.get(report.tableId)) return;
    for (const [id, t] of tables.tables) {
      if (id !== report.tableId && t.playing && t.releases === releasesBefore.get(id)) {
        problems.push(
          `table ${report.tableId} dealt again while table ${id} still played the hand-for-hand hand`,
        );
      }
    }
  };
  await playToTheEnd(clock, director, 100_000);
  return { director, bank, tables, problems, handForHandReports };
}

describe('a 60-player multi-table tournament', () => {
  it('balances tables within one player, goes hand-for-hand on the bubble, redraws the final table and pays the pool', async () => {
    // Seed 1 reaches the bubble with ten players on two tables (some seeds jump it with a double bust).
    const { director, bank, tables, problems, handForHandReports } = await playMultiTable(1);
    expect(problems).toEqual([]);
    expect(director.state).toBe('finished');
    expect(handForHandReports).toBeGreaterThanOrEqual(2);
    expect(tables.moves).toBeGreaterThan(0);
    expect(tables.log.filter((l) => l.startsWith('open')).length).toBe(8); // 7 at the start + the final table
    const places = director
      .players()
      .map((p) => p.place)
      .sort((a, b) => a! - b!);
    expect(places).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(director.players().reduce((s, p) => s + p.prize, 0)).toBe(600_000);
    expect(bank.pool(7)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('keeps every chip, every table within one player and the books at zero over ten different tournaments', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const { director, bank, problems } = await playMultiTable(seed);
      expect({ seed, problems }).toEqual({ seed, problems: [] });
      expect(director.state).toBe('finished');
      expect(director.players().reduce((s, p) => s + p.prize, 0)).toBe(600_000);
      expect(new Set(director.players().map((p) => p.place)).size).toBe(60);
      expect(bank.total()).toBe(0);
    }
  });
});

describe('a big field', () => {
  it('registers a batch in one step: each entry paid under its own key, one snapshot, a full Sit & Go starts', async () => {
    const { director, bank, saved, tables } = setup({ maxEntrants: 60 });
    for (let userId = 1; userId <= 70; userId++) bank.deposit(userId, 20_000);
    const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
    expect(await director.registerMany(ids(1, 30))).toEqual(ids(1, 30));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.entrants).toHaveLength(30);
    expect(bank.pool(7)).toBe(300_000);
    expect(bank.fees()).toBe(30_000);
    // The registered ones are passed over; the field is full at 60 and the seat draw follows at once.
    expect(await director.registerMany(ids(21, 50))).toEqual(ids(31, 30));
    expect(director.state).toBe('running');
    expect(tables.tables.size).toBe(7);
    expect(bank.pool(7)).toBe(600_000);
    for (const userId of ids(61, 10)) expect(bank.available(userId)).toBe(20_000);
    expect(bank.total()).toBe(0);
  });

  it('passes over a player who cannot pay in a batch, and refuses a batch where nobody can', async () => {
    const { director, bank } = setup({ maxEntrants: 60 });
    for (const userId of [1, 2, 3, 5]) bank.deposit(userId, 20_000);
    expect(await director.registerMany([1, 2, 3, 4, 5])).toEqual([1, 2, 3, 5]);
    expect(director.players().map((p) => p.userId)).toEqual([1, 2, 3, 5]);
    expect(bank.available(4)).toBe(0);
    expect(bank.pool(7)).toBe(40_000);
    await expect(director.registerMany([4])).rejects.toEqual(new TournamentRefused('insufficient_funds'));
    expect(bank.total()).toBe(0);
  });
});

describe('cancellation by the policy', () => {
  it('before the money gives every entrant the buy-in and the fee back, the busted ones too', async () => {
    const { director, bank, tables } = setup({}, 1, true);
    await registerAll(director, bank, 9);
    const [tableId] = tables.tables.keys();
    const start = new Map<number, number>(Array.from({ length: 9 }, (_, i) => [i + 1, 1_500]));
    const end = new Map(start);
    end.set(1, 3_000);
    end.set(9, 0);
    await director.handFinished({ tableId: tableId!, handNumber: 1, startStacks: start, endStacks: end });
    expect(director.players().find((p) => p.userId === 9)!.place).toBe(9);
    await director.cancel();
    expect(director.state).toBe('cancelled');
    for (let userId = 1; userId <= 9; userId++) expect(bank.available(userId)).toBe(20_000);
    expect(bank.total()).toBe(0);
  });

  it('in the money pays each remaining player the smallest unpaid prize and shares the rest by chips', async () => {
    const { director, bank, tables } = setup({ maxEntrants: 9 }, 1, true);
    await registerAll(director, bank, 9);
    const [tableId] = tables.tables.keys();
    const alive = new Map<number, number>(Array.from({ length: 9 }, (_, i) => [i + 1, 1_500]));
    for (const out of [9, 8, 7, 6, 5, 4, 3]) {
      const start = new Map(alive);
      alive.set(1, alive.get(1)! + alive.get(out)!);
      alive.set(out, 0);
      await director.handFinished({
        tableId: tableId!,
        handNumber: 10 - out,
        startStacks: start,
        endStacks: new Map(alive),
      });
      alive.delete(out);
    }
    // Places 3..9 are out; 3rd was paid. Two remain: 1 (12,000 chips) and 2 (1,500 chips).
    const third = director.players().find((p) => p.userId === 3)!;
    expect(third.place).toBe(3);
    await director.cancel();
    const payouts = payoutTable(9, 90_000);
    const byUser = new Map(director.players().map((p) => [p.userId, p]));
    const rest = payouts[0]!.amount - payouts[1]!.amount;
    expect(byUser.get(2)!.prize).toBe(payouts[1]!.amount + Math.floor((rest * 1_500) / 13_500));
    expect(byUser.get(1)!.prize + byUser.get(2)!.prize).toBe(payouts[0]!.amount + payouts[1]!.amount);
    expect(bank.pool(7)).toBe(0);
    expect(bank.total()).toBe(0);
  });
});

describe('a crash or a takeover', () => {
  it('resumes from the snapshot with the stacks, seats and the level time left, and finishes with the books at zero', async () => {
    const first = setup({ maxEntrants: 9 }, 5);
    await registerAll(first.director, first.bank, 9);
    first.clock.advance(HAND_MS * 4 + 5_000);
    await new Promise((resolve) => setImmediate(resolve));
    const snapshot = first.director.snapshot();
    first.director.stop();
    expect(snapshot.levelRemainingMs).toBeGreaterThan(0);
    // A new process: the same tables (their seats survived), a fresh director from the snapshot.
    const clock = new FakeClock(first.clock.now() + 3_600_000);
    const tables = first.tables;
    tables.crash(clock);
    const director = new TournamentDirector(
      snapshot.config,
      {
        clock,
        bank: first.bank,
        tables,
        store: { save: async () => {} },
      },
      snapshot,
    );
    tables.onHand = (report) => director.handFinished(report);
    await director.resume();
    expect(director.levelEnds).toBe(clock.now() + snapshot.levelRemainingMs);
    expect(director.remaining().map((p) => p.stack)).toEqual(
      snapshot.entrants.filter((e) => e.place === null).map((e) => e.stack),
    );
    await playToTheEnd(clock, director);
    expect(director.state).toBe('finished');
    expect(first.bank.pool(7)).toBe(0);
    expect(first.bank.total()).toBe(0);
  });
});

describe('what a crash leaves half done', () => {
  it('a hand settled but not taken in before the crash still counts, and a prize decided but not paid is paid by the next process, once', async () => {
    const first = setup({ maxEntrants: 3 }, 3, true);
    await registerAll(first.director, first.bank, 3);
    const [tableId] = first.director.tableIds();
    const snapshot = first.director.snapshot();
    first.director.stop();
    const seats = new Map(snapshot.entrants.map((e) => [e.userId, e.seat!]));

    // The table settled hand 1 (player 1 took everything) and the process died before the director saw it.
    const table = first.tables;
    table.missedHands = async (id: number, after: number) =>
      id === tableId && after < 1
        ? [
            {
              tableId: id,
              handNumber: 1,
              startStacks: new Map([
                [2, 1_500],
                [3, 1_500],
                [1, 1_500],
              ]),
              endStacks: new Map([
                [2, 0],
                [3, 0],
                [1, 4_500],
              ]),
              bigBlindSeat: seats.get(3)!,
            },
          ]
        : [];
    const saves: TournamentSnapshot[] = [];
    let failPay = true;
    const bank = first.bank;
    const flaky = {
      enter: bank.enter.bind(bank),
      refund: bank.refund.bind(bank),
      bounty: bank.bounty.bind(bank),
      overlay: bank.overlay.bind(bank),
      deal: bank.deal.bind(bank),
      pay: async (...args: Parameters<typeof bank.pay>) => {
        if (failPay) {
          failPay = false;
          throw new Error('the process died while paying');
        }
        return bank.pay(...args);
      },
    };
    const second = new TournamentDirector(
      snapshot.config,
      { clock: first.clock, bank: flaky, tables: table, store: { save: async (s) => void saves.push(s) } },
      snapshot,
    );
    await expect(second.resume()).rejects.toThrow('the process died while paying');
    // Places were given from the missed hand (2 and 3 began it equal: they share places 2 and 3) and saved with
    // the winner's prize as a money order before any money moved.
    const last = saves.at(-1)!;
    expect(last.status).toBe('finished');
    expect(last.entrants.map((e) => [e.userId, e.place]).sort()).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(last.moneyOrders).toEqual([expect.objectContaining({ kind: 'pay', userId: 1, amount: 30_000 })]);
    expect(bank.pool(7)).toBe(30_000);

    // The next process moves it; a third one moves nothing more.
    for (let run = 0; run < 2; run++) {
      const from = saves.at(-1)!;
      const next = new TournamentDirector(
        from.config,
        { clock: first.clock, bank, tables: table, store: { save: async (s) => void saves.push(s) } },
        from,
      );
      await next.resume();
      expect(saves.at(-1)!.moneyOrders).toEqual([]);
    }
    expect(bank.pool(7)).toBe(0);
    expect(bank.total()).toBe(0);
  });
});
