// The scheduled formats of issue 21 on the fake clock and the in-memory bank: registration opening at
// its time, the minimum field, late registration (TDA rule 9 seats), re-entry, rebuys, the add-on and
// a guarantee's overlay, each through the bank once.
import { lateEntrySeats, namedStructure, nextBlinds, type Level } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import {
  seededRandom,
  seededShuffle,
  SimulatedTournamentTables,
} from '../testing/simulatedTournamentTables.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { buyInsOf, TournamentDirector, TournamentRefused } from './director.js';
import { InMemoryTournamentBank } from './memoryTournamentBank.js';
import type { HandReport, TournamentConfig } from './ports.js';

const HAND_MS = 20_000;
const LEVEL_MS = 120_000;
const START = 1_700_000_000_000;
const DEPOSIT = 1_000_000;
const STAKES = { smallBlind: 1, bigBlind: 2, ante: 0, anteKind: 'big-blind' as const };

function levels(): Level[] {
  return namedStructure('hyper', 1_500).map((l) => ({ ...l, seconds: LEVEL_MS / 1000 }));
}

function setup(overrides: Partial<TournamentConfig> = {}, seed = 1, manual = false) {
  const config: TournamentConfig = {
    tournamentId: 21,
    name: 'Scheduled',
    kind: 'mtt',
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1_500,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 200,
    startsAt: START + 60_000,
    levels: levels(),
    ...overrides,
  };
  const clock = new FakeClock(START);
  const bank = new InMemoryTournamentBank();
  const tables = new SimulatedTournamentTables(clock, {
    tableSize: config.tableSize,
    handMs: HAND_MS,
    seed,
    manual,
  });
  const director = new TournamentDirector(config, {
    clock,
    bank,
    tables,
    store: { save: async () => {} },
    shuffle: seededShuffle(seededRandom(seed * 7919)),
  });
  tables.onHand = (report) => director.handFinished(report);
  director.open();
  return { config, clock, bank, tables, director };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function register(
  director: TournamentDirector,
  bank: InMemoryTournamentBank,
  from: number,
  to: number,
) {
  for (let userId = from; userId <= to; userId++) {
    if (bank.available(userId) === 0) bank.deposit(userId, DEPOSIT);
    await director.register(userId);
  }
}

/** The level clock moves on `count` levels (each level's timer is armed by the step that began it). */
async function levelsPass(clock: FakeClock, count: number) {
  for (let i = 0; i < count; i++) {
    clock.advance(LEVEL_MS);
    await settle();
  }
}

/** Starts the tournament at its time (the clock to the start). */
async function startAt(clock: FakeClock, config: TournamentConfig) {
  clock.advance(config.startsAt! - clock.now());
  await settle();
}

/**
 * One hand at a manual table: `changes` moves chips (userId -> new stack), everyone else keeps theirs;
 * the simulated table's seats follow (busted players leave it, as a live table's do).
 */
async function hand(
  { director, tables }: { director: TournamentDirector; tables: SimulatedTournamentTables },
  tableId: number,
  handNumber: number,
  changes: Record<number, number>,
  pots?: Pick<HandReport, 'pots' | 'committed'>,
) {
  const seated = director.remaining().filter((e) => e.tableId === tableId);
  const start = new Map(seated.map((e) => [e.userId, e.stack]));
  const end = new Map(seated.map((e) => [e.userId, changes[e.userId] ?? e.stack]));
  const table = tables.tables.get(tableId)!;
  for (const [seat, p] of table.seats) {
    p.stack = end.get(p.userId) ?? p.stack;
    if (p.stack === 0) table.seats.delete(seat);
  }
  await director.handFinished({ tableId, handNumber, startStacks: start, endStacks: end, ...pots });
}

/**
 * 30 players register, then the tournament plays to the end with 10 late entries, every busted player
 * rebuying or re-entering once while they may and everyone still in taking the add-on; `check` runs after
 * every hand the director took in. Returns the problems it found.
 */
async function playEveryFormat(
  { director, bank, clock, config, tables }: ReturnType<typeof setup>,
  check: (problems: string[]) => void,
): Promise<string[]> {
  await register(director, bank, 1, 30);
  await startAt(clock, config);
  const problems: string[] = [];
  let late = 31;
  tables.onHand = async (report) => {
    await director.handFinished(report);
    if (director.state === 'finished') return;
    check(problems);
    for (const e of director.players()) {
      if (e.busted && director.rebuysOpen && (e.rebuys ?? 0) < 1) await director.rebuy(e.userId, 1);
      else if (e.busted && director.lateRegistrationOpen && (e.entries ?? 1) < 2)
        await director.register(e.userId, false, 2);
      else if (director.addOnOpen && e.place === null && !e.busted && !e.addOn)
        await director.addOn(e.userId);
    }
    if (director.lateRegistrationOpen && late <= 40) await register(director, bank, late, late++);
  };
  for (let i = 0; i < 50_000 && director.state !== 'finished'; i++) {
    clock.advance(HAND_MS);
    await settle();
  }
  return problems;
}

const stackOf = (director: TournamentDirector, userId: number) =>
  director.players().find((e) => e.userId === userId)!.stack;
const pendingChips = (director: TournamentDirector) => director.snapshot().pendingChips ?? [];

describe('a scheduled tournament', () => {
  it('is scheduled until registration opens, then registers, and at the start short of its minimum is cancelled with every entry refunded', async () => {
    const { director, bank, clock, config } = setup({ registrationOpensAt: START + 30_000, minEntrants: 4 });
    expect(director.state).toBe('scheduled');
    bank.deposit(1, DEPOSIT);
    await expect(director.register(1)).rejects.toEqual(new TournamentRefused('tournament_closed'));
    expect(bank.available(1)).toBe(DEPOSIT);
    clock.advance(30_000);
    await settle();
    expect(director.state).toBe('registering');
    await register(director, bank, 1, 3);
    expect(bank.pool(21)).toBe(30_000);
    await startAt(clock, config);
    expect(director.state).toBe('cancelled');
    for (let userId = 1; userId <= 3; userId++) expect(bank.available(userId)).toBe(DEPOSIT);
    expect(bank.pool(21)).toBe(0);
    expect(bank.fees()).toBe(0);
    expect(bank.total()).toBe(0);
  });
});

describe('late registration', () => {
  it('seats a late entrant with a full stack at the table with the fewest players, never the next small blind or button', async () => {
    let ruled = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const { director, bank, clock, config, tables } = setup({ lateRegLevels: 2 }, seed, true);
      await register(director, bank, 1, 13);
      await startAt(clock, config);
      const [small, big] = [...tables.tables.values()].sort((a, b) => a.seats.size - b.seats.size);
      expect([small!.seats.size, big!.seats.size]).toEqual([6, 7]);
      // The shorter table has played a hand: its last big blind is one of its players' seats.
      const occupied = [...small!.seats.keys()];
      small!.hands = 1;
      small!.lastBigBlind = occupied[seed % occupied.length]!;
      const before = lateEntrySeats({
        tableId: String(small!.tableId),
        seatCount: 9,
        players: occupied.map((seat) => ({ playerId: String(seat), seat })),
        bigBlindSeat: small!.lastBigBlind,
      });
      await register(director, bank, 14, 14);
      const late = director.players().find((e) => e.userId === 14)!;
      expect(late.tableId).toBe(small!.tableId);
      expect(before).toContain(late.seat);
      expect(late.stack).toBe(1_500);
      const next = nextBlinds({ previousBigBlind: small!.lastBigBlind }, [...occupied, late.seat!], STAKES);
      expect([next.smallBlindSeat, next.button]).not.toContain(late.seat);
      if (before.length < 3) ruled++; // a seat of the three empty ones was left out by the rule
      expect(bank.available(14)).toBe(DEPOSIT - 11_000);
      expect(director.prizePool).toBe(14 * 10_000);
    }
    expect(ruled).toBeGreaterThan(0);
  });

  it('closes after its levels: a later entry is refused and charges nothing', async () => {
    const { director, bank, clock, config } = setup({ lateRegLevels: 1 });
    await register(director, bank, 1, 9);
    await startAt(clock, config);
    await register(director, bank, 10, 10);
    await levelsPass(clock, 1);
    expect(director.lateRegistrationOpen).toBe(false);
    bank.deposit(11, DEPOSIT);
    await expect(director.register(11)).rejects.toEqual(new TournamentRefused('tournament_closed'));
    expect(bank.available(11)).toBe(DEPOSIT);
  });
});

