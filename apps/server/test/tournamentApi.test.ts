// The tournament API in the whole server: an administrator creates a Sit & Go, players register and
// unregister with their money moving through the ledger, a full field starts it on live tables, and a
// cancellation refunds everyone. Tables run on a FakeClock (nothing deals by itself), on PGlite and
// PostgreSQL.
import { MIN_STARTING_STACK } from '@tenger/engine';
import {
  AuditPageSchema,
  TOURNAMENT_MIN_STARTING_STACK,
  TournamentDetailSchema,
  TournamentListSchema,
  type TournamentDetail,
} from '@tenger/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/ledger/accounts.js';
import { FakeClock } from '../src/tables/runtime/clock.js';
import { UNIT_TIMING } from '../src/testing/unitTable.js';
import { TournamentService } from '../src/tournaments/tournamentService.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, type TestPlayer, type TestServer } from '../src/testing/testServer.js';
import { BUY_IN, FEE, SIT_AND_GO, startTournamentServer } from './tournamentFixtures.js';

const A = '/api/v1/admin';
const U = '/api/v1/user';
const FUNDS = 20_000;
/** One level of an administrator's own structure (a minute long). */
const level = (n: number, smallBlind: number, bigBlind: number, change: object = {}) => ({
  level: n,
  smallBlind,
  bigBlind,
  ante: 0,
  seconds: 60,
  isBreak: false,
  ...change,
});

