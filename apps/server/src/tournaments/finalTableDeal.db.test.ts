// The final-table deal in the whole server (HTTP API, ledger, database, live tables) on PGlite and
// PostgreSQL: three people in a Sit & Go ask for a deal through the API, the table stops after its hand
// and shows both proposals to every viewer (`table.tournament.deal`), everyone accepts ICM, the amounts are
// paid in one ledger transaction and the tournament ends; the books are zero. Tables and the director run
// on a FakeClock moved only between hands.
import { namedStructure } from '@tenger/engine';
import { TableDealSchema, TournamentDetailSchema } from '@tenger/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { actOnce } from '../testing/scriptedTournamentPlayers.js';
import { seededRandom } from '../testing/simulatedTournamentTables.js';
import { Recorder, snapshotOf } from '../testing/testTables.js';
import { tournamentBooks } from '../testing/tournamentChecks.js';
import { startTournamentServer } from '../testing/tournamentServer.js';
import { BALANCED, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { UNIT_TIMING } from '../testing/unitTable.js';

describe.each(TEST_DRIVERS)('the final-table deal in the server on $name', ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();
  let players: TestPlayer[];

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
    players = [];
    for (let i = 0; i < 4; i++) players.push(await t.player(20_000));
  });
  afterAll(() => t.close());

  const deal = (id: number, who: TestPlayer, payload: object) =>
    t.call({ method: 'POST', url: `/api/v1/user/tournaments/${id}/deal`, payload, token: who.token });

  it('all ask, the table stops after its hand with both proposals, all accept ICM: paid at once, the tournament ends, books zero', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      token: t.admin.token,
      payload: {
        name: 'Deal SNG',
        kind: 'sng',
        variant: 'holdem',
        buyIn: 1_000,
        fee: 100,
        startingStack: 1_500,
        tableSize: 9,
        minEntrants: 2,
        maxEntrants: 3,
        levels: namedStructure('turbo', 1_500),
        actionSeconds: 10,
        dealKeptPercent: 0,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = TournamentDetailSchema.parse(created.json()).tournamentId;
    const [a, b, c, outsider] = players as [TestPlayer, TestPlayer, TestPlayer, TestPlayer];
    const before = new Map<number, number>();
    for (const p of [a, b, c]) {
      before.set(p.id, (await t.services.ledger.balancesOf(p.id)).available);
      const entry = await t.call({
        method: 'POST',
        url: `/api/v1/user/tournaments/${id}/register`,
        token: p.token,
      });
      expect(entry.statusCode).toBe(200);
    }
    const director = t.services.tournaments.directorOf(id)!;
    await director.idle();
    expect(director.state).toBe('running');
    const runtime = t.services.tournaments.tablesOf(id)!.runtimes()[0]!;
    const view = () => snapshotOf(runtime, new Recorder(outsider.id, false)).table.tournament?.deal ?? null;

    // Bad input and a caller who is not in it are refused; then all three ask.
    expect((await deal(id, a, { action: 'accept', choice: 'half' })).statusCode).toBe(400);
    expect((await deal(id, outsider, { action: 'ask' })).json().error.code).toBe('deal_unavailable');
    for (const p of [a, b, c]) expect((await deal(id, p, { action: 'ask' })).statusCode).toBe(200);

    // The hand in play is played out (checks and calls); then the table waits with the proposals up.
    const random = seededRandom(7);
    for (let step = 0; step < 2_000 && director.standings().deal?.phase !== 'proposed'; step++) {
      await runtime.idle();
      await director.idle();
      if (runtime.isPlaying) await actOnce(runtime, random, { allIn: 0, call: 1 });
      else clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await runtime.idle();
    const shown = TableDealSchema.parse(view());
    expect(shown.phase).toBe('proposed');
    expect(shown.kept).toBe(0);
    expect(shown.players.reduce((s, p) => s + p.stack, 0)).toBe(4_500);
    expect(shown.players.reduce((s, p) => s + p.icm!, 0)).toBe(3_000);
    expect(shown.players.reduce((s, p) => s + p.chipChop!, 0)).toBe(3_000);
    // Nothing is dealt while the proposals are up.
    clock.advance(30_000);
    await runtime.idle();
    expect(runtime.isPlaying).toBe(false);
    expect(view()!.phase).toBe('proposed');

    expect((await deal(id, outsider, { action: 'accept', choice: 'icm' })).json().error.code).toBe(
      'deal_not_proposed',
    );
    for (const p of [a, b, c])
      expect((await deal(id, p, { action: 'accept', choice: 'icm' })).statusCode).toBe(200);
    await director.idle();
    expect(director.state).toBe('finished');
    const icm = new Map(shown.players.map((p) => [p.userId, p.icm!]));
    for (const p of [a, b, c])
      expect((await t.services.ledger.balancesOf(p.id)).available).toBe(
        before.get(p.id)! - 1_100 + icm.get(p.id)!,
      );
    const books = await tournamentBooks(t.database.db, t.services.ledger, id);
    expect(books.prizes).toEqual([3_000]); // one transaction for the whole deal
    expect(books.pool).toBe(0);
    const detail = TournamentDetailSchema.parse(
      (await t.call({ method: 'GET', url: `/api/v1/user/tournaments/${id}` })).json(),
    );
    expect(detail.dealKeptPercent).toBe(0);
    expect(detail.players.map((p) => p.place).sort()).toEqual([1, 2, 3]);
    expect(detail.players.reduce((s, p) => s + p.prize, 0)).toBe(3_000);
    const audits = await queryRows<{ summary: string }>(
      t.database.db,
      sql`SELECT summary FROM audit_log WHERE action = 'tournament.deal' AND target_id = ${String(id)}`,
    );
    expect(audits).toHaveLength(1);
    expect(await t.audit()).toEqual(BALANCED);
  }, 120_000);
});
