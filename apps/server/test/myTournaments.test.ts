// The profile's list of a player's own tournaments (GET /api/v1/user/tournaments/mine) in the whole server:
// a player who entered a Sit & Go with two bots and never acts (blinded off on a FakeClock) finds it with
// the place and prize the director gave, and the money agrees; an open entry shows without a place; an
// unregistered one is gone; bad paging gets 400 and no login 401. On PGlite and PostgreSQL.
import { MyTournamentPageSchema, TournamentDetailSchema, type MyTournamentPage } from '@tenger/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/ledger/accounts.js';
import { FakeClock } from '../src/tables/runtime/clock.js';
import { UNIT_TIMING } from '../src/testing/unitTable.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, type TestPlayer, type TestServer } from '../src/testing/testServer.js';
import { BUY_IN, FEE, SIT_AND_GO, startTournamentServer } from './tournamentFixtures.js';

const A = '/api/v1/admin';
const U = '/api/v1/user';
const FUNDS = 50_000;
/** The fake clock's step while a hand waits on the player who never acts (the action clock runs out). */
const WAIT_STEP_MS = 1_000;
/** Hyper levels and a short action clock: the player who never acts is blinded off quickly. */
const FAST = { structure: 'hyper', actionSeconds: 5 };

describe.each(TEST_DRIVERS)("the profile's tournaments on $name", ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();
  let player: TestPlayer;
  let other: TestPlayer;

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
    player = await t.player(FUNDS);
    other = await t.player(FUNDS);
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const admin = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `${A}${path}`, payload, token: t.admin.token });
  const as = (p: TestPlayer | null, method: 'GET' | 'POST' | 'DELETE', path: string) =>
    t.call({ method, url: `${U}${path}`, token: p?.token });
  const mine = async (p: TestPlayer, query = ''): Promise<MyTournamentPage> => {
    const res = await as(p, 'GET', `/tournaments/mine${query}`);
    expect(res.statusCode).toBe(200);
    return MyTournamentPageSchema.parse(res.json());
  };
  const create = async (name: string) =>
    TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, ...FAST, name })).json(),
    ).tournamentId;

  it('lists a finished Sit & Go with the place and prize, an open entry without, and never an unregistered one', async () => {
    expect(await mine(player)).toEqual({ items: [], total: 0, page: 1, pageSize: 20 });

    const played = await create('Played');
    expect((await as(player, 'POST', `/tournaments/${played}/register`)).statusCode).toBe(200);
    expect((await admin('PUT', `/tournament/simulate?tournamentId=${played}&bots=2`)).json().bots).toBe(2);

    // The bots play at once; the player never acts, so each of its turns waits out the action clock.
    const director = t.services.tournaments.directorOf(played)!;
    const tables = t.services.tournaments.tablesOf(played)!;
    for (let step = 0; step < 50_000 && director.state !== 'finished'; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      if (tables.runtimes().some((runtime) => runtime.isPlaying)) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        clock.advance(WAIT_STEP_MS);
      } else clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();
    expect(director.state).toBe('finished');
    const result = TournamentDetailSchema.parse((await as(null, 'GET', `/tournaments/${played}`)).json());
    const own = result.players.find((p) => p.userId === player.id)!;
    expect(own.place).not.toBeNull();

    const left = await create('Left');
    expect((await as(player, 'POST', `/tournaments/${left}/register`)).statusCode).toBe(200);
    expect((await as(player, 'DELETE', `/tournaments/${left}/register`)).statusCode).toBe(200);
    const open = await create('Open');
    expect((await as(player, 'POST', `/tournaments/${open}/register`)).statusCode).toBe(200);

    const list = await mine(player);
    expect(list.total).toBe(2);
    expect(list.items.map((e) => e.tournamentId)).toEqual([open, played]);
    expect(list.items[0]).toMatchObject({
      name: 'Open',
      status: 'registering',
      buyIn: BUY_IN,
      fee: FEE,
      entrants: 1,
      finishedAt: null,
      place: null,
      prize: 0,
    });
    expect(list.items[1]).toMatchObject({
      name: 'Played',
      kind: 'sng',
      variant: 'holdem',
      betting: 'no-limit',
      status: 'finished',
      buyIn: BUY_IN,
      fee: FEE,
      entrants: 3,
      place: own.place,
      prize: own.prize,
    });
    expect(list.items[1]!.finishedAt).not.toBeNull();
    expect(own.prize).toBe(own.place === 1 ? 3 * BUY_IN : 0);
    // The money: two buy-ins and fees out (one refunded with its fee), the prize in.
    expect(await t.services.ledger.balanceOf(Accounts.available(player.id))).toBe(
      FUNDS - 2 * (BUY_IN + FEE) + own.prize,
    );

    // Paging, and nobody sees another player's list.
    const second = await mine(player, '?page=2&pageSize=1');
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((e) => e.tournamentId)).toEqual([played]);
    expect(await mine(other)).toMatchObject({ items: [], total: 0 });
    expect((await admin('DELETE', `/tournament?tournamentId=${open}`)).statusCode).toBe(200);
    expect((await mine(player)).items[0]).toMatchObject({
      tournamentId: open,
      status: 'cancelled',
      prize: 0,
    });
  });

  it.each(['?page=0', '?pageSize=0', '?pageSize=101', '?page=abc', '?page=1&page=2'])(
    'refuses the paging %s with 400',
    async (query) => {
      const res = await as(player, 'GET', `/tournaments/mine${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    },
  );

  it('asks for a login', async () => {
    const res = await as(null, 'GET', '/tournaments/mine');
    expect(res.statusCode).toBe(401);
  });
});
