import { and, eq, sql } from 'drizzle-orm';
import type { RoleGrantStatus } from '@tenger/protocol';
import { recordAudit } from '../audit/auditLog.js';
import type { AuthService } from '../auth/authService.js';
import { queryRows, type Database } from '../db/client.js';
import { roleGrants, users } from '../db/schema.js';
import { AppError, conflict, notFound } from '../errors.js';
import type { SettingsService } from '../settings/settingsService.js';
import type { AdminActor } from '../wallet/depositDesk.js';
import { assertSecondApprover, otherAdministrators } from './fourEyes.js';

export interface RoleGrantView {
  id: number;
  userId: number;
  username: string;
  role: 'ADMIN';
  status: RoleGrantStatus;
  requestedBy: string;
  requestedById: number;
  requestedAt: Date;
  confirmedBy: string | null;
  resolvedBy: string | null;
  reason: string | null;
}

/**
 * Grants of the ADMIN role. A second administrator confirms each one, independent of the one who asked
 * (the same rule as for money: see fourEyes.ts); a site whose only administrator is the granter grants
 * alone, so that the owner can bootstrap the team. The new administrator remembers when and at whose
 * request they became one, which keeps them from approving that administrator's money.
 */
export class RoleGrantDesk {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly settings: SettingsService,
  ) {}

  /** Grants at once (`granted`) on a one-administrator site, else records a grant that waits. */
  async request(
    actor: AdminActor,
    userId: number,
  ): Promise<{ granted: true } | { granted: false; grant: RoleGrantView }> {
    if (actor.actorId === userId) throw conflict('conflict', 'You cannot change your own role');
    const grantId = await this.transaction(async (tx) => {
      const target = await lockGrantee(tx, userId);
      if ((await otherAdministrators(tx, actor.actorId)) === 0) {
        await this.makeAdmin(tx, actor, target, actor.actorId, 'granted alone: the only administrator');
        return null;
      }
      const [row] = await tx
        .insert(roleGrants)
        .values({ userId, role: 'ADMIN', requestedBy: actor.actorId })
        .onConflictDoNothing()
        .returning({ id: roleGrants.id });
      if (!row) throw conflict('conflict', 'A grant of ADMIN to this account already waits');
      await recordAudit(tx, {
        ...actor,
        action: 'user.role_request',
        targetType: 'user',
        targetId: userId,
        summary: `${target.username}: role ${target.role} -> ADMIN requested; waits for a second administrator`,
        coded: { code: 'user.role_request', params: { username: target.username, from: target.role } },
      });
      return row.id;
    });
    if (grantId === null) {
      this.auth.forgetSessions(userId);
      return { granted: true };
    }
    return { granted: false, grant: await this.get(grantId) };
  }

  /** A second, independent administrator confirms: the account becomes ADMIN (its sessions end). */
  async confirm(actor: AdminActor, grantId: number): Promise<RoleGrantView> {
    const { fourEyes } = await this.settings.get();
    const userId = await this.transaction(async (tx) => {
      const grant = await lockPendingGrant(tx, grantId);
      await assertSecondApprover(tx, {
        approverId: actor.actorId,
        makerId: grant.requestedBy,
        beneficiaryId: grant.userId,
        approverMinAdminHours: fourEyes.approverMinAdminHours,
      });
      const target = await lockGrantee(tx, grant.userId);
      await tx
        .update(roleGrants)
        .set({ status: 'confirmed', resolvedBy: actor.actorId, resolvedAt: new Date() })
        .where(eq(roleGrants.id, grantId));
      await this.makeAdmin(
        tx,
        actor,
        target,
        grant.requestedBy,
        `requested by admin #${grant.requestedBy}, confirmed`,
      );
      return grant.userId;
    });
    this.auth.forgetSessions(userId);
    return this.get(grantId);
  }

  /** The maker withdraws a waiting grant, with a reason. */
  cancel(actor: AdminActor, grantId: number, reason: string): Promise<RoleGrantView> {
    return this.close(actor, grantId, 'cancelled', reason);
  }

  /** Another administrator refuses a waiting grant, with a reason. */
  reject(actor: AdminActor, grantId: number, reason: string): Promise<RoleGrantView> {
    return this.close(actor, grantId, 'rejected', reason);
  }

  /** Waiting grants, oldest first. */
  async pending(): Promise<RoleGrantView[]> {
    return this.rows(sql`WHERE g.status = 'pending' ORDER BY g.id`);
  }

  async get(grantId: number): Promise<RoleGrantView> {
    const [row] = await this.rows(sql`WHERE g.id = ${grantId}`);
    if (!row) throw notFound('Role grant');
    return row;
  }

  private async close(
    actor: AdminActor,
    grantId: number,
    status: 'cancelled' | 'rejected',
    reason: string,
  ): Promise<RoleGrantView> {
    await this.transaction(async (tx) => {
      const grant = await lockPendingGrant(tx, grantId);
      const byMaker = grant.requestedBy === actor.actorId;
      if (status === 'cancelled' && !byMaker) {
        throw new AppError(403, 'forbidden', 'Only the administrator who asked can cancel it; others reject');
      }
      if (status === 'rejected' && byMaker) {
        throw new AppError(403, 'forbidden', 'Cancel what you asked for; another administrator rejects');
      }
      await tx
        .update(roleGrants)
        .set({ status, resolvedBy: actor.actorId, reason, resolvedAt: new Date() })
        .where(and(eq(roleGrants.id, grantId), eq(roleGrants.status, 'pending')));
      await recordAudit(tx, {
        ...actor,
        action: status === 'cancelled' ? 'user.role_cancel' : 'user.role_reject',
        targetType: 'user',
        targetId: grant.userId,
        summary: `grant of ADMIN ${status}; ${reason}`,
        coded: { code: 'user.role_grant_closed', params: { to: status, reason } },
      });
    });
    return this.get(grantId);
  }

  private async makeAdmin(
    tx: Database,
    actor: AdminActor,
    target: { id: number; username: string; role: string },
    requestedBy: number,
    how: string,
  ): Promise<void> {
    await tx
      .update(users)
      .set({ role: 'ADMIN', adminSince: new Date(), adminGrantedBy: requestedBy })
      .where(eq(users.id, target.id));
    await this.auth.revokeAll(target.id, tx);
    await recordAudit(tx, {
      ...actor,
      action: 'user.role',
      targetType: 'user',
      targetId: target.id,
      summary: `${target.username}: role ${target.role} -> ADMIN (${how})`,
      coded: { code: 'user.role', params: { username: target.username, from: target.role, to: 'ADMIN' } },
    });
  }

  private transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((transaction) => work(transaction as unknown as Database));
  }

  private async rows(tail: ReturnType<typeof sql>): Promise<RoleGrantView[]> {
    const rows = await queryRows<{
      id: number;
      user_id: number;
      username: string;
      status: RoleGrantStatus;
      requested_by: string;
      requested_by_id: number;
      created_at: Date | string;
      resolved_by: string | null;
      reason: string | null;
    }>(
      this.db,
      sql`SELECT g.id, g.user_id, u.username, g.status, m.username AS requested_by,
                 g.requested_by AS requested_by_id, g.created_at, r.username AS resolved_by, g.reason
          FROM role_grants g JOIN users u ON u.id = g.user_id JOIN users m ON m.id = g.requested_by
          LEFT JOIN users r ON r.id = g.resolved_by ${tail}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      username: r.username,
      role: 'ADMIN',
      status: r.status,
      requestedBy: r.requested_by,
      requestedById: Number(r.requested_by_id),
      requestedAt: new Date(r.created_at),
      confirmedBy: r.status === 'confirmed' ? r.resolved_by : null,
      resolvedBy: r.resolved_by,
      reason: r.reason,
    }));
  }
}

async function lockGrantee(tx: Database, userId: number) {
  const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!target) throw notFound('User');
  if (target.status === 'deleted') throw conflict('conflict', 'This account is deleted');
  if (target.isBot) throw conflict('conflict', 'A bot cannot be an administrator');
  if (target.role === 'ADMIN') throw conflict('conflict', 'This account is already an administrator');
  return target;
}

async function lockPendingGrant(tx: Database, grantId: number) {
  const [grant] = await tx.select().from(roleGrants).where(eq(roleGrants.id, grantId)).for('update');
  if (!grant) throw notFound('Role grant');
  if (grant.status !== 'pending') {
    throw new AppError(409, 'already_resolved', `This grant was already ${grant.status}`);
  }
  return grant;
}
