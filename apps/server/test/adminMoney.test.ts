import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminDepositSchema, AuditPageSchema, BooksSchema } from '@tenger/protocol';
import { AUDIT_ACTIONS, listAudit } from '../src/audit/auditLog.js';
import { queryRows } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { Accounts } from '../src/ledger/accounts.js';
import { adminCalls } from '../src/testing/adminCalls.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const A = '/api/v1/admin';
const U = '/api/v1/user';

/** The calls issue 9 added to the admin API, each with a valid request. */
const NEW_ROUTES: Array<[method: 'GET' | 'POST' | 'PUT', url: string, payload?: object]> = [
  ['PUT', '/deposit/approve?depositId=1'],
  ['POST', '/deposit/reverse?depositId=1', { reason: 'mistake' }],
  ['POST', '/adjustment', { userId: 1, direction: 'credit', amount: 100, reason: 'bonus' }],
  ['PUT', '/user/block?userId=1'],
  ['PUT', '/user/unblock?userId=1'],
  ['GET', '/audit'],
  ['GET', '/audit.csv'],
];

describe.each(TEST_DRIVERS)('admin money controls and the audit log on $name', ({ url }) => {
  let t: TestServer;
  let approver: TestPlayer;
  let thirdAdmin: TestPlayer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    approver = await promote('approver');
    thirdAdmin = await promote('third_admin');
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const { as, admin, adjust, available } = adminCalls(() => t);
  const auditRows = (action: string) => listAudit(t.services.db, { limit: 100, action });

  /** Seats the player at a new small table through the live table (buy-in `amount`); its id. */
  async function seatAtNewTable(p: TestPlayer, amount: number): Promise<number> {
    const created = await admin('POST', '/table', {
      name: `Seat for ${p.username}`,
      variant: 'holdem',
      smallBlind: 1,
      bigBlind: 2,
      minBuyIn: 80,
      maxBuyIn: 2_000,
      maxPlayers: 6,
    });
    const tableId = created.json().tableId as number;
    const live = (await t.services.tableLayer.live!(tableId))!;
    const viewer = { userId: p.id, send: () => undefined };
    expect(await live.handle(viewer, { type: 'SIT', seat: 1, amount })).toEqual({ ok: true });
    return tableId;
  }

  /**
   * A second administrator independent of `admin` (four-eyes, issue 17): made ADMIN long ago and not at
   * admin's request, as one made from the environment would be.
   */
  async function promote(name: string): Promise<TestPlayer> {
    const p = await t.player(0, name);
    await t.services.db.execute(
      sql`UPDATE users SET role = 'ADMIN', admin_since = now() - interval '2 days' WHERE id = ${p.id}`,
    );
    const login = await t.services.auth.login({ username: name, password: 'player-password' }, 'test');
    return { ...p, token: login.accessToken };
  }

  describe('deposit amounts are bounded and never clamped', () => {
    it.each([999_999_999_999, 10_000_001, 0, -5, 1.5, '100', null])(
      'a deposit of %s is refused with 400 and a field message, and changes nothing',
      async (amount) => {
        const p = await t.player();
        const before = await queryRows<{ n: string }>(
          t.services.db,
          sql`SELECT count(*) AS n FROM audit_log`,
        );
        const res = await admin('POST', '/deposit', { userId: p.id, amount, note: 'typo' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_failed');
        expect(res.json().error.fields.amount).toEqual(expect.any(String));
        expect(await available(p.id)).toBe(0);
        expect((await admin('GET', `/deposit?userId=${p.id}`)).json().total).toBe(0);
        const after = await queryRows<{ n: string }>(t.services.db, sql`SELECT count(*) AS n FROM audit_log`);
        expect(Number(after[0].n)).toBe(Number(before[0].n));
      },
    );

    it('the maximum itself is credited at once when it is not above the dual-approval line', async () => {
      // Raising the threshold loosens four-eyes: not one administrator's call (the operator's, here).
      const raised = await admin('PUT', '/settings', { deposit: { dualApprovalAbove: 5_000_000 } });
      expect(raised.statusCode).toBe(403);
      expect(raised.json().error.code).toBe('second_admin_required');
      await admin('PUT', '/settings', { deposit: { maxAmount: 5_000_000 } });
      await t.services.settings.update({ deposit: { dualApprovalAbove: 5_000_000 } });
      const p = await t.player();
      expect((await admin('POST', '/deposit', { userId: p.id, amount: 5_000_001 })).statusCode).toBe(400);
      const res = await admin('POST', '/deposit', { userId: p.id, amount: 5_000_000 });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('credited');
      expect(await available(p.id)).toBe(5_000_000);
      await admin('PUT', '/settings', { deposit: { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 } });
    });

    it('blocked players, deleted players and bots receive no deposits', async () => {
      const blocked = await t.player();
      await admin('PUT', `/user/block?userId=${blocked.id}`);
      const [bot] = await t.services.db
        .insert(users)
        .values({ username: 'bot_money', email: 'bot_money@bots.local', passwordHash: 'x', isBot: true })
        .returning();
      for (const userId of [blocked.id, bot.id]) {
        const res = await admin('POST', '/deposit', { userId, amount: 1_000 });
        expect(res.statusCode).toBe(409);
        expect(await available(userId)).toBe(0);
      }
    });
  });

  describe('a large deposit waits for a second administrator', () => {
    it('₮2,000,000 waits as pending; its creator cannot approve it; another admin credits it once', async () => {
      const p = await t.player();
      const created = await admin('POST', '/deposit', { userId: p.id, amount: 2_000_000, note: 'wire 42' });
      expect(created.statusCode).toBe(202);
      const deposit = AdminDepositSchema.parse(created.json());
      expect(deposit).toMatchObject({ status: 'pending', approvedAt: null, amount: 2_000_000 });
      expect(await available(p.id)).toBe(0);
      // The player sees it waiting (issue 23: the Deposit tab shows pending deposits).
      const waiting = (await t.call({ method: 'GET', url: `${U}/deposit`, token: p.token })).json();
      expect(waiting.items.map((d: { status: string }) => d.status)).toEqual(['pending']);

      const own = await admin('PUT', `/deposit/approve?depositId=${deposit.depositId}`);
      expect(own.statusCode).toBe(403);
      expect(await available(p.id)).toBe(0);

      const approved = await as(approver.token)('PUT', `/deposit/approve?depositId=${deposit.depositId}`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'credited', approvedBy: 'approver' });
      expect(await available(p.id)).toBe(2_000_000);
      // The approver asking again gets the same answer; nothing moves again.
      const again = await as(approver.token)('PUT', `/deposit/approve?depositId=${deposit.depositId}`);
      expect(again.statusCode).toBe(200);
      expect(await available(p.id)).toBe(2_000_000);
      const credited = (await t.call({ method: 'GET', url: `${U}/deposit`, token: p.token })).json();
      expect(credited.items.map((d: { status: string }) => d.status)).toEqual(['credited']);
    });

    it('two administrators approving at once move the money exactly once', async () => {
      const p = await t.player();
      const { depositId } = (await admin('POST', '/deposit', { userId: p.id, amount: 3_000_000 })).json();
      const answers = await Promise.all([
        as(approver.token)('PUT', `/deposit/approve?depositId=${depositId}`),
        as(thirdAdmin.token)('PUT', `/deposit/approve?depositId=${depositId}`),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await available(p.id)).toBe(3_000_000);
      const credits = await queryRows<{ n: string }>(
        t.services.db,
        sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key = ${`deposit:${depositId}:approve`}`,
      );
      expect(Number(credits[0].n)).toBe(1);
      expect(
        (await auditRows('deposit.approve')).filter((r) => r.targetId === String(depositId)),
      ).toHaveLength(1);
    });

    it('the same Idempotency-Key makes one pending deposit', async () => {
      const p = await t.player();
      const headers = { 'idempotency-key': `pending-${p.id}` };
      const first = await admin('POST', '/deposit', { userId: p.id, amount: 1_500_000 }, headers);
      const second = await admin('POST', '/deposit', { userId: p.id, amount: 1_500_000 }, headers);
      expect([first.statusCode, second.statusCode]).toEqual([202, 200]);
      expect(second.json().depositId).toBe(first.json().depositId);
      const other = await admin('POST', '/deposit', { userId: p.id, amount: 1_600_000 }, headers);
      expect(other.statusCode).toBe(409);
    });
  });

  describe('reversal and adjustment', () => {
    it('a reversal restores the books, cannot exceed the available balance, and happens once', async () => {
      const p = await t.player();
      const bankBefore = (await t.services.ledger.bookTotals()).outside_bank;
      const { depositId } = (await admin('POST', '/deposit', { userId: p.id, amount: 500_000 })).json();
      // The player asks for 300,000 of it: only 200,000 stays available.
      const asked = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 300_000 },
      });
      expect(asked.statusCode).toBe(201);

      const tooMuch = await admin('POST', `/deposit/reverse?depositId=${depositId}`, { reason: 'bounced' });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error.fields.amount).toBe('At most 200000');
      const overDeposit = await admin('POST', `/deposit/reverse?depositId=${depositId}`, {
        reason: 'bounced',
        amount: 500_001,
      });
      expect(overDeposit.statusCode).toBe(400);
      expect(await available(p.id)).toBe(200_000);
      expect(
        (await admin('POST', `/deposit/reverse?depositId=${depositId}`, { reason: '' })).statusCode,
      ).toBe(400);

      const reversed = await admin('POST', `/deposit/reverse?depositId=${depositId}`, {
        reason: 'bounced',
        amount: 200_000,
      });
      expect(reversed.statusCode).toBe(200);
      expect(reversed.json()).toMatchObject({
        status: 'reversed',
        reversal: { amount: 200_000, reason: 'bounced', by: 'admin' },
      });
      expect(await available(p.id)).toBe(0);
      // The rejected withdrawal returns its 300,000; taking that back too needs another correction.
      const again = await admin('POST', `/deposit/reverse?depositId=${depositId}`, { reason: 'bounced' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_resolved');
      const totals = await t.services.ledger.bookTotals();
      expect(totals.outside_bank).toBe(bankBefore - 500_000 + 200_000);
      expect(await t.audit()).toEqual(BALANCED);
      const rows = await auditRows('deposit.reverse');
      expect(rows.find((r) => r.targetId === String(depositId))?.summary).toMatch(/200000.*bounced/);
    });

    it('a pending deposit cannot be reversed (it moved nothing)', async () => {
      const p = await t.player();
      const { depositId } = (await admin('POST', '/deposit', { userId: p.id, amount: 1_000_001 })).json();
      const res = await admin('POST', `/deposit/reverse?depositId=${depositId}`, { reason: 'x' });
      expect(res.statusCode).toBe(409);
      expect(await available(p.id)).toBe(0);
    });

    it('an adjustment credits or debits with a reason, and a debit never goes below zero', async () => {
      const p = await t.player(1_000);
      const credit = await adjust(p.id, 'credit', 500, 'promo');
      expect(credit.statusCode).toBe(201);
      expect(credit.json()).toMatchObject({ balance: 1_500, amount: 500, direction: 'credit' });
      const over = await adjust(p.id, 'debit', 1_501, 'fix');
      expect(over.statusCode).toBe(409);
      expect(over.json().error.fields.amount).toBe('At most 1500');
      const debit = await adjust(p.id, 'debit', 1_500, 'fix');
      expect(debit.statusCode).toBe(201);
      expect(await available(p.id)).toBe(0);
      for (const bad of [
        { userId: p.id, direction: 'credit', amount: 0, reason: 'x' },
        { userId: p.id, direction: 'credit', amount: 1.5, reason: 'x' },
        { userId: p.id, direction: 'credit', amount: 999_999_999_999, reason: 'x' },
        { userId: p.id, direction: 'credit', amount: 10, reason: '' },
        { userId: p.id, direction: 'steal', amount: 10, reason: 'x' },
      ]) {
        expect((await admin('POST', '/adjustment', bad)).statusCode).toBe(400);
      }
      expect(await available(p.id)).toBe(0);
    });
  });

  describe('block, unblock and delete', () => {
    it('block ends the sessions; unblock lets the player in again', async () => {
      const p = await t.player();
      expect((await admin('PUT', `/user/block?userId=${p.id}`)).json().status).toBe('blocked');
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
      expect((await admin('PUT', `/user/block?userId=${p.id}`)).statusCode).toBe(409);
      expect((await admin('PUT', `/user/unblock?userId=${p.id}`)).json().status).toBe('active');
      const login = await t.call({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: 'player-password' },
      });
      expect(login.statusCode).toBe(200);
      expect((await admin('PUT', `/user/unblock?userId=${p.id}`)).statusCode).toBe(409);
    });

    it('deleting a player who holds money is refused until it is paid out or adjusted', async () => {
      const p = await t.player(5_000);
      const table = { id: await seatAtNewTable(p, 1_000) };
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount: 2_000 } });
      // available 2,000, seated 1,000, pending withdrawal 2,000
      const refused = await admin('DELETE', `/user?userId=${p.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/5000/);
      expect((await t.services.users.get(p.id)).status).toBe('active');

      await adjust(p.id, 'debit', 2_000, 'paid in cash');
      expect((await admin('DELETE', `/user?userId=${p.id}`)).statusCode).toBe(409);
      await admin('DELETE', `/table/kick?tableId=${table.id}&userId=${p.id}`);
      await adjust(p.id, 'debit', 1_000, 'paid in cash');
      expect((await admin('DELETE', `/user?userId=${p.id}`)).statusCode).toBe(409);
      const [w] = (await admin('GET', `/withdrawal?userId=${p.id}`)).json().items;
      await admin('PUT', `/withdrawal/approve?withdrawalId=${w.withdrawalId}`);

      const deleted = await admin('DELETE', `/user?userId=${p.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toMatchObject({ status: 'deleted', balance: 0, locked: 0 });
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
      expect((await admin('PUT', `/user/unblock?userId=${p.id}`)).statusCode).toBe(409);
      expect((await admin('POST', '/deposit', { userId: p.id, amount: 100 })).statusCode).toBe(409);
    });
  });

  describe('withdrawals are paid to the details given when they were requested', () => {
    it('a later change of bank details does not move a pending payout', async () => {
      const p = await t.player(10_000);
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount: 4_000 } });
      // A thief changes the account afterwards (however they did it).
      await t.services.db.execute(
        sql`UPDATE users SET bank = 'Golomt Bank', account_number = '6666666666' WHERE id = ${p.id}`,
      );
      const [w] = (await admin('GET', `/withdrawal?userId=${p.id}`)).json().items;
      expect(w).toMatchObject({ bank: 'Khan Bank', accountNumber: '5000123456' });
      const approved = await admin('PUT', `/withdrawal/approve?withdrawalId=${w.withdrawalId}`);
      expect(approved.json()).toMatchObject({ bank: 'Khan Bank', accountNumber: '5000123456' });
      const [row] = (await auditRows('withdrawal.approve')).filter(
        (r) => r.targetId === String(w.withdrawalId),
      );
      expect(row.summary).toContain('5000123456');
      expect(row.summary).not.toContain('6666666666');
    });
  });

  describe('the Data page splits rake and jackpot contributions between bots and players', () => {
    it('attributes each hand to its losing seats in proportion to what they lost', async () => {
      const read = async () => BooksSchema.parse((await admin('GET', '/data?days=1')).json());
      const before = await read();
      const table = (await t.services.tables.list())[1];
      const human = await t.player(10_000);
      const winner = await t.player(0);
      const [bot] = await t.services.db
        .insert(users)
        .values({ username: 'bot_rake', email: 'bot_rake@bots.local', passwordHash: 'x', isBot: true })
        .returning();
      const seat = (userId: number) => Accounts.seat(userId, table.id);
      await t.services.ledger.transfer({
        from: Accounts.botBankroll,
        to: seat(bot.id),
        amount: 10_000,
        kind: 'bot_funding',
        key: 'b-fund',
      });
      await t.services.ledger.transfer({
        from: Accounts.available(human.id),
        to: seat(human.id),
        amount: 10_000,
        kind: 'buy_in',
        key: 'h-buy',
      });
      // Hand 1: only the bot loses (1,000): rake 80 and jackpot 20 are the bot's.
      await t.services.ledger.post({
        key: 'hand-1',
        kind: 'gameplay',
        tableId: table.id,
        handId: 'h1',
        movements: [
          { from: seat(bot.id), to: seat(human.id), amount: 900 },
          { from: seat(bot.id), to: Accounts.houseRake, amount: 80 },
          { from: seat(bot.id), to: Accounts.jackpot, amount: 20 },
        ],
      });
      // Hand 2: the bot and a player lose 1,000 each: rake 160 and jackpot 40 are split in halves.
      await t.services.ledger.post({
        key: 'hand-2',
        kind: 'gameplay',
        tableId: table.id,
        handId: 'h2',
        movements: [
          { from: seat(human.id), to: seat(winner.id), amount: 1_000 },
          { from: seat(bot.id), to: seat(winner.id), amount: 800 },
          { from: seat(bot.id), to: Accounts.houseRake, amount: 160 },
          { from: seat(bot.id), to: Accounts.jackpot, amount: 40 },
        ],
      });
      const after = await read();
      const delta = (pick: (b: typeof after) => number) => pick(after) - pick(before);
      expect(delta((b) => b.contributions.rake.bots)).toBe(160);
      expect(delta((b) => b.contributions.rake.players)).toBe(80);
      expect(delta((b) => b.contributions.jackpot.bots)).toBe(40);
      expect(delta((b) => b.contributions.jackpot.players)).toBe(20);
      const today = (await admin('GET', '/data?days=1')).json().daily.series[0];
      expect(today.rakeFromBots).toBeGreaterThanOrEqual(160);
      expect(today.rake - today.rakeFromBots).toBeGreaterThanOrEqual(80);
    });
  });

  describe('the audit log', () => {
    it('every admin action writes one row with who, from where, what and a summary', async () => {
      const p = await t.player(20_000);
      const ip = { 'x-forwarded-for': '203.0.113.9' };
      const table = (await t.services.tables.list())[2];
      const steps: Array<[string, () => Promise<unknown>]> = [
        ['deposit.create', () => admin('POST', '/deposit', { userId: p.id, amount: 1_000 })],
        ['deposit.request', () => admin('POST', '/deposit', { userId: p.id, amount: 1_000_001 })],
      ];
      for (const [, step] of steps) await step();
      const pending = (await admin('GET', `/deposit?userId=${p.id}&status=pending`)).json().items[0];
      const credited = (await admin('GET', `/deposit?userId=${p.id}&status=credited`)).json().items[0];
      await as(approver.token)('PUT', `/deposit/approve?depositId=${pending.depositId}`);
      await admin('POST', `/deposit/reverse?depositId=${credited.depositId}`, { reason: 'test' });
      await adjust(p.id, 'credit', 5, 'test');
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount: 1_000 } });
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount: 1_000 } });
      const ws = (await admin('GET', `/withdrawal?userId=${p.id}`)).json().items;
      await admin('PUT', `/withdrawal/approve?withdrawalId=${ws[0].withdrawalId}`);
      await admin('PUT', `/withdrawal/reject?withdrawalId=${ws[1].withdrawalId}`, { reason: 'no' });
      // Four-eyes steps: a payout that waits, its approval withdrawn; credits cancelled and rejected.
      await adjust(p.id, 'credit', 2_000_000, 'big');
      const held = (await admin('POST', '/deposit', { userId: p.id, amount: 3_000_000 })).json();
      await as(approver.token)('PUT', `/deposit/reject?depositId=${held.depositId}`, { reason: 'no wire' });
      const heldAdjustment = (await admin('GET', `/deposit?userId=${p.id}&status=pending`)).json().items[0];
      await admin('PUT', `/deposit/cancel?depositId=${heldAdjustment.depositId}`, { reason: 'typo' });
      await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount: 1_000 } });
      const [big] = (await admin('GET', `/withdrawal?userId=${p.id}&status=pending`)).json().items;
      expect((await admin('PUT', `/withdrawal/approve?withdrawalId=${big.withdrawalId}`)).statusCode).toBe(
        202,
      );
      await admin('PUT', `/withdrawal/cancel-approval?withdrawalId=${big.withdrawalId}`, { reason: 'check' });
      const other = await t.player();
      const grants: number[] = [];
      for (const who of [other, await t.player(), await t.player()]) {
        grants.push((await admin('PATCH', `/user/role?userId=${who.id}`, { role: 'ADMIN' })).json().grantId);
      }
      await as(approver.token)('PUT', `/role-grant/confirm?grantId=${grants[0]}`);
      await admin('PUT', `/role-grant/cancel?grantId=${grants[1]}`, { reason: 'wrong person' });
      await as(approver.token)('PUT', `/role-grant/reject?grantId=${grants[2]}`, { reason: 'not staff' });
      await admin('PUT', `/user/block?userId=${other.id}`);
      await admin('PUT', `/user/unblock?userId=${other.id}`);
      await admin('DELETE', `/user?userId=${other.id}`);
      const created = await admin('POST', '/table', {
        name: 'Audit',
        variant: 'holdem',
        smallBlind: 1,
        bigBlind: 2,
        minBuyIn: 80,
        maxBuyIn: 200,
        maxPlayers: 6,
      });
      const tableId = created.json().tableId;
      await admin('PATCH', '/table', { tableId, name: 'Audited' });
      await admin('DELETE', `/table?tableId=${tableId}`);
      const seatedAt = await seatAtNewTable(p, 1_000);
      expect((await admin('DELETE', `/table/kick?tableId=${seatedAt}&userId=${p.id}`)).statusCode).toBe(200);
      await admin('PUT', `/table/simulate?tableId=${table.id}`);
      await admin('DELETE', `/table/simulate?tableId=${table.id}`);
      await admin('PUT', '/settings', { actionTimeSeconds: 21 }, ip);
      await admin('PUT', '/settings', { maintenance: { enabled: false, message: 'Back at 6' } });
      await admin('PUT', '/block/lobby-banner', { en: 'Hello', mn: 'Сайн уу' });
      await admin('POST', '/block', { name: 'audit-block', block: { en: 'a', mn: 'б' } });
      await admin('DELETE', '/block/audit-block');
      await admin('PUT', '/user/chat-mute', { userId: p.id, muted: true });
      await admin('PUT', '/user/chat-mute', { userId: p.id, muted: false });
      const tournament = await admin('POST', '/tournament', {
        name: 'Audit cup',
        kind: 'sng',
        variant: 'holdem',
        buyIn: 1_000,
        fee: 100,
        startingStack: 1_500,
        tableSize: 6,
        minEntrants: 2,
        maxEntrants: 6,
        structure: 'turbo',
      });
      expect(tournament.statusCode).toBe(201);
      const { tournamentId } = tournament.json();
      await admin('PATCH', `/tournament?tournamentId=${tournamentId}`, { name: 'Audited cup' });
      await admin('DELETE', `/tournament?tournamentId=${tournamentId}`);

      const page = AuditPageSchema.parse((await admin('GET', '/audit?limit=500')).json());
      const seen = new Set(page.items.map((i) => i.action));
      // Security events, the players' own protection choices (test/playerProtection.test.ts) and the system's
      // seat reconciliation after a takeover (tableFencing.test.ts) are not admin actions. Nor are a
      // player taking back their own pending withdrawal (withdrawal.cancel, test/withdrawalCancel.test.ts)
      // and the house paying a guaranteed tournament's overlay or the players' final-table deal (tournament.overlay,
      // tournament.deal: system postings of the tournament director, src/tournaments/ledgerTournamentBank.ts).
      const notByAdmins = new Set<string>([
        'table.reconcile',
        'withdrawal.cancel',
        'tournament.overlay',
        'tournament.deal',
      ]);
      const adminActions = AUDIT_ACTIONS.filter(
        (a) => !a.startsWith('security.') && !a.startsWith('protection.') && !notByAdmins.has(a),
      );
      for (const action of adminActions) expect(seen, action).toContain(action);
      const settingsRow = page.items.find((i) => i.action === 'settings.update')!;
      expect(settingsRow).toMatchObject({ actorId: t.admin.id, actorName: 'admin', targetType: 'settings' });
      expect(settingsRow.summary).toContain('actionTimeSeconds 20 -> 21');
      expect(settingsRow.ip).toEqual(expect.any(String));
      const roleRow = page.items.find((i) => i.action === 'user.role' && i.targetId === String(other.id))!;
      expect(roleRow.summary).toMatch(/PLAYER -> ADMIN/);
      expect(roleRow.actorName).toBe('approver');
      // Refused actions leave no row.
      const count = page.items.length;
      await admin('POST', '/deposit', { userId: p.id, amount: 999_999_999_999 });
      await admin('DELETE', `/user?userId=${t.admin.id}`);
      expect((await admin('GET', '/audit?limit=500')).json().items).toHaveLength(count);
    });

    it('audit rows cannot be updated or deleted, even with SQL', async () => {
      await admin('PUT', '/settings', { timeBankSeconds: 31 });
      await expect(
        t.services.db.execute(sql`UPDATE audit_log SET summary = 'nothing happened'`),
      ).rejects.toThrow();
      await expect(t.services.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
      expect((await listAudit(t.services.db, { limit: 1 }))[0].summary).toContain('timeBankSeconds');
    });

    it('filters by actor, action and target, pages newest first, and downloads as CSV', async () => {
      const p = await t.player();
      await admin('PUT', `/user/block?userId=${p.id}`);
      await admin('PUT', `/user/unblock?userId=${p.id}`);
      await as(approver.token)('PUT', `/user/block?userId=${p.id}`);
      const byTarget = (await admin('GET', `/audit?target=user:${p.id}`)).json();
      expect(byTarget.items.map((i: { action: string }) => i.action)).toEqual([
        'user.block',
        'user.unblock',
        'user.block',
      ]);
      const byActor = (await admin('GET', `/audit?target=${p.id}&actor=${approver.id}`)).json();
      expect(byActor.items).toHaveLength(1);
      expect(byActor.items[0].actorName).toBe('approver');
      const first = (await admin('GET', `/audit?target=user:${p.id}&limit=2`)).json();
      expect(first.items).toHaveLength(2);
      const second = (
        await admin('GET', `/audit?target=user:${p.id}&limit=2&before=${first.nextBefore}`)
      ).json();
      expect(second.items.map((i: { action: string }) => i.action)).toEqual(['user.block']);
      expect(second.nextBefore).toBeNull();
      const unblocks = (await admin('GET', `/audit?action=user.unblock&target=user:${p.id}`)).json();
      expect(unblocks.items).toHaveLength(1);
      for (const bad of [
        'limit=0',
        'limit=501',
        'before=x',
        'actor=-1',
        'action=DROP TABLE',
        'target=a%00b',
      ]) {
        expect((await admin('GET', `/audit?${bad}`)).statusCode, bad).toBe(400);
      }

      // The CSV: the same filter, a header, formulas defused (a table named =HYPERLINK(...)).
      await admin('POST', '/table', {
        name: '=HYPERLINK("x")',
        variant: 'holdem',
        smallBlind: 1,
        bigBlind: 2,
        minBuyIn: 80,
        maxBuyIn: 200,
        maxPlayers: 6,
      });
      const csv = await admin('GET', `/audit.csv?target=user:${p.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.body.trim().split('\r\n');
      expect(lines[0]).toBe('id,at,actor_id,actor_name,ip,action,target_type,target_id,summary');
      expect(lines).toHaveLength(4);
      const tables = await admin('GET', '/audit.csv?action=table.create');
      expect(tables.body).toContain('""=HYPERLINK(""x"")""');
      expect((await admin('GET', '/audit.csv?action=nope')).statusCode).toBe(400);
    });
  });

  describe('players cannot call any of the new routes', () => {
    it.each(NEW_ROUTES)(
      '%s %s: anonymous 401, a player 403, and nothing changes',
      async (method, path, payload) => {
        const p = await t.player(1_000);
        const before = await t.audit();
        const anonymous = await t.call({ method, url: `${A}${path}`, payload });
        expect(anonymous.statusCode).toBe(401);
        const asPlayer = await t.call({ method, url: `${A}${path}`, payload, token: p.token });
        expect(asPlayer.statusCode).toBe(403);
        expect(await t.audit()).toEqual(before);
        expect(await available(p.id)).toBe(1_000);
      },
    );
  });
});
