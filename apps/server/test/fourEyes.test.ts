import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminDepositSchema, ApprovalQueueSchema } from '@tenger/protocol';
import { listAudit } from '../src/audit/auditLog.js';
import { Accounts } from '../src/ledger/accounts.js';
import { adminCalls } from '../src/testing/adminCalls.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';

// Issue 17 part 1: one dishonest administrator, with every account they can create, cannot create or
// pay out money alone. Each attack below was reproduced against the site before these rules.
describe.each(TEST_DRIVERS)('four-eyes on credits, payouts and admin grants on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const { as, admin, adjust, available } = adminCalls(() => t);
  const auditOf = async (action: string, targetId: number) =>
    (await listAudit(t.services.db, { limit: 500, action })).filter((r) => r.targetId === String(targetId));
  const login = async (p: TestPlayer): Promise<TestPlayer> => {
    const session = await t.services.auth.login(
      { username: p.username, password: 'player-password' },
      'test',
    );
    return { ...p, token: session.accessToken };
  };

  describe('the only administrator bootstraps the team', () => {
    it('grants ADMIN alone, and the admin they made cannot approve their deposit', async () => {
      const puppet = await t.player(0, 'first_helper');
      const granted = await admin('PATCH', `/user/role?userId=${puppet.id}`, { role: 'ADMIN' });
      expect(granted.statusCode).toBe(200);
      expect(granted.json().role).toBe('ADMIN');
      const helper = await login(puppet);
      const pending = await admin('POST', '/deposit', { userId: t.admin.id, amount: 9_000_000 });
      expect(pending.statusCode).toBe(202);
      const refused = await as(helper.token)('PUT', `/deposit/approve?depositId=${pending.json().depositId}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('second_admin_required');
      expect(await available(t.admin.id)).toBe(0);
      // Tidy up: the maker cancels it, with a reason.
      const cancelled = await admin('PUT', `/deposit/cancel?depositId=${pending.json().depositId}`, {
        reason: 'test over',
      });
      expect(cancelled.json().status).toBe('cancelled');
    });
  });

  describe('with a team of administrators', () => {
    let honest: TestPlayer;
    let other: TestPlayer;
    beforeAll(async () => {
      honest = await seasonedAdmin('honest_admin');
      other = await seasonedAdmin('other_admin');
    });

    /** An administrator made from the environment long ago: no grant by anyone here, older than a day. */
    async function seasonedAdmin(name: string): Promise<TestPlayer> {
      const p = await t.player(0, name);
      await t.services.db.execute(
        sql`UPDATE users SET role = 'ADMIN', admin_since = now() - interval '2 days' WHERE id = ${p.id}`,
      );
      return login(p);
    }

    it('a credit adjustment to the acting admin’s own account waits, whatever the amount', async () => {
      for (const amount of [10_000_000, 100]) {
        const res = await adjust(t.admin.id, 'credit', amount, 'bonus to me');
        expect(res.statusCode).toBe(202);
        expect(res.json()).toMatchObject({ status: 'pending', kind: 'adjustment', amount });
        expect(await available(t.admin.id)).toBe(0);
        const own = await admin('PUT', `/deposit/approve?depositId=${res.json().depositId}`);
        expect(own.statusCode).toBe(403);
        expect(await available(t.admin.id)).toBe(0);
        expect(await auditOf('balance.adjust_request', res.json().depositId)).toHaveLength(1);
      }
    });

    it('a credit adjustment above the threshold waits; a second admin credits it once as an adjustment', async () => {
      const p = await t.player();
      const res = await adjust(p.id, 'credit', 1_000_001, 'goodwill');
      expect(res.statusCode).toBe(202);
      expect(await available(p.id)).toBe(0);
      const approved = await as(honest.token)('PUT', `/deposit/approve?depositId=${res.json().depositId}`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'credited', approvedBy: 'honest_admin' });
      expect(await available(p.id)).toBe(1_000_001);
      // An adjustment is not a deposit the player sees in their deposit list.
      expect((await t.call({ method: 'GET', url: `${U}/deposit`, token: p.token })).json().total).toBe(0);
    });

    it('five deposits of exactly the threshold in 24 h: the first is credited, every further one waits', async () => {
      const p = await t.player();
      const statuses: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await admin('POST', '/deposit', { userId: p.id, amount: 1_000_000, note: `part ${i}` });
        statuses.push(AdminDepositSchema.parse(res.json()).status);
      }
      expect(statuses).toEqual(['credited', 'pending', 'pending', 'pending', 'pending']);
      expect(await available(p.id)).toBe(1_000_000);
      // Credits and payouts count together: one tugrik more by adjustment waits too.
      const tiny = await adjust(p.id, 'credit', 1, 'x');
      expect(tiny.statusCode).toBe(202);
      expect(await available(p.id)).toBe(1_000_000);
    });

    it('a sock puppet cannot approve: a fresh ADMIN made at the maker’s request is refused, even once confirmed', async () => {
      const puppet = await t.player(0, 'puppet_admin');
      const asked = await admin('PATCH', `/user/role?userId=${puppet.id}`, { role: 'ADMIN' });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toMatchObject({ status: 'pending', role: 'ADMIN', requestedBy: 'admin' });
      expect((await t.services.users.get(puppet.id)).role).toBe('PLAYER');
      // The maker cannot confirm their own grant.
      const self = await admin('PUT', `/role-grant/confirm?grantId=${asked.json().grantId}`);
      expect(self.statusCode).toBe(403);
      const confirmed = await as(honest.token)('PUT', `/role-grant/confirm?grantId=${asked.json().grantId}`);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'confirmed', confirmedBy: 'honest_admin' });
      expect((await t.services.users.get(puppet.id)).role).toBe('ADMIN');
      expect(await auditOf('user.role_request', puppet.id)).toHaveLength(1);
      expect(await auditOf('user.role', puppet.id)).toHaveLength(1);

      const sock = await login(puppet);
      const deposit = await admin('POST', '/deposit', { userId: t.admin.id, amount: 9_000_000 });
      expect(deposit.statusCode).toBe(202);
      const refused = await as(sock.token)('PUT', `/deposit/approve?depositId=${deposit.json().depositId}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('second_admin_required');
      expect(await available(t.admin.id)).toBe(0);

      // Nor can a fresh admin granted by someone else approve before the role is a day old.
      const fresh = await t.player(0, 'fresh_admin');
      const grant = (
        await as(honest.token)('PATCH', `/user/role?userId=${fresh.id}`, { role: 'ADMIN' })
      ).json();
      await as(other.token)('PUT', `/role-grant/confirm?grantId=${grant.grantId}`);
      const young = await as((await login(fresh)).token)(
        'PUT',
        `/deposit/approve?depositId=${deposit.json().depositId}`,
      );
      expect(young.statusCode).toBe(403);
      expect(await available(t.admin.id)).toBe(0);
      await as(honest.token)('PUT', `/deposit/reject?depositId=${deposit.json().depositId}`, {
        reason: 'no wire',
      });
    });

    it('an admin’s own ₮15,000,000 withdrawal approved by themself waits; a second admin pays it once', async () => {
      await t.services.ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(t.admin.id),
        amount: 15_000_000,
        kind: 'deposit',
        key: 'four-eyes:admin-funds',
      });
      const asked = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: t.admin.token,
        payload: { amount: 15_000_000 },
      });
      expect(asked.statusCode).toBe(201);
      const id = asked.json().withdrawalId as number;
      const first = await admin('PUT', `/withdrawal/approve?withdrawalId=${id}`);
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ status: 'pending', firstApprovedBy: 'admin' });
      expect((await t.services.ledger.balancesOf(t.admin.id)).locked).toBe(15_000_000);
      expect((await admin('PUT', `/withdrawal/approve?withdrawalId=${id}`)).statusCode).toBe(403);
      expect(await auditOf('withdrawal.approve_request', id)).toHaveLength(1);
      const bankBefore = (await t.services.ledger.bookTotals()).outside_bank;
      const paid = await as(honest.token)('PUT', `/withdrawal/approve?withdrawalId=${id}`);
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toMatchObject({
        status: 'approved',
        approvedBy: 'honest_admin',
        firstApprovedBy: 'admin',
      });
      expect((await t.services.ledger.bookTotals()).outside_bank).toBe(bankBefore + 15_000_000);
      expect((await t.services.ledger.balancesOf(t.admin.id)).locked).toBe(0);
    });

    it('a small own withdrawal waits too, and a player’s small one is paid by one admin', async () => {
      await t.services.ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(honest.id),
        amount: 5_000,
        kind: 'deposit',
        key: 'four-eyes:honest-funds',
      });
      const own = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: honest.token,
        payload: { amount: 5_000 },
      });
      const waits = await as(honest.token)(
        'PUT',
        `/withdrawal/approve?withdrawalId=${own.json().withdrawalId}`,
      );
      expect(waits.statusCode).toBe(202);
      const cancelled = await as(honest.token)(
        'PUT',
        `/withdrawal/cancel-approval?withdrawalId=${own.json().withdrawalId}`,
        { reason: 'changed my mind' },
      );
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'pending', firstApprovedBy: null });
      expect(await auditOf('withdrawal.approve_cancel', own.json().withdrawalId)).toHaveLength(1);
      await admin('PUT', `/withdrawal/reject?withdrawalId=${own.json().withdrawalId}`, { reason: 'tidy' });

      const p = await t.player(5_000);
      const small = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 2_000 },
      });
      const paid = await admin('PUT', `/withdrawal/approve?withdrawalId=${small.json().withdrawalId}`);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().status).toBe('approved');
    });

    it('a player’s withdrawal above withdrawal.dualApprovalAbove waits for a second admin', async () => {
      const p = await t.player(1_500_000);
      const asked = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount: 1_000_001 },
      });
      const id = asked.json().withdrawalId;
      expect((await admin('PUT', `/withdrawal/approve?withdrawalId=${id}`)).statusCode).toBe(202);
      expect((await as(honest.token)('PUT', `/withdrawal/approve?withdrawalId=${id}`)).statusCode).toBe(200);
      expect((await t.services.ledger.balancesOf(p.id)).locked).toBe(0);
    });

    it('the maker cancels a pending deposit and another admin rejects one, each with a reason, never the other way', async () => {
      const p = await t.player();
      const one = (await admin('POST', '/deposit', { userId: p.id, amount: 2_000_000 })).json();
      const two = (await admin('POST', '/deposit', { userId: p.id, amount: 3_000_000 })).json();
      expect(
        (await as(honest.token)('PUT', `/deposit/cancel?depositId=${one.depositId}`, { reason: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await admin('PUT', `/deposit/reject?depositId=${two.depositId}`, { reason: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await admin('PUT', `/deposit/cancel?depositId=${one.depositId}`, { reason: '' })).statusCode,
      ).toBe(400);
      const cancelled = await admin('PUT', `/deposit/cancel?depositId=${one.depositId}`, {
        reason: 'typed twice',
      });
      expect(cancelled.json()).toMatchObject({
        status: 'cancelled',
        closedBy: 'admin',
        closedReason: 'typed twice',
      });
      const rejected = await as(honest.token)('PUT', `/deposit/reject?depositId=${two.depositId}`, {
        reason: 'no wire seen',
      });
      expect(rejected.json()).toMatchObject({ status: 'rejected', closedBy: 'honest_admin' });
      // Closed is closed: no approval afterwards.
      expect((await as(honest.token)('PUT', `/deposit/approve?depositId=${one.depositId}`)).statusCode).toBe(
        409,
      );
      expect(await available(p.id)).toBe(0);
      expect((await auditOf('deposit.cancel', one.depositId))[0].summary).toContain('typed twice');
      expect((await auditOf('deposit.reject', two.depositId))[0].summary).toContain('no wire seen');
    });

    it('an ADMIN grant can be cancelled by its maker or rejected by another admin, with a reason', async () => {
      const a = await t.player();
      const b = await t.player();
      const ga = (await admin('PATCH', `/user/role?userId=${a.id}`, { role: 'ADMIN' })).json();
      const gb = (await admin('PATCH', `/user/role?userId=${b.id}`, { role: 'ADMIN' })).json();
      expect(
        (await as(honest.token)('PUT', `/role-grant/cancel?grantId=${ga.grantId}`, { reason: 'x' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await admin('PUT', `/role-grant/cancel?grantId=${ga.grantId}`, { reason: 'wrong person' })).json()
          .status,
      ).toBe('cancelled');
      expect(
        (await admin('PUT', `/role-grant/reject?grantId=${gb.grantId}`, { reason: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (
          await as(honest.token)('PUT', `/role-grant/reject?grantId=${gb.grantId}`, { reason: 'not staff' })
        ).json().status,
      ).toBe('rejected');
      expect((await t.services.users.get(a.id)).role).toBe('PLAYER');
      expect((await t.services.users.get(b.id)).role).toBe('PLAYER');
      expect((await auditOf('user.role_cancel', a.id))[0].summary).toContain('wrong person');
      expect((await auditOf('user.role_reject', b.id))[0].summary).toContain('not staff');
    });

    it('one administrator may tighten four-eyes settings but never loosen them', async () => {
      for (const loosen of [
        { deposit: { dualApprovalAbove: 10_000_000 } },
        { withdrawal: { dualApprovalAbove: 50_000_000 } },
        { fourEyes: { approverMinAdminHours: 0 } },
      ]) {
        const res = await admin('PUT', '/settings', loosen);
        expect(res.statusCode, JSON.stringify(loosen)).toBe(403);
        expect(res.json().error.code).toBe('second_admin_required');
      }
      const tightened = await admin('PUT', '/settings', { withdrawal: { dualApprovalAbove: 500_000 } });
      expect(tightened.statusCode).toBe(200);
      expect(tightened.json().withdrawal.dualApprovalAbove).toBe(500_000);
      await t.services.settings.update({ withdrawal: { dualApprovalAbove: 1_000_000 } });
      const settings = (await admin('GET', '/settings')).json();
      expect(settings).toMatchObject({
        deposit: { dualApprovalAbove: 1_000_000 },
        withdrawal: { dualApprovalAbove: 1_000_000 },
        fourEyes: { approverMinAdminHours: 24 },
      });
    });

    it('the approval queue says what waits for whom', async () => {
      const p = await t.player();
      const d = (await admin('POST', '/deposit', { userId: p.id, amount: 4_000_000 })).json();
      const mine = ApprovalQueueSchema.parse((await admin('GET', '/approvals')).json());
      const entry = mine.deposits.find((x) => x.depositId === d.depositId)!;
      expect(entry).toMatchObject({ createdBy: 'admin', youMayApprove: false, youMayCancel: true });
      const theirs = ApprovalQueueSchema.parse((await as(honest.token)('GET', '/approvals')).json());
      expect(theirs.deposits.find((x) => x.depositId === d.depositId)).toMatchObject({
        youMayApprove: true,
        youMayCancel: false,
      });
      await admin('PUT', `/deposit/cancel?depositId=${d.depositId}`, { reason: 'done' });
    });

    it('players cannot see or touch the queue', async () => {
      const p = await t.player(1_000);
      for (const [method, path] of [
        ['GET', '/approvals'],
        ['PUT', '/deposit/cancel?depositId=1'],
        ['PUT', '/deposit/reject?depositId=1'],
        ['PUT', '/withdrawal/cancel-approval?withdrawalId=1'],
        ['PUT', '/role-grant/confirm?grantId=1'],
        ['PUT', '/role-grant/cancel?grantId=1'],
        ['PUT', '/role-grant/reject?grantId=1'],
      ]) {
        expect((await as(p.token)(method, path, { reason: 'x' })).statusCode, path).toBe(403);
      }
    });
  });
});
