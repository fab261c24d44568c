import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserPageSchema,
  DepositInfoSchema,
  DepositPageSchema,
  SettingsSchema,
  SharedPayoutResponseSchema,
} from '@tenger/protocol';
import { listAudit } from '../src/audit/auditLog.js';
import { queryRows } from '../src/db/client.js';
import { adminCalls } from '../src/testing/adminCalls.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';
import {
  DEPOSIT_REFERENCE_ALPHABET,
  newDepositReference,
  parseDepositReference,
} from '../src/users/depositReference.js';

const U = '/api/v1/user';
const REFERENCE = /^TP[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

describe('a deposit reference', () => {
  it('is TP and 6 characters without 0, O, 1 or I, drawn anew each time', () => {
    expect(DEPOSIT_REFERENCE_ALPHABET).toHaveLength(32);
    expect(DEPOSIT_REFERENCE_ALPHABET).not.toMatch(/[0O1I]/);
    const drawn = new Set(Array.from({ length: 2000 }, () => newDepositReference()));
    for (const ref of drawn) expect(ref).toMatch(REFERENCE);
    expect(drawn.size).toBe(2000);
  });

  it('is read as a cashier types it: any case, spaces and dashes ignored; anything else is not one', () => {
    expect(parseDepositReference(' tp 7k2-qxm ')).toBe('TP7K2QXM');
    expect(parseDepositReference('TP7K2QX0')).toBeNull();
    expect(parseDepositReference('TP7K2QX')).toBeNull();
    expect(parseDepositReference('alice')).toBeNull();
  });
});

describe.each(TEST_DRIVERS)('the cashier on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const { admin, as } = adminCalls(() => t);
  const info = async (p: TestPlayer) =>
    DepositInfoSchema.parse(
      (await t.call({ method: 'GET', url: `${U}/deposit/info`, token: p.token })).json(),
    );
  const refOf = async (userId: number) =>
    (
      await queryRows<{ ref: string | null }>(
        t.database.db,
        sql`SELECT deposit_ref AS ref FROM users WHERE id = ${userId}`,
      )
    )[0]!.ref;

  describe('the personal deposit reference', () => {
    it('every new player has one of their own, the same on every read', async () => {
      const a = await t.player();
      const b = await t.player();
      const refA = (await info(a)).reference;
      expect(refA).toMatch(REFERENCE);
      expect(await refOf(a.id)).toBe(refA);
      expect((await info(a)).reference).toBe(refA);
      expect((await info(b)).reference).not.toBe(refA);
    });

    it('the database refuses a second account with the same reference', async () => {
      const a = await t.player();
      const b = await t.player();
      await expect(
        t.database.db.execute(sql`UPDATE users SET deposit_ref = ${await refOf(a.id)} WHERE id = ${b.id}`),
      ).rejects.toThrow();
    });

    it('the migration gives one to every account from before, unique, and keeps the ones that exist', async () => {
      const kept = await t.player();
      const keptRef = await refOf(kept.id);
      const old = [await t.player(), await t.player(), await t.player()];
      for (const p of old)
        await t.database.db.execute(sql`UPDATE users SET deposit_ref = NULL WHERE id = ${p.id}`);
      // The backfill of migration 0025 (its last statement), run again over the accounts without one.
      const migration = readFileSync(
        new URL('../drizzle/0025_deposit_reference.sql', import.meta.url),
        'utf8',
      ).split('--> statement-breakpoint');
      await t.database.db.execute(sql.raw(migration.at(-1)!));
      const refs = await Promise.all(old.map((p) => refOf(p.id)));
      for (const ref of refs) expect(ref).toMatch(REFERENCE);
      expect(new Set(refs).size).toBe(3);
      expect(await refOf(kept.id)).toBe(keptRef);
      const [{ missing }] = await queryRows<{ missing: string | number }>(
        t.database.db,
        sql`SELECT count(*) AS missing FROM users WHERE deposit_ref IS NULL`,
      );
      expect(Number(missing)).toBe(0);
    });

    it('an account inserted outside the app gets one on its first read, and keeps it', async () => {
      const p = await t.player();
      await t.database.db.execute(sql`UPDATE users SET deposit_ref = NULL WHERE id = ${p.id}`);
      const first = (await info(p)).reference;
      expect(first).toMatch(REFERENCE);
      expect((await info(p)).reference).toBe(first);
    });

    it('the admin finds the player by it (as typed from a transfer) and the user page shows it', async () => {
      const p = await t.player();
      const ref = (await info(p)).reference;
      const typed = `${ref.slice(0, 4).toLowerCase()} ${ref.slice(4)}`;
      const found = AdminUserPageSchema.parse(
        (await admin('GET', `/user/search?q=${encodeURIComponent(typed)}`)).json(),
      );
      expect(found.items.map((u) => u.userId)).toEqual([p.id]);
      expect(found.items[0]!.depositReference).toBe(ref);
      // Name and email still find players as before.
      const byName = AdminUserPageSchema.parse((await admin('GET', `/user/search?q=${p.username}`)).json());
      expect(byName.items.map((u) => u.userId)).toEqual([p.id]);
    });

    it('a player cannot search players by reference (or at all) on the admin API', async () => {
      const p = await t.player();
      const res = await as(p.token)('GET', `/user/search?q=${(await info(p)).reference}`);
      expect(res.statusCode).toBe(403);
    });
  });

  describe('the receiving bank accounts in settings', () => {
    const accounts = {
      en: [{ bank: 'Khan Bank', accountNumber: '5000 1234 56', holder: 'Tenger Poker LLC' }],
      mn: [{ bank: 'Хаан банк', accountNumber: '5000123456', holder: 'Тэнгэр Покер ХХК' }],
    };

    it('an admin saves them per language (audited once); players read them with their reference', async () => {
      const p = await t.player();
      expect((await info(p)).accounts).toEqual({ en: [], mn: [] });
      const saved = await admin('PUT', '/settings', { depositAccounts: accounts });
      expect(saved.statusCode).toBe(200);
      expect(SettingsSchema.parse(saved.json()).depositAccounts).toEqual(accounts);
      expect((await info(p)).accounts).toEqual(accounts);
      const rows = await listAudit(t.database.db, { limit: 10, action: 'settings.update' });
      expect(rows.filter((row) => row.targetId === 'depositAccounts')).toHaveLength(1);
      // One language alone may be sent; the other stays.
      const mnOnly = await admin('PUT', '/settings', { depositAccounts: { mn: [] } });
      expect(SettingsSchema.parse(mnOnly.json()).depositAccounts).toEqual({ en: accounts.en, mn: [] });
      expect((await admin('PUT', '/settings', { depositAccounts: accounts })).statusCode).toBe(200);
    });

    it.each([
      ['an empty holder', { en: [{ bank: 'Khan Bank', accountNumber: '5000123456', holder: ' ' }] }],
      ['an account number with signs', { en: [{ bank: 'Khan', accountNumber: '5000;DROP', holder: 'X' }] }],
      ['a missing bank', { mn: [{ accountNumber: '5000123456', holder: 'X' }] }],
      [
        'six accounts',
        { en: Array.from({ length: 6 }, () => ({ bank: 'Khan', accountNumber: '5000123456', holder: 'X' })) },
      ],
      ['not a list', { en: 'Khan Bank 5000123456' }],
    ])('bad input (%s) is a 400 that changes and records nothing', async (_name, depositAccounts) => {
      const before = (await admin('GET', '/settings')).json();
      const audits = (await listAudit(t.database.db, { limit: 500 })).length;
      const res = await admin('PUT', '/settings', { depositAccounts });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect((await admin('GET', '/settings')).json()).toEqual(before);
      expect(await listAudit(t.database.db, { limit: 500 })).toHaveLength(audits);
    });

    it('a player may neither read nor change the admin settings', async () => {
      const p = await t.player();
      expect((await as(p.token)('GET', '/settings')).statusCode).toBe(403);
      const res = await as(p.token)('PUT', '/settings', { depositAccounts: { en: [] } });
      expect(res.statusCode).toBe(403);
      expect(SettingsSchema.parse((await admin('GET', '/settings')).json()).depositAccounts).toEqual(
        accounts,
      );
      // Nor is the deposit information anyone's without signing in.
      expect((await t.call({ method: 'GET', url: `${U}/deposit/info` })).statusCode).toBe(401);
    });
  });

  describe('the player’s deposit list', () => {
    it('shows a deposit waiting for a second administrator, then refused; a credited one; never a cancelled one', async () => {
      const p = await t.player();
      const list = async () =>
        DepositPageSchema.parse(
          (await t.call({ method: 'GET', url: `${U}/deposit`, token: p.token })).json(),
        ).items.map((d) => [d.amount, d.status]);
      const big = await admin('POST', '/deposit', { userId: p.id, amount: 2_000_000 });
      expect(big.statusCode).toBe(202);
      const mistake = await admin('POST', '/deposit', { userId: p.id, amount: 3_000_000 });
      expect(mistake.statusCode).toBe(202);
      const small = await admin('POST', '/deposit', { userId: p.id, amount: 5_000 });
      expect(small.statusCode).toBe(201);
      expect(await list()).toEqual([
        [5_000, 'credited'],
        [3_000_000, 'pending'],
        [2_000_000, 'pending'],
      ]);
      await admin('PUT', `/deposit/cancel?depositId=${mistake.json().depositId}`, { reason: 'wrong player' });
      expect(await list()).toEqual([
        [5_000, 'credited'],
        [2_000_000, 'pending'],
      ]);
      // Another administrator refuses the big one.
      const other = await t.player(0, `refuser_${p.id}`);
      await t.database.db.execute(
        sql`UPDATE users SET role = 'ADMIN', admin_since = now() - interval '2 days' WHERE id = ${other.id}`,
      );
      const login = await t.services.auth.login(
        { username: other.username, password: 'player-password' },
        'test',
      );
      const rejected = await as(login.accessToken)(
        'PUT',
        `/deposit/reject?depositId=${big.json().depositId}`,
        {
          reason: 'no such transfer',
        },
      );
      expect(rejected.statusCode).toBe(200);
      expect(await list()).toEqual([
        [5_000, 'credited'],
        [2_000_000, 'refused'],
      ]);
    });
  });

  describe('shared payout accounts', () => {
    it('lists the other accounts paid to the same bank account (now or by a withdrawal), not the user', async () => {
      const [a, b, c, d] = [await t.player(), await t.player(), await t.player(), await t.player(5_000)];
      const setAccount = (id: number, bank: string, account: string) =>
        t.database.db.execute(
          sql`UPDATE users SET bank = ${bank}, account_number = ${account} WHERE id = ${id}`,
        );
      await setAccount(a.id, 'Golomt Bank', '4400-1111-22');
      await setAccount(b.id, 'golomt bank', '4400111122');
      await setAccount(c.id, 'Khan Bank', '4400111122'); // the same number at another bank: not the same account
      // d asked for a payout to a's account once (the account is stored with the withdrawal), then changed theirs.
      await setAccount(d.id, 'Golomt Bank', '44001111 22');
      const payout = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: d.token,
        payload: { amount: 1_000 },
      });
      expect(payout.statusCode).toBe(201);
      await setAccount(d.id, 'TDB', '9900000001');
      const shared = async (id: number) =>
        SharedPayoutResponseSchema.parse(
          (await admin('GET', `/user/shared-payout?userId=${id}`)).json(),
        ).accounts.map((x) => [x.userId, x.source]);
      expect(await shared(a.id)).toEqual([
        [b.id, 'current'],
        [d.id, 'withdrawal'],
      ]);
      expect(await shared(c.id)).toEqual([]);
      expect(await shared(d.id)).toEqual([
        [a.id, 'current'],
        [b.id, 'current'],
      ]);
      expect((await admin('GET', '/user/shared-payout?userId=abc')).statusCode).toBe(400);
      expect((await admin('GET', '/user/shared-payout?userId=999999')).statusCode).toBe(404);
      expect((await as(a.token)('GET', `/user/shared-payout?userId=${a.id}`)).statusCode).toBe(403);
    });
  });
});
