// The final-table deal (issue 21, item 7) on the fake clock, the in-memory bank and simulated tables that
// deal only when the test reports a hand: asks, the pause between hands (level clock included), both
// proposals, agreement paid at once in one transaction, a decline, the answer clock, a part kept to play for.
import { icmDeal, namedStructure, type Level } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import {
  seededRandom,
  seededShuffle,
  SimulatedTournamentTables,
} from '../testing/simulatedTournamentTables.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { TournamentDirector } from './director.js';
import { DEAL_ANSWER_MS, DealRefused, dealOffer } from './finalTableDeal.js';
import { InMemoryTournamentBank } from './memoryTournamentBank.js';
import type { TournamentConfig, TournamentSnapshot } from './ports.js';

const LEVEL_MS = 600_000;
const settle = () => new Promise((resolve) => setImmediate(resolve));

function levels(): Level[] {
  return namedStructure('regular', 1_500).map((l) => ({ ...l, seconds: LEVEL_MS / 1000 }));
}

/**
 * An 8-player Sit & Go (pool 80,000: 40,000 / 24,000 / 16,000) whose first hand busts five players:
 * players 1, 2 and 3 are left with 6,000, 3,000 and 3,000 chips at the final table.
 */
async function finalTable(overrides: Partial<TournamentConfig> = {}, bots: number[] = []) {
  const config: TournamentConfig = {
    tournamentId: 9,
    name: 'Deal',
    kind: 'sng',
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1_500,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 8,
    startsAt: null,
    levels: levels(),
    ...overrides,
  };
  const clock = new FakeClock();
  const bank = new InMemoryTournamentBank();
  const tables = new SimulatedTournamentTables(clock, { tableSize: 9, handMs: 1, seed: 1, manual: true });
  const saved: TournamentSnapshot[] = [];
  const director = new TournamentDirector(config, {
    clock,
    bank,
    tables,
    store: { save: async (s) => void saved.push(s) },
    shuffle: seededShuffle(seededRandom(21)),
  });
  for (let userId = 1; userId <= 8; userId++) {
    bank.deposit(userId, 20_000);
    await director.register(userId, bots.includes(userId));
  }
  const [tableId] = [...tables.tables.keys()];
  const table = tables.tables.get(tableId!)!;
  let handNumber = 0;
  /** The table settles a hand: every player's stack before and after (0: busted). */
  const hand = async (before: Record<number, number>, after: Record<number, number>) => {
    const entries = (o: Record<number, number>) => Object.entries(o).map(([u, s]) => [Number(u), s] as const);
    for (const [userId, stack] of entries(after)) {
      for (const [seat, p] of table.seats) {
        if (p.userId !== userId) continue;
        if (stack === 0) table.seats.delete(seat);
        else p.stack = stack;
      }
    }
    await director.handFinished({
      tableId: tableId!,
      handNumber: ++handNumber,
      startStacks: new Map(entries(before)),
      endStacks: new Map(entries(after)),
    });
  };
  const start = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [i + 1, 1_500]));
  await hand(start, { 1: 6_000, 2: 3_000, 3: 3_000, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0 });
  const stacks = { 1: 6_000, 2: 3_000, 3: 3_000 };
  return { config, clock, bank, tables, director, table, hand, stacks, saved };
}

const amountsOf = (director: TournamentDirector, kind: 'icm' | 'chipChop') =>
  Object.fromEntries(director.standings().deal!.players.map((p) => [p.userId, p[kind]]));

