import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  AdminDataSchema,
  AdminUserPageSchema,
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  LEDGER_CSV_COLUMNS,
  OutcomePageSchema,
  SettingsSchema,
} from '@tenger/protocol';
import { Accounts } from '../src/ledger/accounts.js';
import { ledgerCsv } from '../src/ledger/ledgerCsv.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const A = '/api/v1/admin';
const U = '/api/v1/user';

/** The admin routes added for the panel's gaps, with a valid request, for the anonymous/player sweep. */
const NEW_ADMIN_ROUTES: Array<[method: 'GET' | 'PUT', url: string, payload?: object]> = [
  ['GET', '/withdrawal?status=pending'],
  ['GET', '/user/outcome?userId=1'],
  ['GET', '/data?days=7'],
  ['GET', '/ledger.csv?from=2026-01-01&to=2026-01-02'],
];

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(TEST_DRIVERS)('admin panel gaps on $name', ({ url }) => {
  let t: TestServer;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    player = await t.player(0, 'gaps_ordinary');
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const admin = (method: string, path: string, payload?: object) =>
    t.call({ method: method as 'GET', url: `${A}${path}`, payload, token: t.admin.token });

  it.each(NEW_ADMIN_ROUTES)('%s %s: anonymous 401, a player 403', async (method, path, payload) => {
    const anonymous = await t.call({ method, url: `${A}${path}`, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    const asPlayer = await t.call({ method, url: `${A}${path}`, payload, token: player.token });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().error.code).toBe('forbidden');
  });

  describe('users', () => {
    it('search results carry the created date and a last-seen date that moves on each sign-in', async () => {
      const p = await t.player(0, 'gaps_seen_one');
      const find = async () =>
        AdminUserPageSchema.parse((await admin('GET', '/user/search?q=gaps_seen_one')).json()).items[0];
      const first = await find();
      expect(first.userId).toBe(p.id);
      expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(first.lastSeenAt).not.toBeNull();
      expect(Date.parse(first.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(first.createdAt));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const login = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: 'player-password' },
      });
      expect(login.statusCode).toBe(200);
      const second = await find();
      expect(Date.parse(second.lastSeenAt!)).toBeGreaterThan(Date.parse(first.lastSeenAt!));
    });
  });

  describe("a user's game history", () => {
    it('GET /user/outcome shows the same rows as the user sees, paged and filtered by type', async () => {
      const p = await t.player(2_000);
      for (const [i, amount] of [700, 300].entries()) {
        await t.services.ledger.transfer({
          from: Accounts.bonus,
          to: Accounts.available(p.id),
          amount,
          kind: 'bonus',
          key: `gaps-bonus:${p.id}:${i}`,
        });
      }
      const own = OutcomePageSchema.parse(
        (await t.call({ method: 'GET', url: `${U}/outcome`, token: p.token })).json(),
      );
      const seen = OutcomePageSchema.parse((await admin('GET', `/user/outcome?userId=${p.id}`)).json());
      expect(seen).toEqual(own);
      expect(seen.items.map((o) => [o.type, o.amount])).toEqual([
        ['bonus', 300],
        ['bonus', 700],
      ]);
      const second = OutcomePageSchema.parse(
        (await admin('GET', `/user/outcome?userId=${p.id}&page=2&pageSize=1&type=bonus`)).json(),
      );
      expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
      expect(second.items.map((o) => o.amount)).toEqual([700]);
      const none = OutcomePageSchema.parse(
        (await admin('GET', `/user/outcome?userId=${p.id}&type=buy_in`)).json(),
      );
      expect(none).toMatchObject({ total: 0, items: [] });
    });

    it('GET /user/outcome refuses a missing or bad user id and an unknown type, and 404s an unknown user', async () => {
      for (const query of ['', '?userId=abc', '?userId=0', '?userId=1&type=jackpot', '?userId=1&page=0']) {
        const res = await admin('GET', `/user/outcome${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      const missing = await admin('GET', '/user/outcome?userId=2147483647');
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('bad-beat payout shares', () => {
    it('PUT /settings saves the loser, winner and table shares and refuses more than 100 % or bad numbers', async () => {
      for (const badBeatShares of [
        { loser: 60, winner: 30, table: 20 },
        { loser: -1, winner: 50, table: 50 },
        { loser: 50, winner: 25.001, table: 20 },
        { loser: 50, winner: 25 },
      ]) {
        const res = await admin('PUT', '/settings', { jackpot: { badBeatShares } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
      const saved = await admin('PUT', '/settings', {
        jackpot: { badBeatShares: { loser: 40, winner: 35, table: 25 } },
      });
      expect(saved.statusCode).toBe(200);
      const read = SettingsSchema.parse((await admin('GET', '/settings')).json());
      expect(read.jackpot.badBeatShares).toEqual({ loser: 40, winner: 35, table: 25 });
      expect(read.jackpot.contributionPercent).toBe(1);
      expect((await t.services.settings.get()).jackpot.badBeatShares).toEqual({
        loser: 40,
        winner: 35,
        table: 25,
      });
    });
  });

  describe('daily figures on the data page', () => {
    const data = async (days?: number) =>
      AdminDataSchema.parse((await admin('GET', `/data${days ? `?days=${days}` : ''}`)).json());
    const today = () => new Date().toISOString().slice(0, 10);

    it('GET /data gives one row per UTC day, oldest first, 30 by default or ?days=', async () => {
      const standard = await data();
      expect(standard.daily.days).toBe(30);
      expect(standard.daily.series).toHaveLength(30);
      expect(standard.daily.series.at(-1)!.date).toBe(today());
      const week = await data(7);
      expect(week.daily.series.map((d) => d.date)).toEqual(
        Array.from({ length: 7 }, (_, i) =>
          new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10),
        ),
      );
      for (const days of ['0', '367', 'abc', '7.5', '-1']) {
        const res = await admin('GET', `/data?days=${days}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toHaveProperty('days');
      }
    });

    it('counts deposits, approved withdrawals, rake, jackpot and hands on the day they happened', async () => {
      const before = (await data(7)).daily.series;
      const p = await t.player();
      const deposit = await t.call({
        method: 'POST',
        url: `${A}/deposit`,
        token: t.admin.token,
        payload: { userId: p.id, amount: 30_000 },
        headers: { 'idempotency-key': `gaps-daily-${p.id}` },
      });
      expect(deposit.statusCode).toBe(201);
      const requested = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 12_000 },
      });
      await admin('PUT', `/withdrawal/approve?withdrawalId=${requested.json().withdrawalId}`);
      const pending = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 5_000 },
      });
      expect(pending.statusCode).toBe(201);
      await t.services.ledger.transfer({
        from: Accounts.available(p.id),
        to: Accounts.houseRake,
        amount: 700,
        kind: 'correction',
        key: `gaps-rake:${p.id}`,
      });
      await t.services.ledger.transfer({
        from: Accounts.available(p.id),
        to: Accounts.jackpot,
        amount: 300,
        kind: 'correction',
        key: `gaps-jackpot:${p.id}`,
      });
      const [table] = await t.services.tables.list();
      for (const [n, ago] of [
        [9001, 0],
        [9002, 2],
      ]) {
        await t.database.db
          .execute(sql`INSERT INTO hands (id, table_id, hand_number, started_at, ended_at, variant,
            record, server_seed, seed_commitment, client_seed, phh, pokerstars, total_pot, rake, jackpot_contribution)
          VALUES (${`gaps-${n}`}, ${table.id}, ${n}, now() - make_interval(days => ${ago}), now() - make_interval(days => ${ago}),
            'holdem-nl', '{}'::jsonb, 's', 'c', 'x', '', '', 0, 0, 0)`);
      }
      const after = (await data(7)).daily.series;
      const delta = (i: number, key: keyof (typeof after)[number]) =>
        Number(after[i][key]) - Number(before[i][key]);
      expect(delta(6, 'deposits')).toBe(30_000);
      expect(delta(6, 'withdrawals')).toBe(12_000);
      expect(delta(6, 'rake')).toBe(700);
      expect(delta(6, 'jackpotContributions')).toBe(300);
      expect(delta(6, 'jackpotBalance')).toBe(300);
      expect(after[6].jackpotBalance).toBe((await data()).accounts.jackpot);
      expect(delta(6, 'hands')).toBe(1);
      expect(delta(4, 'hands')).toBe(1);
      expect(delta(5, 'hands')).toBe(0);
    });
  });

  describe('ledger CSV export', () => {
    const csv = (query: string) => admin('GET', `/ledger.csv${query}`);
    const day = (offsetDays: number) =>
      new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

    it('GET /ledger.csv streams one row per posting in the date range; the amounts sum to zero', async () => {
      const p = await t.player(4_321);
      const hostileKey = `=HYPERLINK("http://evil","x"),${p.id}`;
      await t.services.ledger.transfer({
        from: Accounts.available(p.id),
        to: Accounts.houseRake,
        amount: 21,
        kind: 'correction',
        key: hostileKey,
      });
      const res = await csv(`?from=${day(-1)}&to=${day(0)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('attachment');
      const [header, ...rows] = parseCsv(res.body);
      expect(header).toEqual([...LEDGER_CSV_COLUMNS]);
      expect(rows.every((r) => r.length === LEDGER_CSV_COLUMNS.length)).toBe(true);
      const col = (name: (typeof LEDGER_CSV_COLUMNS)[number]) => LEDGER_CSV_COLUMNS.indexOf(name);
      expect(rows.reduce((sum, r) => sum + Number(r[col('amount')]), 0)).toBe(0);
      const funding = rows.filter((r) => r[col('user_id')] === String(p.id) && r[col('amount')] === '4321');
      expect(funding).toHaveLength(1);
      expect(funding[0][col('username')]).toBe(p.username);
      expect(funding[0][col('account_kind')]).toBe('player_available');
      const hostile = rows.filter((r) => r[col('idempotency_key')].includes('HYPERLINK'));
      expect(hostile.map((r) => r[col('amount')]).sort()).toEqual(['-21', '21']);
      for (const r of hostile) expect(r[col('idempotency_key')]).toBe(`'${hostileKey}`);
      expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
      const ids = rows.map((r) => Number(r[col('posting_id')]));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });

    it('read in small batches, the file is the same as read in one', async () => {
      const range = { from: day(-1), to: day(0) };
      let batched = '';
      for await (const chunk of ledgerCsv(t.database.db, range, 3)) batched += chunk;
      const whole = (await csv(`?from=${range.from}&to=${range.to}`)).body;
      expect(parseCsv(batched).length).toBeGreaterThan(7);
      expect(batched).toBe(whole);
    });

    it('a range with no postings gives the header only', async () => {
      const res = await csv('?from=2020-01-01&to=2020-12-31');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`${LEDGER_CSV_COLUMNS.join(',')}\r\n`);
    });

    it('refuses missing, impossible or reversed dates', async () => {
      for (const query of [
        '',
        '?from=2026-01-01',
        '?from=2026-02-30&to=2026-03-01',
        '?from=today&to=2026-01-01',
        '?from=2026-03-02&to=2026-03-01',
      ]) {
        const res = await csv(query);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
      }
    });
  });

  describe('withdrawals', () => {
    it("the admin list and an approval carry the player's bank and account number", async () => {
      const p = await t.player(50_000);
      await t.call({
        method: 'PATCH',
        url: `${U}/me`,
        token: p.token,
        payload: { bank: 'Golomt Bank', currentPassword: 'player-password' },
      });
      const requested = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 10_000 },
      });
      expect(requested.statusCode).toBe(201);
      const own = requested.json();
      expect(own).not.toHaveProperty('accountNumber');

      const list = AdminWithdrawalPageSchema.parse(
        (await admin('GET', `/withdrawal?userId=${p.id}&status=pending`)).json(),
      );
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        userId: p.id,
        amount: 10_000,
        bank: 'Golomt Bank',
        accountNumber: '5000123456',
      });
      const approved = await admin('PUT', `/withdrawal/approve?withdrawalId=${list.items[0].withdrawalId}`);
      expect(AdminWithdrawalSchema.parse(approved.json())).toMatchObject({
        status: 'approved',
        bank: 'Golomt Bank',
      });
      expect((await admin('GET', '/withdrawal?status=paid')).statusCode).toBe(400);
    });
  });
});
