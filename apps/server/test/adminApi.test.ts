import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AdminDepositSchema,
  AdminTableSchema,
  AdminUserPageSchema,
  BooksSchema,
  SettingsSchema,
  TableSessionSchema,
  WithdrawalPageSchema,
} from '@tenger/protocol';
import { listAudit } from '../src/audit/auditLog.js';
import { users } from '../src/db/schema.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const A = '/api/v1/admin';
const U = '/api/v1/user';

/** Every admin route, with a valid request, for the anonymous/wrong-role sweep. */
const ADMIN_ROUTES: Array<
  [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object]
> = [
  ['GET', '/user/search'],
  ['DELETE', '/user?userId=1'],
  ['PATCH', '/user/role?userId=1', { role: 'PLAYER' }],
  ['GET', '/deposit'],
  ['POST', '/deposit', { userId: 1, amount: 100 }],
  ['GET', '/withdrawal'],
  ['PUT', '/withdrawal/approve?withdrawalId=1'],
  ['PUT', '/withdrawal/reject?withdrawalId=1', { reason: 'x' }],
  ['GET', '/table'],
  [
    'POST',
    '/table',
    { name: 'T', variant: 'holdem', smallBlind: 1, bigBlind: 2, minBuyIn: 80, maxBuyIn: 200, maxPlayers: 6 },
  ],
  ['PATCH', '/table', { tableId: 1, name: 'X' }],
  ['DELETE', '/table?tableId=1'],
  ['GET', '/table/session?tableId=1'],
  ['DELETE', '/table/kick?tableId=1&userId=1'],
  ['PUT', '/table/simulate?tableId=1'],
  ['DELETE', '/table/simulate?tableId=1'],
  ['GET', '/block/list'],
  ['POST', '/block', { name: 'x', block: { en: 'a', mn: 'b' } }],
  ['PUT', '/block/lobby-banner', { en: 'a', mn: 'b' }],
  ['DELETE', '/block/lobby-banner'],
  ['GET', '/settings'],
  ['PUT', '/settings', { actionTimeSeconds: 25 }],
  ['GET', '/data'],
  [
    'POST',
    '/tournament',
    {
      name: 'T',
      kind: 'sng',
      variant: 'holdem',
      buyIn: 100,
      fee: 10,
      startingStack: 1500,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 6,
      structure: 'turbo',
    },
  ],
  ['PATCH', '/tournament?tournamentId=1', { name: 'T2' }],
  ['DELETE', '/tournament?tournamentId=1'],
  ['PUT', '/tournament/simulate?tournamentId=1&bots=2'],
  ['DELETE', '/tournament/simulate?tournamentId=1'],
];