describe('re-entry', () => {
  it('lets a busted player enter again up to the limit, each entry charged once, and places them when late registration closes', async () => {
    const t = setup({ lateRegLevels: 2, maxEntries: 2 }, 1, true);
    const { director, bank, clock, config, tables } = t;
    await register(director, bank, 1, 4);
    await startAt(clock, config);
    const [tableId] = tables.tables.keys();
    await hand(t, tableId!, 1, { 1: 0, 2: 3_000 });
    const out = director.players().find((e) => e.userId === 1)!;
    expect(out.busted).toBe(true);
    expect(out.place).toBeNull();
    await director.register(1, false, 2);
    await director.register(1, false, 2); // a retried request: nothing more
    expect(bank.available(1)).toBe(DEPOSIT - 2 * 11_000);
    expect(director.players().find((e) => e.userId === 1)).toMatchObject({
      entries: 2,
      stack: 1_500,
      busted: false,
    });
    expect(director.prizePool).toBe(5 * 10_000);
    await hand(t, tableId!, 2, { 1: 0, 3: 4_500 });
    await expect(director.register(1)).rejects.toEqual(new TournamentRefused('entry_limit'));
    expect(bank.available(1)).toBe(DEPOSIT - 2 * 11_000);
    // Late registration closes: player 1 takes the last place of the four.
    await levelsPass(clock, 2);
    expect(director.players().find((e) => e.userId === 1)!.place).toBe(4);
  });
});

