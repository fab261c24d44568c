import type { Database } from '../db/client.js';
import type { SettingsService } from '../settings/settingsService.js';
import type { AdminActor, DepositView, WalletService, WithdrawalView } from '../wallet/walletService.js';
import { approverRefusal } from './fourEyes.js';
import type { RoleGrantDesk, RoleGrantView } from './roleGrants.js';

/** What the calling administrator may do with a waiting item. */
export interface MayDo {
  youMayApprove: boolean;
  youMayCancel: boolean;
}

export interface ApprovalQueueView {
  deposits: Array<DepositView & MayDo>;
  withdrawals: Array<WithdrawalView & MayDo>;
  roleGrants: Array<RoleGrantView & MayDo>;
}

/** The most of each kind the queue shows (oldest first); more waiting is an operations problem. */
const QUEUE_LIMIT = 100;

/**
 * Everything that waits for a second administrator, and for each item whether the calling administrator
 * may approve it (the four-eyes rules) or cancel it (they made it): what waits for whom.
 */
export async function approvalQueue(
  deps: { db: Database; wallet: WalletService; roleGrants: RoleGrantDesk; settings: SettingsService },
  actor: AdminActor,
): Promise<ApprovalQueueView> {
  const { fourEyes } = await deps.settings.get();
  const [deposits, withdrawals, grants] = await Promise.all([
    deps.wallet.listDeposits({ status: 'pending', pageSize: QUEUE_LIMIT }),
    deps.wallet.listWithdrawals({ status: 'pending', pageSize: QUEUE_LIMIT }),
    deps.roleGrants.pending(),
  ]);
  const mayApprove = async (makerId: number, beneficiaryId: number) =>
    (await approverRefusal(deps.db, {
      approverId: actor.actorId,
      makerId,
      beneficiaryId,
      approverMinAdminHours: fourEyes.approverMinAdminHours,
    })) === null;
  return {
    deposits: await Promise.all(
      deposits.items.map(async (d) => ({
        ...d,
        youMayApprove: await mayApprove(d.createdById, d.userId),
        youMayCancel: d.createdById === actor.actorId,
      })),
    ),
    withdrawals: await Promise.all(
      withdrawals.items
        .filter((w) => w.firstApprovedById !== null)
        .map(async (w) => ({
          ...w,
          youMayApprove: await mayApprove(w.firstApprovedById!, w.userId),
          youMayCancel: w.firstApprovedById === actor.actorId,
        })),
    ),
    roleGrants: await Promise.all(
      grants.map(async (g) => ({
        ...g,
        youMayApprove: await mayApprove(g.requestedById, g.userId),
        youMayCancel: g.requestedById === actor.actorId,
      })),
    ),
  };
}
