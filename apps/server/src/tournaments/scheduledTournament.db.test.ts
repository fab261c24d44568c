// A scheduled tournament with every format of issue 21 in the whole server (HTTP API, ledger, database,
// live tables), on PGlite and PostgreSQL: registration opens at its time, players and bots enter, late
// entries, re-entries, rebuys and add-ons come through the API (each retried once: charged once), a
// guarantee tops the pool up, and it plays to the end. Pool + overlay = prizes paid; each player's
// balance moved by exactly their buy-ins, fees and prize; the books are zero; the Data page shows the
// overlay. Players are driven like bots; the clock moves only between hands.
import { namedStructure } from '@tenger/engine';
import {
  AdminDataSchema,
  LockedMoneySchema,
  TournamentDetailSchema,
  type TournamentDetail,
} from '@tenger/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../ledger/accounts.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { BotPlayer, seededRandom } from '../tables/runtime/simulation/botPlayer.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTournamentServer, tournamentDetail } from '../testing/tournamentServer.js';
import { BALANCED, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { tournamentBooks } from '../testing/tournamentChecks.js';
import { UNIT_TIMING } from '../testing/unitTable.js';

const BUY_IN = 1_000;
const FEE = 100;
const STACK = 1_500;
const GUARANTEE = 60_000;
const BALANCE = 100_000;
const LEVELS = namedStructure('turbo', STACK).map((l) => ({ ...l, seconds: l.isBreak ? 10 : 15 }));

describe.each(TEST_DRIVERS)('a scheduled tournament with every format on $name', ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
  });
  afterAll(() => t.close());

  const detail = (id: number, player?: TestPlayer) => tournamentDetail(t, id, player);
  const post = (id: number, what: string, player: TestPlayer, payload?: object) =>
    t.call({ method: 'POST', url: `/api/v1/user/tournaments/${id}/${what}`, token: player.token, payload });
  /** The profile's "Locked: in tournaments" figure of a player. */
  const inTournaments = async (player: TestPlayer) =>
    LockedMoneySchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/user/balance/locked', token: player.token })).json(),
    ).inTournaments;
  /** What a player has bought into a tournament: every entry, re-entry, rebuy and add-on. */
  const buyIns = (p: TournamentDetail['players'][number]) => p.entries! + p.rebuys! + (p.addOn ? 1 : 0);

  it('late entries, re-entries, rebuys, add-ons and a guarantee to the end: pool + overlay = prizes, balances exact, books zero', async () => {
    const overlayBefore = await t.services.ledger.balanceOf(Accounts.tournamentGuarantee);
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      token: t.admin.token,
      payload: {
        name: 'Nightly guaranteed',
        kind: 'mtt',
        variant: 'holdem',
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: STACK,
        tableSize: 6,
        minEntrants: 4,
        maxEntrants: 40,
        registrationOpensAt: new Date(clock.now() + 30_000).toISOString(),
        startsAt: new Date(clock.now() + 60_000).toISOString(),
        levels: LEVELS,
        actionSeconds: 10,
        lateRegLevels: 3,
        maxEntries: 2,
        rebuyLevels: 2,
        maxRebuys: 1,
        addOn: true,
        guarantee: GUARANTEE,
        recurrence: 'daily',
        timeZone: 'Asia/Ulaanbaatar',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = TournamentDetailSchema.parse(created.json()).tournamentId;
    expect((await detail(id)).status).toBe('scheduled');

    const players: TestPlayer[] = [];
    for (let i = 0; i < 10; i++) players.push(await t.player(BALANCE));
    const early = await post(id, 'register', players[0]!);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('tournament_closed');

    clock.advance(30_000);
    const director = t.services.tournaments.directorOf(id)!;
    await director.idle();
    expect(director.state).toBe('registering');
    for (const player of players.slice(0, 6))
      expect((await post(id, 'register', player)).statusCode).toBe(200);
    const bots = await t.call({
      method: 'PUT',
      url: `/api/v1/admin/tournament/simulate?tournamentId=${id}&bots=6`,
      token: t.admin.token,
    });
    expect(bots.json().bots).toBe(6);

    // Players are driven like the bots (no pause), wherever they are seated.
    const tables = t.services.tournaments.tablesOf(id)!;
    const humans = new Set(players.map((p) => p.id));
    const seated = tables.onSeated;
    tables.onSeated = (runtime, player) => {
      seated(runtime, player);
      if (!humans.has(player.userId)) return;
      new BotPlayer(
        player.userId,
        runtime,
        { pauseMs: [0, 0], random: seededRandom(player.userId) },
        () => {},
      ).resume();
    };
    clock.advance(30_000);
    await director.idle();
    expect(director.state).toBe('running');
    // The schedule's next instance, a day later at the same time.
    const next = (await t.call({ method: 'GET', url: '/api/v1/user/tournaments' }))
      .json()
      .find(
        (s: { name: string; tournamentId: number }) =>
          s.name === 'Nightly guaranteed' && s.tournamentId !== id,
      );
    expect(Date.parse(next.startsAt) - director.config.startsAt!).toBe(86_400_000);

    let late = 6;
    let retried = 0;
    // The most each kind of purchase has made a player's "in tournaments" figure (entries + re-entries,
    // rebuys, add-on): it must be all of them at buy-in + fee each, while the player has no place yet.
    let lockedChecks = 0;
    let mostBuyIns = 0;
    for (let step = 0; step < 200_000 && director.state !== 'finished'; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      if (tables.runtimes().some((runtime) => runtime.isPlaying)) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      // Between hands: the players use the formats through the API, each request sent twice.
      const now = await detail(id);
      for (const player of players) {
        const me = now.players.find((p) => p.userId === player.id);
        let request: [string, object | undefined] | null = null;
        if (!me && now.lateRegistrationOpen && players.indexOf(player) === late)
          request = ['register', undefined];
        else if (me?.busted && now.rebuysOpen && me.rebuys === 0) request = ['rebuy', { rebuyNumber: 1 }];
        else if (me?.busted && now.lateRegistrationOpen && me.entries === 1)
          request = ['register', { entryNumber: 2 }];
        else if (me && now.addOnOpen && !me.addOn && me.place === null && !me.busted)
          request = ['addon', undefined];
        if (!request) continue;
        const [what, payload] = request;
        expect((await post(id, what, player, payload)).statusCode).toBe(200);
        if (what !== 'register' || payload) {
          expect((await post(id, what, player, payload)).statusCode).toBe(200);
          retried++;
        }
        if (what === 'register' && !payload) late++;
        await director.idle();
        const after = (await detail(id)).players.find((p) => p.userId === player.id)!;
        const expected = after.place === null ? buyIns(after) * (BUY_IN + FEE) : 0;
        expect(await inTournaments(player)).toBe(expected);
        lockedChecks++;
        if (after.place === null) mostBuyIns = Math.max(mostBuyIns, buyIns(after));
      }
      clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();

    const done = await detail(id);
    expect(done.status).toBe('finished');
    expect(late).toBeGreaterThan(6);
    expect(retried).toBeGreaterThan(0);
    expect(done.players.map((p) => p.place).sort((a, b) => a! - b!)).toEqual(
      done.players.map((_, i) => i + 1),
    );
    expect(lockedChecks).toBeGreaterThan(6);
    expect(mostBuyIns).toBeGreaterThanOrEqual(2);
    // Settled: nothing is held for anyone any more.
    for (const player of players) expect(await inTournaments(player)).toBe(0);
    const collected = done.players.reduce((sum, p) => sum + buyIns(p), 0) * BUY_IN;
    expect(done.collected).toBe(collected);
    expect(done.prizePool).toBe(Math.max(GUARANTEE, collected));
    const books = await tournamentBooks(t.database.db, t.services.ledger, id);
    const overlay = overlayBefore - (await t.services.ledger.balanceOf(Accounts.tournamentGuarantee));
    expect(overlay).toBe(Math.max(0, GUARANTEE - collected));
    expect(done.overlay).toBe(overlay);
    expect(books.prizes.reduce((a, b) => a + b, 0)).toBe(collected + overlay);
    expect(books.pool).toBe(0);
    for (const player of players) {
      const p = done.players.find((q) => q.userId === player.id);
      const spent = p ? buyIns(p) * (BUY_IN + FEE) : 0;
      expect(await t.services.ledger.balanceOf(Accounts.available(player.id))).toBe(
        BALANCE - spent + (p?.prize ?? 0),
      );
    }
    expect(await t.audit()).toEqual(BALANCED);
    const data = AdminDataSchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/admin/data', token: t.admin.token })).json(),
    );
    expect(data.accounts.tournamentGuarantee).toBe(overlayBefore - overlay);
  }, 300_000);
});