describe('rebuys and the add-on', () => {
  const formats = { rebuyLevels: 2, maxRebuys: 2, addOn: true };

  it('allow a rebuy at or below the starting stack, up to the limit, in the rebuy period only', async () => {
    const t = setup(formats, 1, true);
    const { director, bank, clock, config, tables } = t;
    await register(director, bank, 1, 3);
    await startAt(clock, config);
    const [tableId] = tables.tables.keys();
    await hand(t, tableId!, 1, { 1: 1_000, 2: 2_000 });
    await expect(director.rebuy(2)).rejects.toEqual(new TournamentRefused('rebuy_stack'));
    // The table deals its next hand: the chips wait for its end.
    await director.rebuy(1, 1);
    await director.rebuy(1, 1); // retried: nothing more
    expect(bank.available(1)).toBe(DEPOSIT - 2 * 11_000);
    expect(stackOf(director, 1)).toBe(1_000);
    expect(pendingChips(director)).toEqual([[1, 1_500]]);
    await expect(director.rebuy(1)).rejects.toEqual(new TournamentRefused('rebuy_stack'));
    await hand(t, tableId!, 2, {});
    expect(stackOf(director, 1)).toBe(2_500);
    const seat = director.players().find((e) => e.userId === 1)!.seat!;
    expect(tables.tables.get(tableId!)!.seats.get(seat)!.stack).toBe(2_500);
    // A busted player rebuys and is seated again.
    await hand(t, tableId!, 3, { 3: 0, 2: 3_500 });
    expect(director.players().find((e) => e.userId === 3)!.busted).toBe(true);
    await director.rebuy(3);
    expect(director.players().find((e) => e.userId === 3)).toMatchObject({
      stack: 1_500,
      rebuys: 1,
      busted: false,
    });
    await hand(t, tableId!, 4, { 3: 0, 2: 5_000 });
    await director.rebuy(3);
    await hand(t, tableId!, 5, { 3: 1_000, 2: 5_500 });
    await expect(director.rebuy(3)).rejects.toEqual(new TournamentRefused('rebuy_limit'));
    await levelsPass(clock, 2);
    expect(director.rebuysOpen).toBe(false);
    await expect(director.rebuy(1)).rejects.toEqual(new TournamentRefused('rebuy_closed'));
    expect(bank.total()).toBe(0);
  });

  it('a player busted in the hand during which they rebought sits down again in the same seat with the chips', async () => {
    const t = setup(formats, 1, true);
    const { director, bank, clock, config, tables } = t;
    await register(director, bank, 1, 3);
    await startAt(clock, config);
    const [tableId] = tables.tables.keys();
    const seat = director.players().find((e) => e.userId === 1)!.seat;
    await director.rebuy(1);
    await hand(t, tableId!, 1, { 1: 0, 3: 3_000 });
    expect(director.players().find((e) => e.userId === 1)).toMatchObject({ stack: 1_500, seat, tableId });
    expect(director.players().find((e) => e.userId === 1)!.busted).toBeFalsy();
    expect(tables.tables.get(tableId!)!.seats.get(seat!)!.stack).toBe(1_500);
    expect(bank.available(1)).toBe(DEPOSIT - 2 * 11_000);
  });

  it('offer one add-on in the level after the rebuy period, charged once', async () => {
    const t = setup(formats, 1, true);
    const { director, bank, clock, config, tables } = t;
    await register(director, bank, 1, 3);
    await startAt(clock, config);
    await expect(director.addOn(1)).rejects.toEqual(new TournamentRefused('addon_closed'));
    await levelsPass(clock, 2);
    expect(director.addOnOpen).toBe(true);
    await director.addOn(1);
    await director.addOn(1);
    expect(bank.available(1)).toBe(DEPOSIT - 2 * 11_000);
    expect(director.players().find((e) => e.userId === 1)!.addOn).toBe(true);
    await hand(t, [...tables.tables.keys()][0]!, 1, {});
    expect(stackOf(director, 1)).toBe(3_000);
    await levelsPass(clock, 1);
    await expect(director.addOn(2)).rejects.toEqual(new TournamentRefused('addon_closed'));
    expect(director.prizePool).toBe(4 * 10_000);
    expect(tables.tables.size).toBe(1);
  });
});

