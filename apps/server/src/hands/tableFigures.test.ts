// The lobby's last-hour figures, computed from a few stored hands: hands per hour, average pot and the
// share of dealt-in players who saw the flop; hands older than the hour and other tables do not count.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { insertFigureHand, type FigureSeat } from '../testing/figureHands.js';
import { readTableFigures, TableFiguresCache } from './tableFigures.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000);

describe.each(TEST_DRIVERS)('the lobby figures on $name', ({ url }) => {
  let database: DatabaseHandle;
  let tableA: number;
  let tableB: number;
  let quiet: number;

  async function addTable(no: number): Promise<number> {
    const rows = (await database.db.execute(
      sql`INSERT INTO poker_tables (no, name, variant, betting, small_blind, big_blind, min_buy_in, max_buy_in, max_players)
          VALUES (${no}, ${`T${no}`}, 'holdem', 'no-limit', 50, 100, 2000, 10000, 6) RETURNING id`,
    )) as unknown as { rows: { id: number }[] };
    return Number(rows.rows[0].id);
  }

  const addHand = (
    tableId: number,
    endedAt: Date,
    totalPot: number,
    seats: FigureSeat[],
    boardCards: number,
  ) => insertFigureHand(database.db, { tableId, endedAt, totalPot, seats, boardCards });

  beforeAll(async () => {
    database = await openTestDatabase(url);
    tableA = await addTable(101);
    tableB = await addTable(102);
    quiet = await addTable(103);
    // Table A, last hour: 3 hands, pots 300 + 1,000 + 201 → average 500 (500.33 rounded).
    // Dealt players: 4 + 3 + 2 = 9 (a seat sitting out is not counted); saw the flop: 2 + 0 + 2 = 4 → 44 %.
    await addHand(
      tableA,
      minutesAgo(50),
      300,
      [{}, { foldedOn: 'preflop' }, { foldedOn: 'flop' }, { foldedOn: 'preflop' }, { dealtIn: false }],
      5,
    );
    // Everyone folds to the big blind: no flop, nobody saw one.
    await addHand(tableA, minutesAgo(20), 1000, [{ foldedOn: 'preflop' }, { foldedOn: 'preflop' }, {}], 0);
    // All in preflop and run out: both saw the flop.
    await addHand(tableA, minutesAgo(1), 201, [{}, {}], 5);
    // Older than the hour: not counted.
    await addHand(tableA, minutesAgo(61), 90_000, [{}, {}], 5);
    // Table B, last hour: one hand heads-up, both saw the flop.
    await addHand(tableB, minutesAgo(30), 4000, [{}, { foldedOn: 'turn' }], 4);
  }, 60_000);
  afterAll(() => database.close());

  it('counts the hands, averages the pots and the players who saw the flop, per table, over the hour', async () => {
    const figures = await readTableFigures(database.db, minutesAgo(60));
    expect(figures.get(tableA)).toEqual({ handsPerHour: 3, averagePot: 500, playersPerFlop: 44 });
    expect(figures.get(tableB)).toEqual({ handsPerHour: 1, averagePot: 4000, playersPerFlop: 100 });
    expect(figures.has(quiet)).toBe(false);
  });

  it('keeps the figures for 30 seconds, then reads the window again from the current time', async () => {
    let now = NOW;
    const cache = new TableFiguresCache(database.db, () => now);
    expect((await cache.get())?.get(tableA)?.handsPerHour).toBe(3);
    await addHand(tableA, minutesAgo(0), 500, [{}, {}], 3);
    now += 29_000;
    expect((await cache.get())?.get(tableA)?.handsPerHour).toBe(3);
    now += 2_000;
    // 31 s later: the new hand counts.
    expect((await cache.get())?.get(tableA)?.handsPerHour).toBe(4);
    // 11 minutes on, the window starts 49 minutes before NOW: the hand from 50 minutes before has left it.
    now = NOW + 11 * 60_000;
    expect((await cache.get())?.get(tableA)?.handsPerHour).toBe(3);
  });
});