describe('the final-table deal', () => {
  it('pauses the table between hands once everyone has asked, the level clock too, and shows both proposals', async () => {
    const { director, table, hand, stacks, clock } = await finalTable();
    expect(director.standings().deal).toMatchObject({ phase: 'open', kept: null, endsAt: null });
    const releases = table.releases;
    await director.askDeal(1);
    await director.askDeal(2);
    expect(
      director
        .standings()
        .deal!.players.filter((p) => p.asked)
        .map((p) => p.userId)
        .sort(),
    ).toEqual([1, 2]);
    await director.askDeal(3);
    // A hand is in play: the offer waits for its end.
    expect(director.standings().deal!.phase).toBe('waiting');
    clock.advance(30_000);
    await hand(stacks, stacks);
    const deal = director.standings().deal!;
    expect(deal.phase).toBe('proposed');
    expect(deal.endsAt).toBe(clock.now() + DEAL_ANSWER_MS);
    expect(deal.kept).toBe(0);
    expect(table.releases).toBe(releases); // held between hands
    // Chip-chop: 16,000 each (the lowest prize), the other 32,000 by 2:1:1.
    expect(amountsOf(director, 'chipChop')).toEqual({ 1: 32_000, 2: 24_000, 3: 24_000 });
    const icm = icmDeal([6_000, 3_000, 3_000], [40_000, 24_000, 16_000]);
    if (!icm.ok) throw new Error('icm');
    expect(amountsOf(director, 'icm')).toEqual({ 1: icm.amounts[0], 2: icm.amounts[1], 3: icm.amounts[2] });
    // The level clock stands still while the offer is up.
    expect(director.standings().levelEndsAt).toBeNull();
    const left = director.snapshot().levelRemainingMs;
    expect(left).toBe(LEVEL_MS - 30_000);
    clock.advance(DEAL_ANSWER_MS - 1);
    await settle();
    expect(director.snapshot().levelRemainingMs).toBe(left);
    expect(director.snapshot().levelIndex).toBe(0);
  });

  it('pays everyone at once when all accept the same proposal, in one transaction; places by stack; books zero', async () => {
    const { director, bank, tables, table, hand, stacks } = await finalTable();
    await hand(stacks, stacks);
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    // The table was released after the last hand: the offer comes when this one ends.
    await hand(stacks, stacks);
    const chipChop = amountsOf(director, 'chipChop');
    const chips = director.chipsInPlay();
    expect(chips).toBe(12_000);
    await director.answerDeal(1, 'chip-chop');
    await director.answerDeal(2, 'chip-chop');
    expect(director.standings().deal!.players.find((p) => p.userId === 2)!.accepted).toBe('chip-chop');
    expect(bank.deals).toHaveLength(0);
    await director.answerDeal(3, 'chip-chop');
    expect(bank.deals).toEqual([{ key: 'tournament:9:deal', choice: 'chip-chop', kept: 0, total: 80_000 }]);
    for (const userId of [1, 2, 3]) expect(bank.available(userId)).toBe(20_000 - 11_000 + chipChop[userId]!);
    expect(bank.pool(9)).toBe(0);
    expect(bank.total()).toBe(0);
    expect(director.state).toBe('finished');
    const byUser = new Map(director.players().map((p) => [p.userId, p]));
    expect(byUser.get(1)).toMatchObject({ place: 1, prize: 32_000, dealt: 32_000 });
    expect([byUser.get(2)!.place, byUser.get(3)!.place].sort()).toEqual([2, 3]);
    expect([...byUser.values()].map((p) => p.place).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...byUser.values()].reduce((s, p) => s + p.prize, 0)).toBe(80_000);
    // Nobody's chips moved: the deal is money only; the table closed.
    expect(byUser.get(1)!.stack + byUser.get(2)!.stack + byUser.get(3)!.stack).toBe(chips);
    expect(tables.tables.has(table.tableId)).toBe(false);
    expect(director.snapshot().deal).toEqual({ choice: 'chip-chop', players: 3, kept: 0 });
    await expect(director.answerDeal(1, 'chip-chop')).rejects.toEqual(new DealRefused('deal_not_proposed'));
  });

  it('resumes play when one player declines: no money moves, the level clock goes on with the time it had', async () => {
    const { director, bank, table, hand, stacks, clock } = await finalTable();
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    const left = director.snapshot().levelRemainingMs;
    const releases = table.releases;
    clock.advance(20_000);
    await director.answerDeal(1, 'icm');
    await director.answerDeal(3, 'decline');
    expect(director.standings().deal).toMatchObject({ phase: 'open' });
    expect(director.standings().deal!.players.every((p) => !p.asked)).toBe(true);
    expect(table.releases).toBe(releases + 1);
    expect(director.levelEnds).toBe(clock.now() + left);
    expect(bank.deals).toHaveLength(0);
    expect(bank.pool(9)).toBe(80_000);
    expect(director.state).toBe('running');
    await expect(director.answerDeal(2, 'icm')).rejects.toEqual(new DealRefused('deal_not_proposed'));
  });

  it('cancels when the players accept different proposals', async () => {
    const { director, bank, table, hand, stacks } = await finalTable();
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    const releases = table.releases;
    await director.answerDeal(1, 'icm');
    await director.answerDeal(2, 'chip-chop');
    await director.answerDeal(3, 'icm');
    expect(bank.deals).toHaveLength(0);
    expect(table.releases).toBe(releases + 1);
    expect(director.standings().deal!.phase).toBe('open');
  });

  it('cancels after 60 s without every answer (a disconnected player has not accepted) and resumes', async () => {
    const { director, bank, table, hand, stacks, clock } = await finalTable();
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    const releases = table.releases;
    await director.answerDeal(1, 'icm');
    await director.answerDeal(2, 'icm');
    clock.advance(DEAL_ANSWER_MS - 1);
    await settle();
    expect(director.standings().deal!.phase).toBe('proposed');
    clock.advance(1);
    await director.idle();
    expect(director.standings().deal!.phase).toBe('open');
    expect(table.releases).toBe(releases + 1);
    expect(bank.deals).toHaveLength(0);
    expect(director.standings().levelEndsAt).toBe(director.levelEnds);
    await expect(director.answerDeal(3, 'icm')).rejects.toEqual(new DealRefused('deal_not_proposed'));
  });

  it('does not pause when not everyone asked; a bust takes the asks back', async () => {
    const { director, table, hand, stacks } = await finalTable({ maxEntrants: 8 });
    await director.askDeal(1);
    await director.askDeal(2);
    let releases = table.releases;
    await hand(stacks, stacks);
    expect(table.releases).toBe(releases + 1);
    expect(director.standings().deal!.phase).toBe('open');
    await director.askDeal(2, false);
    expect(
      director
        .standings()
        .deal!.players.filter((p) => p.asked)
        .map((p) => p.userId),
    ).toEqual([1]);
    // Player 3 busts: the field changed, every ask is taken back.
    releases = table.releases;
    await hand(stacks, { 1: 9_000, 2: 3_000, 3: 0 });
    expect(table.releases).toBe(releases + 1);
    expect(
      director
        .standings()
        .deal!.players.map((p) => p.userId)
        .sort(),
    ).toEqual([1, 2]);
    expect(director.standings().deal!.players.every((p) => !p.asked)).toBe(true);
    await expect(director.askDeal(3)).rejects.toEqual(new DealRefused('deal_unavailable'));
  });

  it('is not offered while a bot is still in (bots never ask)', async () => {
    const { director } = await finalTable({}, [3]);
    expect(director.standings().deal).toBeNull();
    await expect(director.askDeal(1)).rejects.toEqual(new DealRefused('deal_unavailable'));
  });

  it('keeps the agreed part to play for: the deal pays the rest, the winner takes the kept part; books zero', async () => {
    const { director, bank, table, hand, stacks } = await finalTable({ dealKeptPercent: 10 });
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    const deal = director.standings().deal!;
    expect(deal.kept).toBe(8_000);
    // The proposals share 36,000 / 21,600 / 14,400.
    expect(amountsOf(director, 'chipChop')).toEqual({ 1: 28_800, 2: 21_600, 3: 21_600 });
    const icm = amountsOf(director, 'icm');
    expect(Object.values(icm).reduce((a, b) => a! + b!, 0)).toBe(72_000);
    const releases = table.releases;
    for (const userId of [1, 2, 3]) await director.answerDeal(userId, 'icm');
    expect(bank.deals).toEqual([{ key: 'tournament:9:deal', choice: 'icm', kept: 8_000, total: 72_000 }]);
    expect(bank.pool(9)).toBe(8_000);
    expect(director.state).toBe('running');
    expect(table.releases).toBe(releases + 1);
    expect(director.standings().deal).toBeNull(); // one deal per tournament
    expect(director.snapshot().deal).toEqual({ choice: 'icm', players: 3, kept: 8_000 });
    // Play goes on: 3 busts, then 2; the places of the deal pay only the kept part, to the winner.
    await hand(stacks, { 1: 9_000, 2: 3_000, 3: 0 });
    await hand({ 1: 9_000, 2: 3_000 }, { 1: 12_000, 2: 0 });
    expect(director.state).toBe('finished');
    const byUser = new Map(director.players().map((p) => [p.userId, p]));
    expect(byUser.get(3)).toMatchObject({ place: 3, prize: icm[3] });
    expect(byUser.get(2)).toMatchObject({ place: 2, prize: icm[2] });
    expect(byUser.get(1)).toMatchObject({ place: 1, prize: icm[1]! + 8_000 });
    for (const userId of [1, 2, 3])
      expect(bank.available(userId)).toBe(20_000 - 11_000 + byUser.get(userId)!.prize);
    expect(bank.pool(9)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('an administrator cancelling while the proposals are up takes them away: no answer pays anything', async () => {
    const { director, bank, hand, stacks } = await finalTable();
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    await director.answerDeal(1, 'icm');
    const outcome = await director.cancel();
    expect(outcome.rule).toBe('refund'); // nobody was paid a prize yet
    expect(director.standings().deal).toBeNull();
    await expect(director.answerDeal(2, 'icm')).rejects.toEqual(new DealRefused('deal_not_proposed'));
    expect(bank.deals).toHaveLength(0);
    expect(bank.pool(9)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('is written ahead: a process that stops while paying leaves the deal in the snapshot, the next pays it once', async () => {
    const { director, bank, hand, stacks, saved, config, clock } = await finalTable();
    for (const userId of [1, 2, 3]) await director.askDeal(userId);
    await hand(stacks, stacks);
    const realDeal = bank.deal.bind(bank);
    bank.deal = async () => {
      throw new Error('the process died while paying');
    };
    await director.answerDeal(1, 'icm');
    await director.answerDeal(2, 'icm');
    await expect(director.answerDeal(3, 'icm')).rejects.toThrow('the process died while paying');
    const snapshot = saved.at(-1)!;
    expect(snapshot.status).toBe('finished');
    expect(snapshot.moneyOrders).toEqual([
      expect.objectContaining({ kind: 'deal', key: 'tournament:9:deal' }),
    ]);
    expect(bank.pool(9)).toBe(80_000);
    bank.deal = realDeal;
    const tables = new SimulatedTournamentTables(clock, { tableSize: 9, handMs: 1, seed: 2, manual: true });
    const store = { save: async () => {} };
    for (let run = 0; run < 2; run++)
      await new TournamentDirector(config, { clock, bank, tables, store }, snapshot).resume();
    expect(bank.deals).toHaveLength(1);
    expect(bank.pool(9)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('computes both proposals on the same prizes less the kept part (pure)', () => {
    const offer = dealOffer(
      {
        players: [
          { userId: 5, stack: 3_000 },
          { userId: 6, stack: 1_000 },
        ],
        prizes: [700, 300],
      },
      0,
      1,
    );
    expect(offer).toEqual({
      players: [
        { userId: 5, stack: 3_000, icm: 600, chipChop: 600 },
        { userId: 6, stack: 1_000, icm: 400, chipChop: 400 },
      ],
      kept: 0,
      endsAt: 1,
    });
  });
});