describe.each(TEST_DRIVERS)('admin API on $name', ({ url }) => {
  let t: TestServer;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    player = await t.player(0, 'ordinary');
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const admin = (method: string, path: string, payload?: object, headers?: Record<string, string>) =>
    t.call({ method: method as 'GET', url: `${A}${path}`, payload, token: t.admin.token, headers });

  describe('every admin route is checked on the server', () => {
    it.each(ADMIN_ROUTES)(
      '%s %s: anonymous 401, a player 403, and nothing changes',
      async (method, path, payload) => {
        const before = await t.audit();
        const anonymous = await t.call({ method, url: `${A}${path}`, payload });
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.code).toBe('unauthorized');
        const asPlayer = await t.call({ method, url: `${A}${path}`, payload, token: player.token });
        expect(asPlayer.statusCode).toBe(403);
        expect(asPlayer.json().error.code).toBe('forbidden');
        expect(await t.audit()).toEqual(before);
        expect((await t.call({ method: 'GET', url: `${U}/block/lobby-banner` })).statusCode).toBe(200);
      },
    );
  });

  describe('users', () => {
    it('searches by name with paging and shows balances', async () => {
      const p = await t.player(12_345, 'searchable_one');
      const res = await admin('GET', '/user/search?q=searchable&page=1&pageSize=10');
      const page = AdminUserPageSchema.parse(res.json());
      expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
      expect(page.items[0]).toMatchObject({ userId: p.id, balance: 12_345, locked: 0, status: 'active' });
      expect(JSON.stringify(res.json())).not.toMatch(/scrypt|passwordHash/);
      expect((await admin('GET', '/user/search?pageSize=1000')).statusCode).toBe(400);
      expect((await admin('GET', '/user/search?role=KING')).statusCode).toBe(400);
    });

    it('lists bots apart from people with isBot, everyone without it', async () => {
      const person = await t.player(0, 'apart_person');
      const bot = await t.player(0, 'apart_bot');
      await t.database.db.update(users).set({ isBot: true }).where(eq(users.id, bot.id));
      const ids = async (query: string) =>
        AdminUserPageSchema.parse((await admin('GET', `/user/search?q=apart_${query}`)).json()).items.map(
          (u) => u.userId,
        );
      expect(await ids('')).toEqual([person.id, bot.id]);
      expect(await ids('&isBot=true')).toEqual([bot.id]);
      expect(await ids('&isBot=false')).toEqual([person.id]);
      expect((await admin('GET', '/user/search?isBot=maybe')).statusCode).toBe(400);
    });

    it('PUT /user/block blocks the account, revokes its tokens and keeps its money history', async () => {
      const p = await t.player(5_000);
      const res = await admin('PUT', `/user/block?userId=${p.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'blocked', balance: 5_000 });
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
      const login = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: 'player-password' },
      });
      // A blocked account answers like a wrong password: the answer never confirms the password.
      expect(login.statusCode).toBe(401);
      expect(login.json().error.code).toBe('login_failed');
      expect((await admin('DELETE', '/user?userId=999999')).statusCode).toBe(404);
      expect((await admin('DELETE', '/user?userId=abc')).statusCode).toBe(400);
      expect((await admin('DELETE', '/user?userId=999999999999999')).statusCode).toBe(400);
      expect((await admin('DELETE', '/user?userId=2147483647')).statusCode).toBe(404);
      expect((await admin('DELETE', `/user?userId=${t.admin.id}`)).statusCode).toBe(409);
    });

    it('PATCH /user/role promotes a player, revoking the old token', async () => {
      const p = await t.player();
      const res = await admin('PATCH', `/user/role?userId=${p.id}`, { role: 'ADMIN' });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('ADMIN');
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
      const relogin = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: 'player-password' },
      });
      expect(relogin.json().user.isAdmin).toBe(true);
      expect((await admin('PATCH', `/user/role?userId=${p.id}`, { role: 'KING' })).statusCode).toBe(400);
      expect((await admin('PATCH', `/user/role?userId=${p.id}`)).statusCode).toBe(400);
    });
  });

  describe('deposits', () => {
    it('credits the player and lists the deposit', async () => {
      const p = await t.player();
      const res = await admin('POST', '/deposit', {
        userId: p.id,
        amount: 250_000,
        note: 'Khan Bank transfer',
      });
      expect(res.statusCode).toBe(201);
      expect(AdminDepositSchema.parse(res.json())).toMatchObject({
        amount: 250_000,
        username: p.username,
        createdBy: 'admin',
      });
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json().balance).toBe(250_000);
      const list = await admin('GET', `/deposit?userId=${p.id}`);
      expect(list.json().items).toHaveLength(1);
    });

    it.each([
      [{ userId: 1, amount: 0 }],
      [{ userId: 1, amount: -100 }],
      [{ userId: 1, amount: 10.5 }],
      [{ userId: 1, amount: 1e16 }],
      [{ userId: 1, amount: '100' }],
      [{ userId: 'x', amount: 100 }],
      [{ userId: 9_007_199_254_740_991, amount: 100 }],
      [{ userId: 2_147_483_648, amount: 100 }],
      [{ amount: 100 }],
    ])('refuses %j with 400', async (payload) => {
      const res = await admin('POST', '/deposit', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    });

    it('an unknown user is a 404 and a blocked one a 409', async () => {
      expect((await admin('POST', '/deposit', { userId: 987654, amount: 100 })).statusCode).toBe(404);
      const p = await t.player();
      await admin('PUT', `/user/block?userId=${p.id}`);
      expect((await admin('POST', '/deposit', { userId: p.id, amount: 100 })).statusCode).toBe(409);
    });

    it('the same Idempotency-Key and body deposit once; another body with that key is a 409', async () => {
      const p = await t.player();
      const headers = { 'idempotency-key': `dep-${p.id}` };
      const first = await admin('POST', '/deposit', { userId: p.id, amount: 1_000 }, headers);
      const second = await admin('POST', '/deposit', { userId: p.id, amount: 1_000 }, headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      const other = await admin('POST', '/deposit', { userId: p.id, amount: 2_000 }, headers);
      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('idempotency_conflict');
      expect(
        (
          await admin(
            'POST',
            '/deposit',
            { userId: p.id, amount: 1 },
            { 'idempotency-key': 'bad key with spaces' },
          )
        ).statusCode,
      ).toBe(400);
      expect((await t.services.ledger.balancesOf(p.id)).available).toBe(1_000);
    });
  });

  describe('withdrawals', () => {
    const request = async (p: TestPlayer, amount: number) =>
      (await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount } })).json()
        .withdrawalId as number;

    it('approve pays out once: the money leaves the site and a second approval is a 409', async () => {
      const p = await t.player(10_000);
      const id = await request(p, 3_000);
      const ok = await admin('PUT', `/withdrawal/approve?withdrawalId=${id}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        status: 'approved',
        approvedBy: 'admin',
        approvedAt: expect.any(String),
      });
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ available: 7_000, locked: 0 });
      const again = await admin('PUT', `/withdrawal/approve?withdrawalId=${id}`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_resolved');
      expect(
        (await admin('PUT', `/withdrawal/reject?withdrawalId=${id}`, { reason: 'late' })).statusCode,
      ).toBe(409);
    });

    it('reject returns the money to the balance, with the reason', async () => {
      const p = await t.player(10_000);
      const id = await request(p, 4_000);
      expect((await admin('PUT', `/withdrawal/reject?withdrawalId=${id}`)).statusCode).toBe(400);
      const res = await admin('PUT', `/withdrawal/reject?withdrawalId=${id}`, {
        reason: 'Account number does not match',
      });
      expect(res.json()).toMatchObject({ status: 'rejected', reason: 'Account number does not match' });
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ available: 10_000, locked: 0 });
    });

    it('lists and filters by status; unknown ids are 404, malformed ids 400', async () => {
      const p = await t.player(10_000);
      await request(p, 1_000);
      const pending = WithdrawalPageSchema.parse(
        (await admin('GET', `/withdrawal?status=pending&userId=${p.id}`)).json(),
      );
      expect(pending.items.every((w) => w.status === 'pending')).toBe(true);
      expect(pending.total).toBe(1);
      expect((await admin('GET', '/withdrawal?status=lost')).statusCode).toBe(400);
      expect((await admin('PUT', '/withdrawal/approve?withdrawalId=999999')).statusCode).toBe(404);
      expect((await admin('PUT', '/withdrawal/approve?withdrawalId=1e3')).statusCode).toBe(400);
      expect((await admin('PUT', '/withdrawal/approve')).statusCode).toBe(400);
    });
  });

  describe('tables', () => {
    const table = {
      name: 'Selenge',
      variant: 'holdem',
      smallBlind: 200,
      bigBlind: 400,
      minBuyIn: 16_000,
      maxBuyIn: 40_000,
      maxPlayers: 6,
    };

    it('creates, changes and deletes a table; the lobby follows', async () => {
      const created = await admin('POST', '/table', table);
      expect(created.statusCode).toBe(201);
      const row = AdminTableSchema.parse(created.json());
      expect(row).toMatchObject({ name: 'Selenge', betting: 'no-limit', seated: 0, status: 'waiting' });
      const lobby = (await t.call({ method: 'GET', url: `${U}/tables` })).json() as Array<{
        tableId: number;
      }>;
      expect(lobby.some((x) => x.tableId === row.tableId)).toBe(true);
      const patched = await admin('PATCH', '/table', {
        tableId: row.tableId,
        name: 'Selenge 2',
        closed: true,
      });
      expect(patched.json()).toMatchObject({ name: 'Selenge 2', status: 'closed' });
      expect((await admin('PATCH', '/table', { tableId: row.tableId, minBuyIn: 50_000 })).statusCode).toBe(
        400,
      );
      expect((await admin('DELETE', `/table?tableId=${row.tableId}`)).statusCode).toBe(200);
      expect((await admin('GET', `/table/session?tableId=${row.tableId}`)).statusCode).toBe(404);
      expect((await admin('DELETE', `/table?tableId=${row.tableId}`)).statusCode).toBe(404);
    });

    it.each([
      [{ ...table, smallBlind: 500 }],
      [{ ...table, minBuyIn: 100 }],
      [{ ...table, maxPlayers: 12 }],
      [{ ...table, variant: 'stud' }],
      [{ ...table, name: '' }],
      [{ ...table, bigBlind: 400.5 }],
    ])('refuses an impossible table %j', async (payload) => {
      expect((await admin('POST', '/table', payload)).statusCode).toBe(400);
    });

    it('session, kick and simulation reach the table layer', async () => {
      const [first] = await t.services.tables.list();
      const p = await t.player(50_000);
      const live = (await t.services.tableLayer.live!(first.id))!;
      const viewer = { userId: p.id, send: () => undefined };
      expect(await live.handle(viewer, { type: 'SIT', seat: 0, amount: first.minBuyIn })).toEqual({
        ok: true,
      });
      const session = TableSessionSchema.parse(
        (await admin('GET', `/table/session?tableId=${first.id}`)).json(),
      );
      expect(session.seats).toEqual([expect.objectContaining({ userId: p.id, stack: first.minBuyIn })]);
      expect((await admin('DELETE', `/table?tableId=${first.id}`)).statusCode).toBe(409);
      expect((await admin('DELETE', `/table/kick?tableId=${first.id}&userId=${p.id}`)).statusCode).toBe(200);
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ available: 50_000, atTables: 0 });
      expect((await admin('DELETE', `/table/kick?tableId=${first.id}&userId=${p.id}`)).statusCode).toBe(404);
      const started = await admin('PUT', `/table/simulate?tableId=${first.id}`);
      expect(started.statusCode).toBe(200);
      expect(started.headers['content-type']).toMatch(/^text\/plain/);
      expect(started.body).toBe('Simulation started');
      expect((await admin('GET', `/table/session?tableId=${first.id}`)).json().simulation).toBe(true);
      expect((await admin('DELETE', `/table/simulate?tableId=${first.id}`)).body).toBe('Simulation stopped');
      expect((await admin('PUT', '/table/simulate?tableId=0')).statusCode).toBe(400);
      expect((await admin('PUT', '/table/simulate?tableId=424242')).statusCode).toBe(404);
      // The table layer wrote the audit rows, each once, after its call succeeded (the refused kick none).
      const rows = await listAudit(t.services.db, { limit: 3 });
      expect(rows.map((r) => [r.action, r.targetId, r.summary])).toEqual([
        ['simulation.stop', String(first.id), 'simulation on -> off'],
        ['simulation.start', String(first.id), 'simulation off -> on'],
        ['table.kick', String(p.id), `removed user #${p.id} from table #${first.id}`],
      ]);
    });

    it('blocking a seated player stands them up and returns their chips to their balance', async () => {
      const [first] = await t.services.tables.list();
      const p = await t.player(50_000);
      const live = (await t.services.tableLayer.live!(first.id))!;
      const viewer = { userId: p.id, send: () => undefined };
      expect(await live.handle(viewer, { type: 'SIT', seat: 1, amount: first.minBuyIn })).toEqual({
        ok: true,
      });
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ atTables: first.minBuyIn });
      expect((await admin('PUT', `/user/block?userId=${p.id}`)).statusCode).toBe(200);
      const seated = (await t.services.tableLayer.session(first.id)).seats.map((s) => s.userId);
      expect(seated).not.toContain(p.id);
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({ available: 50_000, atTables: 0 });
    });
  });

  describe('content blocks and settings', () => {
    it('creates, lists, replaces and deletes a block', async () => {
      expect(
        (await admin('POST', '/block', { name: 'promo', block: { en: 'Hello', mn: 'Сайн уу' } })).statusCode,
      ).toBe(201);
      expect(
        (await admin('POST', '/block', { name: 'promo', block: { en: 'Again', mn: 'Дахин' } })).statusCode,
      ).toBe(409);
      expect((await admin('GET', '/block/list')).json().map((b: { name: string }) => b.name)).toContain(
        'promo',
      );
      const put = await admin('PUT', '/block/promo', { en: 'Bye', mn: 'Баяртай' });
      expect(put.json().block).toEqual({ en: 'Bye', mn: 'Баяртай' });
      expect((await t.call({ method: 'GET', url: `${U}/block/promo` })).json().block.en).toBe('Bye');
      expect((await admin('PUT', '/block/promo', { en: 5 })).statusCode).toBe(400);
      expect(
        (await admin('POST', '/block', { name: 'Bad Name!', block: { en: '', mn: '' } })).statusCode,
      ).toBe(400);
      expect((await admin('DELETE', '/block/promo')).statusCode).toBe(200);
      expect((await admin('DELETE', '/block/promo')).statusCode).toBe(404);
    });

    it('reads and changes settings; maintenance shows on the user API and stops withdrawals', async () => {
      expect(SettingsSchema.parse((await admin('GET', '/settings')).json()).withdrawal.min).toBe(1000);
      const res = await admin('PUT', '/settings', {
        withdrawal: { min: 2_000 },
        maintenance: { enabled: true, message: 'Back at 10' },
      });
      expect(res.json()).toMatchObject({
        withdrawal: { min: 2_000, max: null },
        maintenance: { enabled: true },
      });
      expect((await t.call({ method: 'GET', url: `${U}/maintenance` })).json()).toEqual({
        enabled: true,
        message: 'Back at 10',
        messages: { en: 'Back at 10', mn: 'Сайт засвартай байна. Удахгүй эргэж ирнэ үү.' },
      });
      // The settings form sends the English message and only the Mongolian one of `messages`.
      const both = await admin('PUT', '/settings', {
        maintenance: { enabled: true, message: 'Back at 11', messages: { mn: '11 цагт ирнэ' } },
      });
      expect(both.statusCode).toBe(200);
      expect((await t.call({ method: 'GET', url: `${U}/maintenance` })).json()).toMatchObject({
        message: 'Back at 11',
        messages: { en: 'Back at 11', mn: '11 цагт ирнэ' },
      });
      const p = await t.player(10_000);
      const refused = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 5_000 },
      });
      expect(refused.statusCode).toBe(503);
      await admin('PUT', '/settings', { withdrawal: { min: 1_000 }, maintenance: { enabled: false } });
      expect((await admin('PUT', '/settings', { rake: { percent: 50 } })).statusCode).toBe(400);
      expect((await admin('PUT', '/settings', { withdrawal: { min: 5_000, max: 1_000 } })).statusCode).toBe(
        400,
      );
      const text = await admin('PUT', '/settings', 'nonsense' as unknown as object);
      expect(text.statusCode).toBe(415);
      expect(text.json().error.code).toBe('unsupported_media_type');
    });
  });

  describe('the books', () => {
    it('GET /data sums every account class to zero and counts the site', async () => {
      const p = await t.player();
      await admin('POST', '/deposit', { userId: p.id, amount: 30_000 });
      const res = await admin('GET', '/data');
      const books = BooksSchema.parse(res.json());
      expect(books.total).toBe(0);
      expect(books.balanced).toBe(true);
      expect(books.accounts.outsideBank).toBeLessThan(0);
      expect(books.deposits.amount).toBeGreaterThanOrEqual(30_000);
      expect(books.stats.admins).toBeGreaterThanOrEqual(1);
      expect(books.stats.tables).toBeGreaterThanOrEqual(6);
    });
  });
});