describe('a guarantee', () => {
  it('pays the overlay from the house once the prizes are decided: pool + overlay = prizes', async () => {
    const { director, bank, clock, config } = setup({ guarantee: 500_000 });
    await register(director, bank, 1, 20);
    expect(director.prizePool).toBe(500_000);
    await startAt(clock, config);
    for (let i = 0; i < 20_000 && director.state !== 'finished'; i++) {
      clock.advance(HAND_MS);
      await settle();
    }
    expect(director.state).toBe('finished');
    const prizes = director.players().reduce((sum, e) => sum + e.prize, 0);
    expect(prizes).toBe(500_000);
    expect(director.overlay).toBe(300_000);
    expect(bank.overlayPaid()).toBe(300_000);
    expect(bank.pool(21)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('pays no overlay when the entries bring more, nor when the tournament is cancelled before the money', async () => {
    const covered = setup({ guarantee: 100_000 });
    await register(covered.director, covered.bank, 1, 20);
    expect(covered.director.prizePool).toBe(200_000);
    const short = setup({ guarantee: 1_000_000 }, 2, true);
    await register(short.director, short.bank, 1, 9);
    await startAt(short.clock, short.config);
    await short.director.cancel();
    expect(short.bank.overlayPaid()).toBe(0);
    for (let userId = 1; userId <= 9; userId++) expect(short.bank.available(userId)).toBe(DEPOSIT);
    expect(short.bank.total()).toBe(0);
  });
});

describe('a scheduled tournament with every format, played to the end', () => {
  it('late entries, re-entries, rebuys, add-ons and a guarantee: every balance moves by exactly its buy-ins, fees and prize; books zero', async () => {
    for (let seed = 1; seed <= 4; seed++) {
      const { director, bank, clock, config, tables } = setup(
        { lateRegLevels: 3, maxEntries: 2, rebuyLevels: 2, maxRebuys: 1, addOn: true, guarantee: 1_000_000 },
        seed,
      );
      const chipsBought = () => director.players().reduce((sum, e) => sum + buyInsOf(e) * 1_500, 0);
      const problems = await playEveryFormat({ director, bank, clock, config, tables }, (problems) => {
        // Chips are conserved: every chip bought is in a stack (busted players hold none).
        const inPlay = director.remaining().reduce((sum, e) => sum + e.stack, 0);
        const pending = director.snapshot().pendingChips!.reduce((sum, [, c]) => sum + c, 0);
        if (inPlay + pending !== chipsBought())
          problems.push(`chips ${inPlay + pending} vs ${chipsBought()}`);
      });
      expect({ seed, problems }).toEqual({ seed, problems: [] });
      expect(director.state).toBe('finished');
      const players = director.players();
      expect(players.some((e) => (e.entries ?? 1) > 1)).toBe(true);
      expect(players.some((e) => (e.rebuys ?? 0) > 0)).toBe(true);
      expect(players.some((e) => e.addOn)).toBe(true);
      expect(players.length).toBe(40);
      expect(players.map((e) => e.place).sort((a, b) => a! - b!)).toEqual(players.map((_, i) => i + 1));
      const collected = players.reduce((sum, e) => sum + buyInsOf(e), 0) * 10_000;
      const prizes = players.reduce((sum, e) => sum + e.prize, 0);
      expect(prizes).toBe(Math.max(1_000_000, collected));
      expect(collected + bank.overlayPaid()).toBe(prizes);
      for (const e of players)
        expect(bank.available(e.userId)).toBe(DEPOSIT - buyInsOf(e) * 11_000 + e.prize);
      expect(bank.pool(21)).toBe(0);
      expect(bank.total()).toBe(0);
    }
  });
});

describe('progressive knockout bounties', () => {
  const PKO = { bountyPercent: 50 }; // buy-in 10,000: 5,000 on each head, 5,000 into the prize pool
  const bountyOf = (director: TournamentDirector, userId: number) =>
    director.players().find((e) => e.userId === userId)!.bounty ?? 0;
  /** A manual table of `count` players, started. */
  async function pkoTable(count: number) {
    const t = setup(PKO, 1, true);
    await register(t.director, t.bank, 1, count);
    await startAt(t.clock, t.config);
    return { ...t, tableId: [...t.tables.tables.keys()][0]! };
  }
  /** Heads-up all-in of two starting stacks: one pot, `winner` takes it. */
  const allIn = (loser: number, winner: number): Pick<HandReport, 'pots' | 'committed'> => ({
    pots: [{ eligible: [loser, winner], winners: [winner] }],
    committed: new Map([
      [loser, 1_500],
      [winner, 1_500],
    ]),
  });

  it('puts the bounty part of each buy-in on the head and the rest in the prize pool', async () => {
    const { director, bank } = setup(PKO);
    await register(director, bank, 1, 4);
    expect(director.prizePool).toBe(4 * 5_000);
    expect(director.bountyPool).toBe(4 * 5_000);
    expect(bank.pool(21)).toBe(40_000);
    for (let userId = 1; userId <= 4; userId++) expect(bountyOf(director, userId)).toBe(5_000);
  });

  it('one eliminator: half the bounty in cash through the bank once, half onto their own head', async () => {
    const t = await pkoTable(4);
    const { director, bank, tableId } = t;
    await hand(t, tableId, 1, { 1: 0, 2: 3_000 }, allIn(1, 2));
    await director.idle();
    expect(bank.bounties).toEqual([{ userId: 2, amount: 2_500, key: 'tournament:21:bounty:1:1:2' }]);
    expect(bountyOf(director, 2)).toBe(7_500);
    expect(bountyOf(director, 1)).toBe(0);
    expect(bank.available(2)).toBe(DEPOSIT - 11_000 + 2_500);
    expect(bank.available(1)).toBe(DEPOSIT - 11_000);
    // The same hand reported again (a resumed table catching up) pays nothing more.
    await hand(t, tableId, 1, { 2: 3_000 });
    expect(bank.bounties.length).toBe(1);
  });

  it('two eliminators through a side pot: split by the chips of the busted stack in each pot', async () => {
    const t = await pkoTable(3);
    const { director, bank, tableId } = t;
    await hand(t, tableId, 1, { 1: 500, 2: 2_500 });
    // 1 all-in 500, 3 all-in 1,500, 2 calls 1,500: main pot 1,500 (1, 3, 2) won by 1, side pot 2,000 (3, 2) by 2.
    // 3 had 500 in the main pot and 1,000 in the side pot: 1 gets 1/3 of 5,000, 2 gets 2/3.
    await hand(
      t,
      tableId,
      2,
      { 1: 1_500, 2: 3_000, 3: 0 },
      {
        pots: [
          { eligible: [1, 3, 2], winners: [1] },
          { eligible: [3, 2], winners: [2] },
        ],
        committed: new Map([
          [1, 500],
          [3, 1_500],
          [2, 1_500],
        ]),
      },
    );
    await director.idle();
    // 5,000 × 1/3 = 1,666 and 5,000 × 2/3 = 3,333 rounded down; the tugrik left goes to the main pot's part.
    expect(bank.bounties.map((b) => [b.userId, b.amount]).sort()).toEqual([
      [1, 834],
      [2, 1_667],
    ]);
    expect(bountyOf(director, 1)).toBe(5_000 + 833);
    expect(bountyOf(director, 2)).toBe(5_000 + 1_666);
    expect(bountyOf(director, 3)).toBe(0);
  });

  it('a split pot: both winners share the bounty', async () => {
    const t = await pkoTable(3);
    const { director, bank, tableId } = t;
    await hand(
      t,
      tableId,
      1,
      { 1: 0, 2: 2_250, 3: 2_250 },
      {
        pots: [{ eligible: [1, 2, 3], winners: [2, 3] }],
        committed: new Map([
          [1, 1_500],
          [2, 1_500],
          [3, 1_500],
        ]),
      },
    );
    await director.idle();
    expect(bank.bounties.map((b) => [b.userId, b.amount]).sort()).toEqual([
      [2, 1_250],
      [3, 1_250],
    ]);
    expect([bountyOf(director, 2), bountyOf(director, 3)]).toEqual([6_250, 6_250]);
  });

  it('the winner of the tournament is paid their own bounty at the end', async () => {
    const t = await pkoTable(2);
    const { director, bank, tableId } = t;
    await hand(t, tableId, 1, { 1: 0, 2: 3_000 }, allIn(1, 2));
    await director.idle();
    expect(director.state).toBe('finished');
    const winner = director.players().find((e) => e.userId === 2)!;
    expect(winner.place).toBe(1);
    expect(winner.bountiesWon).toBe(10_000);
    expect(bank.bounties.map((b) => b.key).sort()).toEqual([
      'tournament:21:bounty:1:1:2',
      'tournament:21:bounty:2:own',
    ]);
    expect(bank.available(2)).toBe(DEPOSIT - 11_000 + winner.prize + 10_000);
    expect(bank.pool(21)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('a cancellation after a knockout: bounties won stand, the prize-pool part of every buy-in and each head come back', async () => {
    const t = await pkoTable(4);
    const { director, bank, tableId } = t;
    await hand(t, tableId, 1, { 1: 0, 2: 3_000 });
    await director.cancel();
    expect(bank.available(1)).toBe(DEPOSIT - 5_000); // the bounty on their head was won by 2
    expect(bank.available(2)).toBe(DEPOSIT + 2_500 + 2_500); // the cash half, then their head of 7,500
    expect(bank.available(3)).toBe(DEPOSIT);
    expect(bank.available(4)).toBe(DEPOSIT);
    expect(bank.pool(21)).toBe(0);
    expect(bank.fees()).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('with every format, played to the end: pool + overlay = prizes + bounties paid; each balance exact; books zero', async () => {
    for (let seed = 1; seed <= 3; seed++) {
      const { director, bank, clock, config, tables } = setup(
        {
          ...PKO,
          lateRegLevels: 3,
          maxEntries: 2,
          rebuyLevels: 2,
          maxRebuys: 1,
          addOn: true,
          guarantee: 300_000,
        },
        seed,
      );
      const problems = await playEveryFormat({ director, bank, clock, config, tables }, (problems) => {
        // Bounties are conserved: what is on the heads plus the cash paid is what the buy-ins put on them.
        const players = director.players();
        const onHeads = players.reduce((sum, e) => sum + (e.bounty ?? 0), 0);
        const paid = players.reduce((sum, e) => sum + (e.bountiesWon ?? 0), 0);
        if (onHeads + paid !== director.bountyPool)
          problems.push(`bounties ${onHeads}+${paid} vs ${director.bountyPool}`);
        for (const e of players)
          if (e.busted && (e.bounty ?? 0) > 0) problems.push(`busted ${e.userId} keeps a bounty`);
      });
      expect({ seed, problems }).toEqual({ seed, problems: [] });
      expect(director.state).toBe('finished');
      const players = director.players();
      const buyIns = players.reduce((sum, e) => sum + buyInsOf(e), 0);
      const prizes = players.reduce((sum, e) => sum + e.prize, 0);
      const bountiesPaid = players.reduce((sum, e) => sum + (e.bountiesWon ?? 0), 0);
      expect(players.filter((e) => (e.bountiesWon ?? 0) > 0).length).toBeGreaterThan(3);
      expect(players.every((e) => (e.bounty ?? 0) === 0)).toBe(true);
      expect(bountiesPaid).toBe(buyIns * 5_000);
      expect(prizes).toBe(Math.max(300_000, buyIns * 5_000));
      expect(buyIns * 10_000 + bank.overlayPaid()).toBe(prizes + bountiesPaid);
      for (const e of players)
        expect(bank.available(e.userId)).toBe(
          DEPOSIT - buyInsOf(e) * 11_000 + e.prize + (e.bountiesWon ?? 0),
        );
      expect(bank.bounties.reduce((sum, b) => sum + b.amount, 0)).toBe(bountiesPaid);
      expect(bank.pool(21)).toBe(0);
      expect(bank.total()).toBe(0);
    }
  });
});
