// Whole tournaments in the whole server (HTTP API, ledger, database, table registry, live tables),
// on PGlite and PostgreSQL: an administrator creates a 9-player Sit & Go and a 60-player multi-table
// tournament on a fast structure, fills them with bots through the API and they play to the end. After
// every hand the chips in play are entrants × starting stack; places 1..N are each given once; prizes
// are paid once each and sum to the pool; the books are zero; every hand replays in the engine's PHH
// replayer. Tables and directors run on a FakeClock that the test moves only between hands.
import { namedStructure } from '@tenger/engine';
import { TournamentDetailSchema, type TournamentDetail } from '@tenger/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../tables/runtime/clock.js';
import { UNIT_TIMING } from '../testing/unitTable.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTournamentServer } from '../testing/tournamentServer.js';
import { Accounts } from '../ledger/accounts.js';
import type { TournamentDirector } from './director.js';
import { BALANCED, type TestServer } from '../testing/testServer.js';
import { tournamentBooks, tournamentHands } from '../testing/tournamentChecks.js';

const BUY_IN = 1_000;
const FEE = 100;
const STACK = 1_500;
/** A fast structure: the turbo ladder, a level every 15 s of the fake clock (a hand takes about 1 s). */
const LEVELS = namedStructure('turbo', STACK).map((l) => ({ ...l, seconds: l.isBreak ? 10 : 15 }));

