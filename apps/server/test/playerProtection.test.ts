// against the whole server (real database, real table sockets, a movable protection clock).
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_PLAYER_LIMITS } from '@tenger/protocol/rules';
import {
  LimitsResponseSchema,
  PlaySessionSchema,
  type PlayerLimits,
  type TableServerMessage,
} from '@tenger/protocol';
import { listAudit } from '../src/audit/auditLog.js';
import { Accounts, type AccountRef } from '../src/ledger/accounts.js';
import { queryRows } from '../src/db/client.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';
import { WsClient } from '../src/testing/wsClient.js';
import { TableRegistry } from '../src/tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../src/testing/testTables.js';

const U = '/api/v1/user';
const A = '/api/v1/admin';
const HOUR = 3_600_000;
const PASSWORD = 'player-password';
const NO_LIMITS = { ...NO_PLAYER_LIMITS };

type TableClient = WsClient<TableServerMessage>;
const reply = (c: TableClient, requestId: string) =>
  c.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);

describe.each(TEST_DRIVERS)('player protection on $name', ({ url }) => {
  let t: TestServer;
  let base: string;
  let now = Date.now();

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      protectionNow: () => now,
      tableLayer: (services) =>
        new TableRegistry(services, { timing: { ...FAST_TIMING, actionTimeMs: 3_000 } }),
    });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    now = Date.now();
    expect(await t.audit()).toEqual(BALANCED);
  });

  const call = (token: string | undefined, method: string, path: string, payload?: object) =>
    t.call({ method: method as 'GET', url: `${U}${path}`, payload, token });
  const limitsOf = async (p: TestPlayer) =>
    LimitsResponseSchema.parse((await call(p.token, 'GET', '/limits')).json());
  const setLimits = (p: TestPlayer, change: Partial<PlayerLimits>, from: PlayerLimits = NO_LIMITS) =>
    call(p.token, 'PUT', '/limits', { ...from, ...change });
  const available = async (userId: number) => (await t.services.ledger.balancesOf(userId)).available;
  const login = (username: string, password = PASSWORD) =>
    t.call({ method: 'POST', url: `${U}/login`, payload: { username, password } });

  async function atTable(tableId: number, player: TestPlayer): Promise<TableClient> {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token: player.token, requestId: 'auth' });
    expect(await reply(client, 'auth')).toMatchObject({ type: 'ACK' });
    await client.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === player.id);
    return client;
  }

  async function sit(client: TableClient, seat: number, amount: number, requestId = `sit-${seat}`) {
    client.send({ type: 'SIT', seat, amount, requestId });
    return reply(client, requestId);
  }

  async function seatsEmptyOf(tableId: number, userId: number) {
    for (let i = 0; i < 400; i++) {
      const { seats } = await t.services.tableLayer.session(tableId);
      if (!seats.some((s) => s.userId === userId)) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`user ${userId} still seated at table ${tableId}`);
  }

  async function standUpEveryone(tableId: number) {
    const { seats } = await t.services.tableLayer.session(tableId);
    for (const s of seats) await t.services.tableLayer.kick(tableId, s.userId);
    for (const s of seats) await seatsEmptyOf(tableId, s.userId);
  }

  describe('limits', () => {
    it('a new player has no limits, nothing pending, and the default reality check', async () => {
      const p = await t.player(0);
      const limits = await limitsOf(p);
      expect(limits).toEqual({
        inForce: NO_LIMITS,
        pending: {},
        used: {
          depositDaily: 0,
          depositWeekly: 0,
          depositMonthly: 0,
          lossDaily: 0,
          lossWeekly: 0,
          lossMonthly: 0,
        },
        depositsHeld: { count: 0, amount: 0 },
      });
      expect((await call(p.token, 'GET', '/session')).json()).toMatchObject({
        startedAt: null,
        realityCheckMinutes: 60,
      });
    });

    it('a decrease applies at once; an increase only after 24 hours, and the answer says when', async () => {
      const p = await t.player(0);
      const first = await setLimits(p, { lossDaily: 10_000, depositWeekly: 50_000 });
      expect(first.statusCode).toBe(200);
      expect(first.json().inForce).toMatchObject({ lossDaily: 10_000, depositWeekly: 50_000 });
      const inForce = { ...NO_LIMITS, lossDaily: 10_000, depositWeekly: 50_000 };
      const lower = await setLimits(p, { lossDaily: 3_000 }, inForce);
      expect(lower.json().inForce.lossDaily).toBe(3_000);
      const raisedAt = now;
      const raised = await setLimits(p, { lossDaily: 20_000, depositWeekly: null }, inForce);
      expect(raised.json().inForce).toMatchObject({ lossDaily: 3_000, depositWeekly: 50_000 });
      expect(raised.json().pending).toEqual({
        lossDaily: { value: 20_000, effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString() },
        depositWeekly: { value: null, effectiveAt: new Date(raisedAt + 24 * HOUR).toISOString() },
      });
      now = raisedAt + 24 * HOUR - 1;
      expect((await limitsOf(p)).inForce.lossDaily).toBe(3_000);
      now = raisedAt + 24 * HOUR;
      const later = await limitsOf(p);
      expect(later.inForce).toMatchObject({ lossDaily: 20_000, depositWeekly: null });
      expect(later.pending).toEqual({});
      const audit = await listAudit(t.services.db, { limit: 50, action: 'protection.limits' });
      expect(audit.filter((r) => r.targetId === String(p.id))).toHaveLength(3);
    });

    it.each([
      ['a missing field', { lossDaily: 5 }],
      ['a negative amount', { ...NO_LIMITS, lossDaily: -1 }],
      ['a fraction', { ...NO_LIMITS, depositDaily: 1.5 }],
      ['a number as text', { ...NO_LIMITS, depositDaily: '500' }],
      ['an unknown field', { ...NO_LIMITS, wagerDaily: 5 }],
      ['a reality check under 10 minutes', { ...NO_LIMITS, realityCheckMinutes: 5 }],
      ['a session of 0 minutes', { ...NO_LIMITS, sessionMinutes: 0 }],
      ['a session over a day', { ...NO_LIMITS, sessionMinutes: 1441 }],
      ['an amount beyond any', { ...NO_LIMITS, lossMonthly: 1e13 }],
      ['an array', [1, 2]],
    ])('%s is refused with 400 and changes nothing', async (_name, body) => {
      const p = await t.player(0);
      const res = await call(p.token, 'PUT', '/limits', body as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect((await limitsOf(p)).inForce).toEqual(NO_LIMITS);
    });

    it('without a session every protection call is 401', async () => {
      for (const [method, path] of [
        ['GET', '/limits'],
        ['PUT', '/limits'],
        ['POST', '/exclusion'],
        ['GET', '/session'],
        ['POST', '/session/leave'],
        ['GET', '/statement?from=2026-01-01&to=2026-01-31'],
      ]) {
        const res = await call(undefined, method, path, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${path}`).toBe(401);
      }
    });

    it('an admin deposit that would pass the deposit limit waits, the player is told, and it credits once it fits', async () => {
      const p = await t.player(0);
      await setLimits(p, { depositDaily: 10_000 });
      const admin = (method: string, path: string, payload?: object) =>
        t.call({ method: method as 'POST', url: `${A}${path}`, payload, token: t.admin.token });
      expect((await admin('POST', '/deposit', { userId: p.id, amount: 8_000 })).statusCode).toBe(201);
      const held = await admin('POST', '/deposit', { userId: p.id, amount: 5_000 });
      expect(held.statusCode).toBe(202);
      expect(held.json().status).toBe('pending');
      expect(await available(p.id)).toBe(8_000);
      const limits = await limitsOf(p);
      expect(limits.used.depositDaily).toBe(8_000);
      expect(limits.depositsHeld).toEqual({ count: 1, amount: 5_000 });
      // A second administrator cannot credit it while it still passes the limit.
      const other = await seasonedAdmin();
      const early = await t.call({
        method: 'PUT',
        url: `${A}/deposit/approve?depositId=${held.json().depositId}`,
        token: other.token,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.code).toBe('deposit_limit');
      expect(await available(p.id)).toBe(8_000);
      // A day later the window has room: the approval credits it, once.
      now = Date.now() + 24 * HOUR + 1_000;
      const approved = await t.call({
        method: 'PUT',
        url: `${A}/deposit/approve?depositId=${held.json().depositId}`,
        token: other.token,
      });
      expect(approved.statusCode).toBe(200);
      expect(await available(p.id)).toBe(13_000);
      expect((await limitsOf(p)).depositsHeld).toEqual({ count: 0, amount: 0 });
    });
  });

  async function seasonedAdmin(): Promise<TestPlayer> {
    const p = await t.player(0);
    await t.services.db.execute(
      sql`UPDATE users SET role = 'ADMIN', admin_since = now() - interval '2 days' WHERE id = ${p.id}`,
    );
    const session = await t.services.auth.login({ username: p.username, password: PASSWORD }, 'test');
    return { ...p, token: session.accessToken };
  }

  describe('the loss limit at the tables', () => {
    it('refuses the buy-in or recharge that could pass it, with a clear REJECT, and moves nothing', async () => {
      const table = await createTestTable(t);
      const alice = await t.player(30_000);
      await setLimits(alice, { lossDaily: 6_000 });
      const a = await atTable(table.id, alice);
      const tooMuch = await sit(a, 0, 7_000, 'too-much');
      expect(tooMuch).toMatchObject({ type: 'REJECT', code: 'loss_limit' });
      expect(tooMuch.type === 'REJECT' && tooMuch.message).toContain('₮6000');
      expect(await available(alice.id)).toBe(30_000);
      expect(await sit(a, 0, 5_000)).toMatchObject({ type: 'ACK' });
      a.send({ type: 'RECHARGE', amount: 2_000, requestId: 'recharge' });
      expect(await reply(a, 'recharge')).toMatchObject({ type: 'REJECT', code: 'loss_limit' });
      a.send({ type: 'RECHARGE', amount: 1_000, requestId: 'recharge-ok' });
      expect(await reply(a, 'recharge-ok')).toMatchObject({ type: 'ACK' });
      expect(await available(alice.id)).toBe(24_000);
      expect((await limitsOf(alice)).used.lossDaily).toBe(6_000);
      a.close();
      await standUpEveryone(table.id);
      expect(await available(alice.id)).toBe(30_000);
      expect((await limitsOf(alice)).used.lossDaily).toBe(0);
    });

    it('two buy-ins at two tables at once cannot both pass the limit', async () => {
      const [one, two] = [await createTestTable(t), await createTestTable(t)];
      const bob = await t.player(30_000);
      await setLimits(bob, { lossDaily: 6_000 });
      const [b1, b2] = [await atTable(one.id, bob), await atTable(two.id, bob)];
      const replies = await Promise.all([sit(b1, 0, 4_000), sit(b2, 0, 4_000)]);
      expect(replies.map((r) => r.type).sort()).toEqual(['ACK', 'REJECT']);
      expect(await available(bob.id)).toBe(26_000);
      b1.close();
      b2.close();
      await standUpEveryone(one.id);
      await standUpEveryone(two.id);
    });
  });

  describe('satellite tickets and the loss limit', () => {
    it('a satellite entry whose ticket comes back as cash (its target cancelled) is no loss any more', async () => {
      const carl = await t.player(20_000);
      const [satellite, target] = [990_101, 990_102];
      const move = (
        kind: 'tournament_buy_in' | 'tournament_ticket' | 'tournament_ticket_refund',
        from: AccountRef,
        to: AccountRef,
      ) =>
        t.services.ledger.transfer({
          key: `loss-${kind}-${carl.id}`,
          kind,
          from,
          to,
          amount: 1_100,
          meta: { tournamentId: kind === 'tournament_buy_in' ? satellite : target },
        });
      await move('tournament_buy_in', Accounts.available(carl.id), Accounts.tournamentPool(satellite));
      expect((await limitsOf(carl)).used.lossDaily).toBe(1_100);
      // Won: the ticket is not cash, so the entry still counts as spent.
      await move('tournament_ticket', Accounts.tournamentPool(satellite), Accounts.ticket(carl.id, target));
      expect((await limitsOf(carl)).used.lossDaily).toBe(1_100);
      // The target is cancelled: the ticket's value comes back to the balance, as a refunded entry would.
      await move('tournament_ticket_refund', Accounts.ticket(carl.id, target), Accounts.available(carl.id));
      expect((await limitsOf(carl)).used.lossDaily).toBe(0);
      expect(await available(carl.id)).toBe(20_000);
    });
  });

  describe('tournaments', () => {
    const SIT_AND_GO = {
      name: 'Protected Sit & Go',
      kind: 'sng',
      variant: 'holdem',
      buyIn: 10_000,
      fee: 1_000,
      startingStack: 1_500,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 6,
      structure: 'turbo',
      actionSeconds: 15,
    };

    it('an entry that could pass the loss limit is refused; an exclusion refunds open registrations', async () => {
      const created = await t.call({
        method: 'POST',
        url: `${A}/tournament`,
        payload: SIT_AND_GO,
        token: t.admin.token,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().tournamentId as number;
      const capped = await t.player(30_000);
      await setLimits(capped, { lossWeekly: 10_500 });
      const refused = await call(capped.token, 'POST', `/tournaments/${id}/register`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('loss_limit');
      expect(await available(capped.id)).toBe(30_000);

      const leaving = await t.player(30_000);
      expect((await call(leaving.token, 'POST', `/tournaments/${id}/register`)).statusCode).toBe(200);
      expect(await available(leaving.id)).toBe(19_000);
      const res = await call(leaving.token, 'POST', '/exclusion', {
        kind: 'timeout',
        period: '7d',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(await available(leaving.id)).toBe(30_000);
      await t.call({ method: 'DELETE', url: `${A}/tournament?tournamentId=${id}`, token: t.admin.token });
    });
  });

  describe('time-out and self-exclusion', () => {
    it('a self-excluded player seated mid-hand is folded, stood up and cashed out, cannot log in, and no admin call lifts it', async () => {
      const table = await createTestTable(t);
      const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
      const a = await atTable(table.id, alice);
      const b = await atTable(table.id, bob);
      expect(await sit(a, 0, 5_000)).toMatchObject({ type: 'ACK' });
      expect(await sit(b, 1, 5_000)).toMatchObject({ type: 'ACK' });
      const started = await b.waitFor((f) => f.type === 'EVENT' && f.event.type === 'hand-started');
      const handNumber =
        started.type === 'EVENT' && started.event.type === 'hand-started' ? started.event.handNumber : 0;

      const wrong = await call(alice.token, 'POST', '/exclusion', {
        kind: 'self-exclusion',
        period: '6m',
        password: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('wrong_password');

      const excluded = await call(alice.token, 'POST', '/exclusion', {
        kind: 'self-exclusion',
        period: '6m',
        password: PASSWORD,
      });
      expect(excluded.statusCode).toBe(201);
      expect(excluded.json()).toMatchObject({ kind: 'self-exclusion', period: '6m' });
      const until = excluded.json().until as string;
      expect(Date.parse(until)).toBeGreaterThan(Date.now() + 180 * 24 * HOUR);
      // Bob folds if it is his turn; if it was Alice's, she was folded already. Either way the hand ends.
      b.send({ type: 'ACTION', action: 'fold', handNumber, requestId: 'fold' });
      await seatsEmptyOf(table.id, alice.id);
      expect(await a.closedWithin(2_000)).toBeDefined();
      const balances = await t.services.ledger.balancesOf(alice.id);
      expect(balances.atTables).toBe(0);
      expect(balances.available).toBeGreaterThanOrEqual(15_000);

      // The old session is gone; a login with the right password says until when; a wrong one stays 401.
      expect((await call(alice.token, 'GET', '/limits')).statusCode).toBe(401);
      const refused = await login(alice.username);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: 'excluded', fields: { until } });
      expect((await login(alice.username, 'wrong-password')).statusCode).toBe(401);

      // Administrators have no call that lifts it: unblocking or a role change leaves it; the database
      // refuses to shorten or delete the row.
      const admin = (method: string, path: string, payload?: object) =>
        t.call({ method: method as 'PATCH', url: `${A}${path}`, payload, token: t.admin.token });
      await admin('PATCH', `/user/status?userId=${alice.id}`, { status: 'active' });
      expect((await login(alice.username)).statusCode).toBe(403);
      await expect(
        t.services.db.execute(sql`UPDATE player_exclusions SET until = now() WHERE user_id = ${alice.id}`),
      ).rejects.toThrow();
      await expect(
        t.services.db.execute(sql`DELETE FROM player_exclusions WHERE user_id = ${alice.id}`),
      ).rejects.toThrow();
      expect((await login(alice.username)).statusCode).toBe(403);

      // No deposits, no tournament entries; a withdrawal with the password still works.
      const deposit = await admin('POST', '/deposit', { userId: alice.id, amount: 1_000 });
      expect(deposit.statusCode).toBe(403);
      expect(deposit.json().error.code).toBe('excluded');
      const before = await available(alice.id);
      const withdrawal = await t.call({
        method: 'POST',
        url: `${U}/exclusion/withdrawal`,
        payload: { username: alice.username, password: PASSWORD },
      });
      expect(withdrawal.statusCode).toBe(201);
      expect(withdrawal.json()).toMatchObject({ amount: before, status: 'pending' });
      expect(await available(alice.id)).toBe(0);
      const badPassword = await t.call({
        method: 'POST',
        url: `${U}/exclusion/withdrawal`,
        payload: { username: alice.username, password: 'nope-nope-nope' },
      });
      expect(badPassword.statusCode).toBe(401);

      const audit = await listAudit(t.services.db, { limit: 50, action: 'protection.exclusion' });
      expect(audit.some((r) => r.targetId === String(alice.id))).toBe(true);
      b.close();
      await standUpEveryone(table.id);
    });

    it('a time-out ends by itself; the ledger refuses its buy-ins and entries meanwhile', async () => {
      const carol = await t.player(20_000);
      const res = await call(carol.token, 'POST', '/exclusion', {
        kind: 'timeout',
        period: '24h',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().until).toBe(new Date(now + 24 * HOUR).toISOString());
      await expect(t.services.protection.refuseExcluded(carol.id)).rejects.toMatchObject({
        code: 'excluded',
      });
      const notYet = await t.call({
        method: 'POST',
        url: `${U}/exclusion/end`,
        payload: { username: carol.username, password: PASSWORD },
      });
      expect(notYet.statusCode).toBe(409);
      now += 24 * HOUR;
      const back = await login(carol.username);
      expect(back.statusCode).toBe(200);
    });

    it('a self-exclusion ends only 7 days after the player asks, and never before its period', async () => {
      const dave = await t.player(0);
      const start = now;
      await call(dave.token, 'POST', '/exclusion', {
        kind: 'self-exclusion',
        period: '6m',
        password: PASSWORD,
      });
      now = start + 200 * 24 * HOUR;
      expect((await login(dave.username)).statusCode).toBe(403);
      const asked = await t.call({
        method: 'POST',
        url: `${U}/exclusion/end`,
        payload: { username: dave.username, password: PASSWORD },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().endsAt).toBe(new Date(now + 7 * 24 * HOUR).toISOString());
      now += 7 * 24 * HOUR - 1_000;
      expect((await login(dave.username)).statusCode).toBe(403);
      now += 1_000;
      expect((await login(dave.username)).statusCode).toBe(200);
    });

    it.each([
      [{ kind: 'timeout', period: '6m', password: PASSWORD }],
      [{ kind: 'self-exclusion', period: '24h', password: PASSWORD }],
      [{ kind: 'forever', period: '1y', password: PASSWORD }],
      [{ kind: 'timeout', period: '24h' }],
      [{ kind: 'timeout', period: '24h', password: PASSWORD, until: '2020-01-01' }],
    ])('a malformed exclusion request (%j) is 400 and excludes nobody', async (body) => {
      const p = await t.player(0);
      const res = await call(p.token, 'POST', '/exclusion', body);
      expect(res.statusCode).toBe(400);
      expect((await login(p.username)).statusCode).toBe(200);
    });

    it('someone who is not excluded cannot use the password-only calls', async () => {
      const p = await t.player(5_000);
      const res = await t.call({
        method: 'POST',
        url: `${U}/exclusion/withdrawal`,
        payload: { username: p.username, password: PASSWORD },
      });
      expect(res.statusCode).toBe(409);
      expect(await available(p.id)).toBe(5_000);
    });
  });

  describe('sessions and reality checks', () => {
    it('the session shows time played and the net result; the session limit stands the player up and bars a new session for a day', async () => {
      const table = await createTestTable(t);
      const erin = await t.player(20_000);
      await setLimits(erin, { sessionMinutes: 30, realityCheckMinutes: 15 });
      const e = await atTable(table.id, erin);
      const start = now;
      expect(await sit(e, 0, 5_000)).toMatchObject({ type: 'ACK' });
      now = start + 20 * 60_000;
      const session = PlaySessionSchema.parse((await call(erin.token, 'GET', '/session')).json());
      expect(session).toMatchObject({
        minutesPlayed: 20,
        net: 0,
        realityCheckMinutes: 15,
        sessionMinutes: 30,
        tableIds: [table.id],
      });
      expect(await t.services.playSessions.sweep()).not.toContain(erin.id);
      now = start + 30 * 60_000;
      expect(await t.services.playSessions.sweep()).toContain(erin.id);
      await seatsEmptyOf(table.id, erin.id);
      expect(await available(erin.id)).toBe(20_000);
      const again = await sit(e, 0, 5_000, 'sit-again');
      expect(again).toMatchObject({ type: 'REJECT', code: 'session_limit' });
      now = start + 24 * HOUR;
      expect(await sit(e, 0, 5_000, 'next-day')).toMatchObject({ type: 'ACK' });
      e.close();
      await standUpEveryone(table.id);
    });

    it('"Leave tables" stands the player up everywhere', async () => {
      const table = await createTestTable(t);
      const frank = await t.player(20_000);
      const f = await atTable(table.id, frank);
      expect(await sit(f, 0, 5_000)).toMatchObject({ type: 'ACK' });
      expect((await call(frank.token, 'POST', '/session/leave', {})).statusCode).toBe(200);
      await seatsEmptyOf(table.id, frank.id);
      expect(await available(frank.id)).toBe(20_000);
      f.close();
    });
  });

  describe('reports for the security desk', () => {
    it('a player reports another with a reason; it lands on the desk, scored by reports of that player', async () => {
      const [reporter, other, suspect] = [await t.player(0), await t.player(0), await t.player(0)];
      const first = await call(reporter.token, 'POST', '/report', {
        userId: suspect.id,
        tableId: 3,
        handId: 'h-42',
        reason: 'They always fold to each other',
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().reportId).toBeGreaterThan(0);
      await call(other.token, 'POST', '/report', { userId: suspect.id, reason: 'Plays like a bot' });
      const desk = await t.call({ method: 'GET', url: `${A}/security/flags`, token: t.admin.token });
      expect(desk.statusCode).toBe(200);
      const flags = (desk.json().items as Array<{ userIds: number[]; score: number; reason: string }>).filter(
        (f) => f.userIds[0] === suspect.id,
      );
      expect(flags).toHaveLength(2);
      expect(flags[0]).toMatchObject({
        kind: 'report',
        score: 2,
        reason: 'Plays like a bot',
        reportedBy: other.username,
      });
      expect(flags[1]).toMatchObject({ handIds: ['h-42'], tableId: 3, usernames: [suspect.username] });
      const asPlayer = await t.call({ method: 'GET', url: `${A}/security/flags`, token: reporter.token });
      expect(asPlayer.statusCode).toBe(403);
    });

    it.each([
      ['of yourself', (self: number) => ({ userId: self, reason: 'me' }), 400],
      ['of nobody', () => ({ userId: 2_000_000_000, reason: 'ghost' }), 404],
      ['without a reason', (_self: number, other: number) => ({ userId: other, reason: '  ' }), 400],
      [
        'with a reason too long',
        (_self: number, other: number) => ({ userId: other, reason: 'x'.repeat(501) }),
        400,
      ],
      [
        'with an unknown field',
        (_self: number, other: number) => ({ userId: other, reason: 'x', score: 9 }),
        400,
      ],
    ])('a report %s is refused', async (_name, body, status) => {
      const [p, other] = [await t.player(0), await t.player(0)];
      const res = await call(p.token, 'POST', '/report', body(p.id, other.id));
      expect(res.statusCode).toBe(status);
    });
  });

  describe('statements', () => {
    it('a statement lists every money movement and reconciles with the ledger to the tugrik', async () => {
      const table = await createTestTable(t);
      const gina = await t.player(40_000);
      const g = await atTable(table.id, gina);
      expect(await sit(g, 0, 5_000)).toMatchObject({ type: 'ACK' });
      g.close();
      await standUpEveryone(table.id);
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: gina.token, payload: { amount: 2_000 } });
      // A satellite's entry and the ticket it won: the ticket is hers until she uses it.
      const [satellite, target] = [990_001, 990_002];
      await t.services.ledger.transfer({
        key: `statement-entry-${gina.id}`,
        kind: 'tournament_buy_in',
        from: Accounts.available(gina.id),
        to: Accounts.tournamentPool(satellite),
        amount: 1_000,
        meta: { tournamentId: satellite },
      });
      await t.services.ledger.transfer({
        key: `statement-ticket-${gina.id}`,
        kind: 'tournament_ticket',
        from: Accounts.tournamentPool(satellite),
        to: Accounts.ticket(gina.id, target),
        amount: 1_000,
        meta: { tournamentId: satellite, targetId: target },
      });
      const today = new Date().toISOString().slice(0, 10);
      const res = await call(gina.token, 'GET', `/statement?from=${today}&to=${today}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe(
        'time,transaction_id,type,table_id,hand_id,tournament_id,available_change,locked_change,at_tables_change,tickets_change,balance_after',
      );
      const rows = lines.slice(1).map((l) => l.split(','));
      expect(rows[0][2]).toBe('opening_balance');
      expect(rows.at(-1)![2]).toBe('closing_balance');
      const types = rows.slice(1, -1).map((r) => r[2]);
      expect(types).toEqual([
        'deposit',
        'buy_in',
        'leave_seat',
        'withdrawal_request',
        'tournament_buy_in',
        'tournament_ticket',
      ]);
      expect(rows.at(-2)!.slice(5, 10)).toEqual([String(satellite), '0', '0', '0', '1000']);
      let balance = Number(rows[0][10]);
      for (const r of rows.slice(1, -1)) {
        balance += Number(r[6]) + Number(r[7]) + Number(r[8]) + Number(r[9]);
        expect(Number(r[10])).toBe(balance);
      }
      const [{ held }] = await queryRows<{ held: string | number }>(
        t.services.db,
        sql`SELECT coalesce(sum(balance), 0) AS held FROM ledger_accounts WHERE user_id = ${gina.id}`,
      );
      expect(Number(rows.at(-1)![10])).toBe(Number(held));
      expect(Number(held)).toBe(40_000);
    });

    it.each([
      ['from=2026-02-01&to=2026-01-01'],
      ['from=2025-01-01&to=2026-06-01'],
      ['from=2026-02-30&to=2026-03-01'],
      ['from=yesterday&to=today'],
      ['to=2026-01-01'],
    ])('a bad range (%s) is 400', async (query) => {
      const p = await t.player(0);
      const res = await call(p.token, 'GET', `/statement?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    });
  });
});
