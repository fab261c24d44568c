import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { creditsAndPayoutsWithin } from '../ledger/ledgerReads.js';

/**
 * Four-eyes, the rules in one place (issue 17 part 1). The threat: one dishonest administrator, with
 * every account they can create, must not create or pay out money alone; two colluding can.
 *
 * - A credit (deposit, credit adjustment) or a payout (withdrawal) waits for a second administrator when
 *   it is above its threshold, when the total of credits and payouts to that account over the last
 *   24 h including this one would pass the threshold (no splitting: of five deposits of exactly the
 *   threshold, only the first goes alone), or when it concerns the acting administrator's own account.
 * - The second administrator is neither the maker nor the account's owner, was not made ADMIN at the
 *   maker's request, and has held the role for at least `fourEyes.approverMinAdminHours`.
 */
export const ROLLING_WINDOW_HOURS = 24;

export interface MoneyRequest {
  actorId: number;
  /** The account the money goes to (a credit) or comes from (a payout). */
  beneficiaryId: number;
  amount: number;
  /** The amount above which one such move always waits for a second administrator. */
  threshold: number;
}

/** Why a money move must wait for a second administrator (null: one administrator may do it). */
export async function secondAdminNeeded(tx: Database, request: MoneyRequest): Promise<string | null> {
  if (request.beneficiaryId === request.actorId) return 'it concerns your own account';
  if (request.amount > request.threshold) return `it is above ₮${request.threshold}`;
  const recent = await creditsAndPayoutsWithin(tx, request.beneficiaryId, ROLLING_WINDOW_HOURS);
  if (recent + request.amount > request.threshold) {
    return `with ₮${recent} already moved in ${ROLLING_WINDOW_HOURS} h it passes ₮${request.threshold}`;
  }
  return null;
}

/**
 * Locks the account whose money moves, so that two credits or payouts to it at once are counted one
 * after the other (neither misses the other in the rolling total).
 */
export async function lockBeneficiary(tx: Database, userId: number): Promise<void> {
  await queryRows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export interface ApprovalParties {
  approverId: number;
  makerId: number;
  /** The account the money goes to or comes from (null for a role grant: the target is not yet admin). */
  beneficiaryId: number | null;
  approverMinAdminHours: number;
}

/** Why this administrator may not be the second one (null: they may). */
export async function approverRefusal(db: Database, parties: ApprovalParties): Promise<string | null> {
  if (parties.approverId === parties.makerId) {
    return 'A second, different administrator must approve what you made';
  }
  if (parties.approverId === parties.beneficiaryId) {
    return 'An administrator never approves money to or from their own account';
  }
  const [approver] = await queryRows<{ granted_by: number | null; young: boolean }>(
    db,
    sql`SELECT admin_granted_by AS granted_by,
               coalesce(admin_since > now() - make_interval(hours => ${parties.approverMinAdminHours}), false) AS young
        FROM users WHERE id = ${parties.approverId}`,
  );
  if (!approver) return 'Unknown administrator';
  if (approver.granted_by !== null && Number(approver.granted_by) === parties.makerId) {
    return 'You were made an administrator at the request of the one who made this';
  }
  if (approver.young) {
    return `Your administrator role is younger than ${parties.approverMinAdminHours} hours`;
  }
  return null;
}

/** Throws 403 second_admin_required unless this administrator may be the second one. */
export async function assertSecondApprover(db: Database, parties: ApprovalParties): Promise<void> {
  const refusal = await approverRefusal(db, parties);
  if (refusal) throw new AppError(403, 'second_admin_required', refusal);
}

/** How many other active administrators the site has (none: the owner bootstraps the team alone). */
export async function otherAdministrators(db: Database, actorId: number): Promise<number> {
  const [{ others }] = await queryRows<{ others: string | number }>(
    db,
    sql`SELECT count(*) AS others FROM users
        WHERE role = 'ADMIN' AND status = 'active' AND NOT is_bot AND id <> ${actorId}`,
  );
  return Number(others);
}

/** The settings four-eyes rests on, as far as one administrator could loosen them. */
export interface FourEyesSettings {
  deposit: { dualApprovalAbove: number };
  withdrawal: { dualApprovalAbove: number };
  fourEyes: { approverMinAdminHours: number };
}

/**
 * Whether a settings change loosens four-eyes (a higher threshold, a shorter wait for new approvers).
 * One administrator may tighten them, never loosen them alone (else: raise the threshold, credit,
 * lower it again).
 */
export function loosensFourEyes(before: FourEyesSettings, after: FourEyesSettings): boolean {
  return (
    after.deposit.dualApprovalAbove > before.deposit.dualApprovalAbove ||
    after.withdrawal.dualApprovalAbove > before.withdrawal.dualApprovalAbove ||
    after.fourEyes.approverMinAdminHours < before.fourEyes.approverMinAdminHours
  );
}