describe.each(TEST_DRIVERS)('whole tournaments with bots on $name', ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
  });
  afterAll(() => t.close());

  const admin = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `/api/v1/admin${path}`, payload, token: t.admin.token });
  const detail = async (id: number): Promise<TournamentDetail> =>
    TournamentDetailSchema.parse(
      (await t.call({ method: 'GET', url: `/api/v1/user/tournaments/${id}` })).json(),
    );

  /** Creates the tournament, registers `entrants` bots through the API; a scheduled one is started by the clock. */
  async function run(
    request: object,
    entrants: number,
    until: (director: TournamentDirector) => boolean = (d) => d.state === 'finished',
  ) {
    const created = await admin('POST', '/tournament', request);
    expect(created.statusCode).toBe(201);
    const id = TournamentDetailSchema.parse(created.json()).tournamentId;
    const filled = await admin('PUT', `/tournament/simulate?tournamentId=${id}&bots=${entrants}`);
    expect(filled.json().bots).toBe(entrants);
    const director = t.services.tournaments.directorOf(id)!;
    if (director.state === 'registering') clock.advance(120_000); // the scheduled start
    await director.idle();
    expect(director.state).toBe('running');
    const tables = t.services.tournaments.tablesOf(id)!;

    // After every hand the director takes in, the chips in play are the field's.
    const chips: number[] = [];
    const tableCounts: number[] = [];
    const takeHand = tables.onHand;
    tables.onHand = async (report) => {
      await takeHand(report);
      if (director.state === 'running' || director.state === 'break') {
        chips.push(director.chipsInPlay());
        tableCounts.push(director.tableIds().length);
      }
    };

    // The bots play on their own (no pause); the clock moves only while no table is in a hand, so no
    // bot's action clock runs out, and the levels and breaks pass by it.
    // It stops only between hands: a hand still in play could end the tournament under a test's feet.
    const playing = () => tables.runtimes().some((runtime) => runtime.isPlaying);
    // The stop is judged after the queues are idle: a deal the last clock move started is seen first.
    for (let step = 0; step < 200_000; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      if (until(director) && !playing()) break;
      if (playing()) await new Promise((resolve) => setTimeout(resolve, 1));
      else clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();
    return { id, chips, tableCounts, director };
  }

  async function expectFinishedExactly(id: number, entrants: number, chips: number[]) {
    const done = await detail(id);
    expect(done.status).toBe('finished');
    expect(chips.length).toBeGreaterThan(entrants);
    expect(chips.filter((c) => c !== entrants * STACK)).toEqual([]);
    expect(done.players.map((p) => p.place).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: entrants }, (_, i) => i + 1),
    );
    const pool = entrants * BUY_IN;
    const prizes = done.players.filter((p) => p.prize > 0).map((p) => p.prize);
    expect(prizes.reduce((a, b) => a + b, 0)).toBe(pool);
    // Paid by the ledger once each, to the tugrik, and nothing left in the pool.
    const books = await tournamentBooks(t.database.db, t.services.ledger, id);
    expect(books.prizes.sort((a, b) => a - b)).toEqual(prizes.sort((a, b) => a - b));
    expect(books.pool).toBe(0);
    expect(await t.audit()).toEqual(BALANCED);
    // Every hand kept its chips and replays in the engine's PHH replayer.
    const hands = await tournamentHands(t.database.db, id);
    expect(hands.hands).toBeGreaterThanOrEqual(entrants - 1);
    expect(hands.unbalanced).toEqual([]);
    expect(hands.raked).toEqual([]);
    expect(hands.unreplayable).toEqual([]);
    return { done, hands };
  }

  const SIT_AND_GO = {
    name: 'Whole SNG',
    kind: 'sng',
    variant: 'holdem',
    buyIn: BUY_IN,
    fee: FEE,
    startingStack: STACK,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 9,
    levels: LEVELS,
    actionSeconds: 10,
  };

  it('a 9-player Sit & Go with bots runs to the end: chips kept after every hand, places once, prizes once summing to the pool, books zero, every hand replays', async () => {
    const { id, chips } = await run(SIT_AND_GO, 9);
    await expectFinishedExactly(id, 9, chips);
  }, 120_000);

  it('a 60-player multi-table tournament with bots runs to the end: balanced tables, a final table, chips kept after every hand, places once, prizes once summing to the pool, books zero, every hand replays', async () => {
    const { id, chips, tableCounts } = await run(
      {
        name: 'Whole MTT',
        kind: 'mtt',
        variant: 'holdem',
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: STACK,
        tableSize: 9,
        minEntrants: 10,
        maxEntrants: 60,
        startsAt: new Date(clock.now() + 60_000).toISOString(),
        levels: LEVELS,
        actionSeconds: 10,
      },
      60,
    );
    expect(tableCounts[0]).toBe(7);
    expect(tableCounts.at(-1)).toBe(1);
    await expectFinishedExactly(id, 60, chips);
  }, 300_000);

  it('an administrator cancels in the money by the published policy: prizes paid stand, each player still in gets the smallest unpaid prize and the rest by chips, fees stay with the house, books zero', async () => {
    const fees = () => t.services.ledger.balanceOf(Accounts.tournamentFees);
    // Stop between hands once the first prize (3rd place) is paid, with at least two players still in.
    // One hand can bust 3rd and 2nd at once and end the Sit & Go (a CI run met it: "expected 0 to be
    // ≥ 2"): then another tournament is played, up to four (each such double bust is a few per cent).
    let tournament: Awaited<ReturnType<typeof run>> | null = null;
    for (let attempt = 1; attempt <= 4 && !tournament; attempt++) {
      const played = await run(
        { ...SIT_AND_GO, name: `Cancelled in the money ${attempt}` },
        9,
        (d) => (d.players().some((p) => p.prize > 0) && d.state === 'running') || d.state === 'finished',
      );
      if (played.director.state === 'running') tournament = played;
    }
    expect(tournament).not.toBeNull();
    const { id, director } = tournament!;
    const before = await detail(id);
    const still = before.players
      .filter((p) => p.place === null)
      .sort((a, b) => b.stack - a.stack || a.userId - b.userId);
    expect(still.length).toBeGreaterThanOrEqual(2);
    const paid = before.players.filter((p) => p.place !== null);
    const paidOut = paid.reduce((sum, p) => sum + p.prize, 0);
    const feesBefore = await fees();

    const cancelled = await admin('DELETE', `/tournament?tournamentId=${id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toMatch(/^Tournament cancelled in the money: prizes already paid stand/);
    await director.idle();

    // The policy, worked out here from what the lobby showed.
    const pool = 9 * BUY_IN;
    const smallest = before.payouts.find((p) => p.place === still.length)!.amount;
    let rest = pool - paidOut - smallest * still.length;
    const chips = still.reduce((sum, p) => sum + p.stack, 0);
    const shares = still.map((p) => Math.floor((rest * p.stack) / chips));
    rest -= shares.reduce((a, b) => a + b, 0);
    for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]! += 1;

    const after = await detail(id);
    expect(after.status).toBe('cancelled');
    for (const p of paid) expect(after.players.find((q) => q.userId === p.userId)!.prize).toBe(p.prize);
    expect(still.map((p) => after.players.find((q) => q.userId === p.userId)!.prize)).toEqual(
      shares.map((share) => smallest + share),
    );
    const books = await tournamentBooks(t.database.db, t.services.ledger, id);
    expect(books.prizes.reduce((a, b) => a + b, 0)).toBe(pool);
    expect(books.pool).toBe(0);
    expect(await fees()).toBe(feesBefore);
    expect(await t.audit()).toEqual(BALANCED);
    expect(await t.services.tables.list().then((rows) => rows.filter((r) => r.tournamentId === id))).toEqual(
      [],
    );
    // Cancelled already: a clear refusal, never a 500.
    const again = await admin('DELETE', `/tournament?tournamentId=${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('tournament_closed');
  }, 120_000);

  it('a cancel whose director stopped while it waited (its lease went away, or a hand finished the tournament) answers a clear error, never a 500', async () => {
    const { id, director } = await run(
      { ...SIT_AND_GO, name: 'Stopped under a cancel' },
      9,
      (d) => d.state === 'running',
    );
    // The director stops here as a lost lease stops it (a finished one is stopped the same way).
    director.stop();
    t.services.tournaments.tablesOf(id)!.stopAll();
    const cancelled = await admin('DELETE', `/tournament?tournamentId=${id}`);
    expect(cancelled.statusCode).toBe(503);
    expect(cancelled.json().error.code).toBe('unavailable');
  }, 120_000);
});