describe.each(TEST_DRIVERS)('the tournament API on $name', ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();
  let players: TestPlayer[];
  let poor: TestPlayer;
  let latecomer: TestPlayer;

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
    players = [await t.player(FUNDS), await t.player(FUNDS), await t.player(FUNDS)];
    poor = await t.player(BUY_IN);
    latecomer = await t.player(FUNDS);
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const admin = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    t.call({ method, url: `${A}${path}`, payload, token: t.admin.token });
  const as = (p: TestPlayer | null, method: 'GET' | 'POST' | 'DELETE', path: string) =>
    t.call({ method, url: `${U}${path}`, token: p?.token });
  const available = (p: TestPlayer) => t.services.ledger.balanceOf(Accounts.available(p.id));
  const detail = async (id: number, p: TestPlayer | null = null): Promise<TournamentDetail> => {
    const res = await as(p, 'GET', `/tournaments/${id}`);
    expect(res.statusCode).toBe(200);
    return TournamentDetailSchema.parse(res.json());
  };
  const auditRows = async (action: string) =>
    AuditPageSchema.parse(
      (await t.call({ method: 'GET', url: `${A}/audit?action=${action}`, token: t.admin.token })).json(),
    ).items;

  it("the protocol's smallest starting stack is the engine's", () => {
    expect(TOURNAMENT_MIN_STARTING_STACK).toBe(MIN_STARTING_STACK);
  });

  it('a player and an anonymous caller cannot create or cancel a tournament, and nothing is created', async () => {
    for (const [method, path, payload] of [
      ['POST', '/tournament', SIT_AND_GO],
      ['DELETE', '/tournament?tournamentId=1', undefined],
    ] as const) {
      const anonymous = await t.call({ method, url: `${A}${path}`, payload });
      expect(anonymous.statusCode).toBe(401);
      const asPlayer = await t.call({ method, url: `${A}${path}`, payload, token: players[0]!.token });
      expect(asPlayer.statusCode).toBe(403);
      expect(asPlayer.json().error.code).toBe('forbidden');
    }
    expect(TournamentListSchema.parse((await as(null, 'GET', '/tournaments')).json())).toEqual([]);
  });

  it.each([
    ['an empty body', {}, 'name'],
    ['a starting stack below the engine minimum', { ...SIT_AND_GO, startingStack: 100 }, 'startingStack'],
    ['a table of ten', { ...SIT_AND_GO, tableSize: 10 }, 'tableSize'],
    ['a float buy-in', { ...SIT_AND_GO, buyIn: 10.5 }, 'buyIn'],
    ['fewer most entrants than least', { ...SIT_AND_GO, minEntrants: 4, maxEntrants: 3 }, 'maxEntrants'],
    ['a multi-table tournament without a start', { ...SIT_AND_GO, kind: 'mtt' }, 'startsAt'],
    [
      'a multi-table tournament starting in the past',
      { ...SIT_AND_GO, kind: 'mtt', startsAt: '2001-01-01T00:00:00Z' },
      'startsAt',
    ],
    [
      'levels whose big blind falls',
      {
        ...SIT_AND_GO,
        structure: undefined,
        levels: [
          { level: 1, smallBlind: 20, bigBlind: 40, ante: 0, seconds: 60, isBreak: false },
          { level: 2, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 60, isBreak: false },
        ],
      },
      'levels.1',
    ],
    [
      'a level of no length',
      { ...SIT_AND_GO, structure: undefined, levels: [level(1, 10, 20, { seconds: 0 })] },
      'levels.0.seconds',
    ],
    [
      'a small blind above the big blind',
      { ...SIT_AND_GO, structure: undefined, levels: [level(1, 30, 20)] },
      'levels.0',
    ],
    [
      'levels whose big blind stays the same',
      { ...SIT_AND_GO, structure: undefined, levels: [level(1, 10, 20), level(2, 15, 20)] },
      'levels.1',
    ],
    [
      'a structure starting with a break',
      {
        ...SIT_AND_GO,
        structure: undefined,
        levels: [level(1, 10, 20, { isBreak: true }), level(2, 20, 40)],
      },
      'levels.0',
    ],
    [
      'a structure ending with a break',
      {
        ...SIT_AND_GO,
        structure: undefined,
        levels: [level(1, 10, 20), level(2, 10, 20, { isBreak: true })],
      },
      'levels.1',
    ],
    [
      'levels numbered out of order',
      { ...SIT_AND_GO, structure: undefined, levels: [level(1, 10, 20), level(3, 20, 40)] },
      'levels.1',
    ],
    ['no levels at all', { ...SIT_AND_GO, structure: undefined, levels: [] }, 'levels'],
  ])('creating with %s gets 400 naming the field, and creates nothing', async (_what, body, field) => {
    const res = await admin('POST', '/tournament', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect((await as(null, 'GET', '/tournaments')).json()).toEqual([]);
  });

  it('a bad structure gets one 400 naming every bad level in words, with any other bad field', async () => {
    const res = await admin('POST', '/tournament', {
      ...SIT_AND_GO,
      tableSize: 10,
      structure: undefined,
      levels: [level(1, 30, 20), level(2, 40, 80), level(3, 20, 40), level(4, 20, 40, { isBreak: true })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields).toEqual({
      tableSize: expect.any(String),
      'levels.0': 'level 1: the small blind is above the big blind',
      'levels.2': 'level 3: the big blind must rise above 80 (and the small blind never fall)',
      'levels.3': 'a structure cannot end with a break',
    });
    expect((await as(null, 'GET', '/tournaments')).json()).toEqual([]);
  });

  it('a Sit & Go: registration takes buy-in and fee, unregistration refunds, a full field starts it, a cancel refunds everyone', async () => {
    const created = await admin('POST', '/tournament', SIT_AND_GO);
    expect(created.statusCode).toBe(201);
    const made = TournamentDetailSchema.parse(created.json());
    const id = made.tournamentId;
    expect(made).toMatchObject({
      name: 'Sit & Go 3',
      kind: 'sng',
      variant: 'holdem',
      betting: 'no-limit',
      status: 'registering',
      entrants: 0,
      prizePool: 0,
      startsAt: null,
      registered: false,
      level: 1,
      levelEndsAt: null,
      players: [],
      tables: [],
    });
    expect(made.levels[0]).toMatchObject({ level: 1, isBreak: false });
    expect((await auditRows('tournament.create')).map((r) => r.targetId)).toEqual([String(id)]);

    const [p1, p2, p3] = players as [TestPlayer, TestPlayer, TestPlayer];
    // Register: buy-in + fee leave the balance, once.
    expect((await as(p1, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    expect(await available(p1)).toBe(FUNDS - BUY_IN - FEE);
    const again = await as(p1, 'POST', `/tournaments/${id}/register`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_registered');
    expect(await available(p1)).toBe(FUNDS - BUY_IN - FEE);

    const list = TournamentListSchema.parse((await as(p1, 'GET', '/tournaments')).json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ tournamentId: id, entrants: 1, prizePool: BUY_IN, registered: true });
    expect(TournamentListSchema.parse((await as(p2, 'GET', '/tournaments')).json())[0]!.registered).toBe(
      false,
    );

    // Too poor: refused, nothing moves.
    const broke = await as(poor, 'POST', `/tournaments/${id}/register`);
    expect(broke.statusCode).toBe(409);
    expect(broke.json().error.code).toBe('insufficient_funds');
    expect(await available(poor)).toBe(BUY_IN);

    // Unregister: the buy-in and the fee come back; a second time is refused.
    expect((await as(p2, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    expect(await available(p2)).toBe(FUNDS - BUY_IN - FEE);
    expect((await as(p2, 'DELETE', `/tournaments/${id}/register`)).statusCode).toBe(200);
    expect(await available(p2)).toBe(FUNDS);
    const notIn = await as(p2, 'DELETE', `/tournaments/${id}/register`);
    expect(notIn.statusCode).toBe(409);
    expect(notIn.json().error.code).toBe('not_registered');
    expect((await detail(id)).entrants).toBe(1);

    // A full field starts it: one live table, every player seated with the starting stack.
    expect((await as(p2, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    expect((await as(p3, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    const running = await detail(id, p3);
    expect(running.status).toBe('running');
    expect(running.registered).toBe(true);
    expect(running.entrants).toBe(3);
    expect(running.prizePool).toBe(3 * BUY_IN);
    expect(running.payouts).toEqual([{ place: 1, amount: 3 * BUY_IN }]);
    expect(running.tables).toHaveLength(1);
    expect(running.tables[0]!.players).toBe(3);
    expect(running.levelEndsAt).not.toBeNull();
    expect(running.players.map((p) => p.userId).sort()).toEqual([p1.id, p2.id, p3.id].sort());
    for (const p of running.players) {
      expect(p).toMatchObject({
        stack: 1_500,
        tableId: running.tables[0]!.tableId,
        place: null,
        prize: 0,
        bot: false,
      });
      expect(p.seat).not.toBeNull();
      expect(p.username).toBe(players.find((x) => x.id === p.userId)!.username);
    }
    expect(await t.services.tableLayer.live?.(running.tables[0]!.tableId)).not.toBeNull();

    // Registration is closed once it runs; unregistering too.
    const late = await as(latecomer, 'POST', `/tournaments/${id}/register`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('tournament_closed');
    expect(await available(latecomer)).toBe(FUNDS);
    const leave = await as(p1, 'DELETE', `/tournaments/${id}/register`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().error.code).toBe('tournament_closed');

    // Cancel before the money: every entrant gets buy-in and fee back; the pool is empty.
    const cancelled = await admin('DELETE', `/tournament?tournamentId=${id}`);
    expect(cancelled.statusCode).toBe(200);
    for (const p of players) expect(await available(p)).toBe(FUNDS);
    expect(await t.services.ledger.balanceOf(Accounts.tournamentPool(id))).toBe(0);
    const after = await detail(id);
    expect(after.status).toBe('cancelled');
    expect(after.tables).toEqual([]);
    const twice = await admin('DELETE', `/tournament?tournamentId=${id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('tournament_closed');
    expect((await auditRows('tournament.cancel')).map((r) => r.targetId)).toEqual([String(id)]);
  });

  it('registrations survive a restart of the service; a tournament left running by a restart resumes and can be cancelled with refunds', async () => {
    const [p1, p2, p3] = players as [TestPlayer, TestPlayer, TestPlayer];
    const open = TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, name: 'Survives' })).json(),
    ).tournamentId;
    const full = TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, name: 'Left running', maxEntrants: 2 })).json(),
    ).tournamentId;
    expect((await as(p1, 'POST', `/tournaments/${open}/register`)).statusCode).toBe(200);
    for (const p of [p2, p3])
      expect((await as(p, 'POST', `/tournaments/${full}/register`)).statusCode).toBe(200);
    expect((await detail(full)).status).toBe('running');

    // A new service on the same database, as after a restart of the process.
    t.services.tournaments.close();
    const restarted = new TournamentService({
      db: t.services.db,
      ledger: t.services.ledger,
      tables: t.services.tables,
      tableLayer: t.services.tableLayer,
      logger: t.services.logger,
      clock,
      botPauseMs: [0, 0],
    });
    await restarted.start();
    t.services.tournaments = restarted;

    const reloaded = await detail(open, p1);
    expect(reloaded).toMatchObject({
      status: 'registering',
      entrants: 1,
      registered: true,
      prizePool: BUY_IN,
    });
    const twice = await as(p1, 'POST', `/tournaments/${open}/register`);
    expect(twice.json().error.code).toBe('already_registered');
    expect((await as(p1, 'DELETE', `/tournaments/${open}/register`)).statusCode).toBe(200);
    expect(await available(p1)).toBe(FUNDS);
    expect((await as(p1, 'POST', `/tournaments/${open}/register`)).statusCode).toBe(200);
    expect(await available(p1)).toBe(FUNDS - BUY_IN - FEE);

    // The running one resumed; the administrator cancels it before the money: buy-ins and fees back.
    expect((await detail(full)).status).toBe('running');
    expect((await admin('DELETE', `/tournament?tournamentId=${full}`)).statusCode).toBe(200);
    expect((await detail(full)).status).toBe('cancelled');
    for (const p of [p2, p3]) expect(await available(p)).toBe(FUNDS);
    expect(await t.services.ledger.balanceOf(Accounts.tournamentPool(full))).toBe(0);
    expect((await admin('DELETE', `/tournament?tournamentId=${open}`)).statusCode).toBe(200);
    expect(await available(p1)).toBe(FUNDS);
  });

  it('an administrator changes a tournament before its start; entries stay, paid money cannot change, a started one is closed', async () => {
    const [p1, p2] = players as [TestPlayer, TestPlayer];
    const id = TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, name: 'Draft' })).json(),
    ).tournamentId;
    const changed = await admin('PATCH', `/tournament?tournamentId=${id}`, {
      name: 'Heads-up',
      maxEntrants: 2,
      structure: 'regular',
      buyIn: BUY_IN,
    });
    expect(changed.statusCode).toBe(200);
    const heads = TournamentDetailSchema.parse(changed.json());
    expect(heads).toMatchObject({ name: 'Heads-up', maxEntrants: 2, buyIn: BUY_IN, status: 'registering' });
    expect(heads.levels[0]!.seconds).toBe(600);
    expect((await auditRows('tournament.update')).map((r) => r.targetId)).toEqual([String(id)]);

    expect((await as(p1, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    const paid = await admin('PATCH', `/tournament?tournamentId=${id}`, { buyIn: 1 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('conflict');
    for (const [body, field] of [
      [{ tableSize: 10 }, 'tableSize'],
      [{ kind: 'mtt' }, 'startsAt'],
      [{ minEntrants: 3 }, 'maxEntrants'],
      [{ name: '' }, 'name'],
      [
        {
          levels: [
            { level: 1, smallBlind: 20, bigBlind: 40, ante: 0, seconds: 60, isBreak: false },
            { level: 2, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 60, isBreak: false },
          ],
        },
        'levels.1',
      ],
    ] as const) {
      const bad = await admin('PATCH', `/tournament?tournamentId=${id}`, body);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields ?? {})).toContain(field);
    }
    const after = await detail(id, p1);
    expect(after).toMatchObject({ name: 'Heads-up', entrants: 1, registered: true, buyIn: BUY_IN });

    // The changed tournament runs on its new settings: two entrants fill it.
    expect((await as(p2, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
    expect((await detail(id)).status).toBe('running');
    const late = await admin('PATCH', `/tournament?tournamentId=${id}`, { name: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('tournament_closed');
    expect((await admin('DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
    for (const p of [p1, p2]) expect(await available(p)).toBe(FUNDS);
    expect((await admin('PATCH', '/tournament?tournamentId=999999', { name: 'x' })).statusCode).toBe(404);
    expect((await admin('PATCH', '/tournament', { name: 'x' })).statusCode).toBe(400);
  });

  it('registrations racing a change of the tournament are never lost: every paid entry is in the field and refunded on cancel', async () => {
    const racers = [
      await t.player(FUNDS),
      await t.player(FUNDS),
      await t.player(FUNDS),
      await t.player(FUNDS),
    ];
    const id = TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, name: 'Race', maxEntrants: 9 })).json(),
    ).tournamentId;
    const results = await Promise.all([
      ...racers.slice(0, 2).map((p) => as(p, 'POST', `/tournaments/${id}/register`)),
      admin('PATCH', `/tournament?tournamentId=${id}`, { name: 'Race 2' }),
      ...racers.slice(2).map((p) => as(p, 'POST', `/tournaments/${id}/register`)),
      admin('PATCH', `/tournament?tournamentId=${id}`, { maxEntrants: 8 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const field = await detail(id);
    expect(field).toMatchObject({ name: 'Race 2', maxEntrants: 8, entrants: 4, prizePool: 4 * BUY_IN });
    expect(await t.services.ledger.balanceOf(Accounts.tournamentPool(id))).toBe(4 * BUY_IN);
    for (const p of racers) expect(await available(p)).toBe(FUNDS - BUY_IN - FEE);
    expect((await admin('DELETE', `/tournament?tournamentId=${id}`)).statusCode).toBe(200);
    for (const p of racers) expect(await available(p)).toBe(FUNDS);
  });

  it('bots fill a Sit & Go from the house bankroll, are marked, and play it to the end: places once, prizes sum to the pool, books zero', async () => {
    const id = TournamentDetailSchema.parse(
      (await admin('POST', '/tournament', { ...SIT_AND_GO, name: 'Bots', structure: 'hyper' })).json(),
    ).tournamentId;
    const bankroll = () => t.services.ledger.balanceOf(Accounts.botBankroll);
    const before = await bankroll();

    // Bots in, then out again while registration is open: the bankroll is whole again.
    const two = await admin('PUT', `/tournament/simulate?tournamentId=${id}&bots=2`);
    expect(two.statusCode).toBe(200);
    expect(two.json().bots).toBe(2);
    expect(await bankroll()).toBe(before - 2 * (BUY_IN + FEE));
    const out = await admin('DELETE', `/tournament/simulate?tournamentId=${id}`);
    expect(out.json().bots).toBe(2);
    expect(await bankroll()).toBe(before);
    expect((await detail(id)).entrants).toBe(0);

    // Asking for more bots than there is room registers only the room; the full Sit & Go starts.
    const filled = await admin('PUT', `/tournament/simulate?tournamentId=${id}&bots=7`);
    expect(filled.json().bots).toBe(3);
    const started = await detail(id);
    expect(started.status).toBe('running');
    expect(started.players.every((p) => p.bot)).toBe(true);
    expect(await bankroll()).toBe(before - 3 * (BUY_IN + FEE));
    const closed = await admin('PUT', `/tournament/simulate?tournamentId=${id}&bots=1`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('tournament_closed');

    // The bots play on their own (no pause); the test moves the tables' clock only between hands, so
    // no bot's action clock ever runs out.
    const director = t.services.tournaments.directorOf(id)!;
    const tables = t.services.tournaments.tablesOf(id)!;
    for (let step = 0; step < 20_000 && director.state !== 'finished'; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      if (tables.runtimes().some((runtime) => runtime.isPlaying))
        await new Promise((resolve) => setTimeout(resolve, 1));
      else clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();
    const done = await detail(id);
    expect(done.status).toBe('finished');
    expect(done.players.map((p) => p.place).sort()).toEqual([1, 2, 3]);
    expect(done.players.reduce((sum, p) => sum + p.prize, 0)).toBe(3 * BUY_IN);
    expect(done.players.find((p) => p.place === 1)!.prize).toBe(3 * BUY_IN);
    // The house kept the fees; the pool went back to the bankroll as the prize.
    expect(await bankroll()).toBe(before - 3 * FEE);
    expect(await t.services.ledger.balanceOf(Accounts.tournamentPool(id))).toBe(0);
  });

  it('the simulation calls refuse bad queries with 400 and unknown tournaments with 404', async () => {
    for (const query of [
      '',
      'tournamentId=1',
      'tournamentId=1&bots=0',
      'tournamentId=1&bots=-2',
      'tournamentId=x&bots=2',
    ])
      expect((await admin('PUT', `/tournament/simulate?${query}`)).statusCode).toBe(400);
    expect((await admin('PUT', '/tournament/simulate?tournamentId=999999&bots=2')).statusCode).toBe(404);
    expect((await admin('DELETE', '/tournament/simulate?tournamentId=999999')).statusCode).toBe(404);
  });

  it('unknown and malformed tournament ids get 404 and 400, never 500', async () => {
    expect((await as(null, 'GET', '/tournaments/999999')).statusCode).toBe(404);
    expect((await as(null, 'GET', '/tournaments/abc')).statusCode).toBe(400);
    expect((await as(null, 'GET', '/tournaments/99999999999')).statusCode).toBe(400);
    expect((await as(players[0]!, 'POST', '/tournaments/999999/register')).statusCode).toBe(404);
    expect((await as(null, 'POST', '/tournaments/1/register')).statusCode).toBe(401);
    expect((await admin('DELETE', '/tournament?tournamentId=999999')).statusCode).toBe(404);
    expect((await admin('DELETE', '/tournament?tournamentId=-1')).statusCode).toBe(400);
    expect((await admin('DELETE', '/tournament')).statusCode).toBe(400);
  });
});
