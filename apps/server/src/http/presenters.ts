import type {
  RoleGrant,
  AuditItem,
  AdminDeposit,
  AdminTable,
  AdminUser,
  AdminWithdrawal,
  Deposit,
  Me,
  MyWaitlist,
  Outcome,
  Preferences,
  TableSummary,
  TableWaitlist,
  Withdrawal,
  PlayerDepositStatus,
} from '@tenger/protocol';
import type { AuditRow } from '../audit/auditLog.js';
import type { RoleGrantView } from '../fourEyes/roleGrants.js';
import type { UserBalances } from '../ledger/ledger.js';
import type { TableRow } from '../tables/tableCatalogue.js';
import type { UserRecord } from '../users/userRecord.js';
import type { UserWithMoney } from '../users/userService.js';
import type { DepositView, OutcomeView, WithdrawalView } from '../wallet/walletService.js';

/** What leaves the server, shaped on purpose: a user never leaves with its password hash. */

export const code = (prefix: string, id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

export function presentMe(user: UserRecord, balances: Pick<UserBalances, 'available' | 'locked'>): Me {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    isAdmin: user.role === 'ADMIN',
    balance: balances.available,
    locked: balances.locked,
    bank: user.bank,
    accountNumber: user.accountNumber,
    preferences: user.preferences as Preferences,
    createdAt: user.createdAt.toISOString(),
  };
}

export function presentAdminUser(user: UserWithMoney): AdminUser {
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    status: user.status,
    isBot: user.isBot,
    balance: user.available,
    locked: user.locked,
    bank: user.bank,
    accountNumber: user.accountNumber,
    preferences: user.preferences as Preferences,
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    depositReference: user.depositRef,
  };
}

/** What the player reads of a deposit's status (a cancelled one is never listed to them). */
const PLAYER_DEPOSIT_STATUS: Partial<Record<DepositView['status'], PlayerDepositStatus>> = {
  pending: 'pending',
  credited: 'credited',
  reversed: 'reversed',
  rejected: 'refused',
};

export function presentDeposit(d: DepositView): Deposit {
  return {
    depositId: d.id,
    code: code('DEP', d.id),
    amount: d.amount,
    note: d.note,
    approvedAt: (d.approvedAt ?? d.createdAt).toISOString(),
    status: PLAYER_DEPOSIT_STATUS[d.status] ?? 'refused',
  };
}

export function presentAdminDeposit(d: DepositView): AdminDeposit {
  return {
    depositId: d.id,
    code: code('DEP', d.id),
    userId: d.userId,
    username: d.username,
    amount: d.amount,
    note: d.note,
    status: d.status,
    createdBy: d.createdBy,
    createdById: d.createdById,
    createdAt: d.createdAt.toISOString(),
    approvedAt: d.approvedAt?.toISOString() ?? null,
    approvedBy: d.approvedBy,
    reversal: d.reversal && { ...d.reversal, at: d.reversal.at.toISOString() },
    kind: d.kind,
    closedBy: d.closedBy,
    closedReason: d.closedReason,
  };
}

export function presentAuditItem(row: AuditRow): AuditItem {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    ip: row.ip,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    summary: row.summary,
    summaryCode: row.summaryCode ?? null,
    summaryParams: row.summaryParams ?? {},
  };
}

export function presentWithdrawal(w: WithdrawalView): Withdrawal {
  return {
    withdrawalId: w.id,
    code: code('WDR', w.id),
    userId: w.userId,
    username: w.username,
    amount: w.amount,
    status: w.status,
    requestedAt: w.requestedAt.toISOString(),
    approvedBy: w.resolvedBy,
    approvedAt: w.resolvedAt?.toISOString() ?? null,
    reason: w.reason,
  };
}

export function presentRoleGrant(g: RoleGrantView): RoleGrant {
  return {
    grantId: g.id,
    userId: g.userId,
    username: g.username,
    role: g.role,
    status: g.status,
    requestedBy: g.requestedBy,
    requestedById: g.requestedById,
    requestedAt: g.requestedAt.toISOString(),
    confirmedBy: g.confirmedBy,
    resolvedBy: g.resolvedBy,
    reason: g.reason,
  };
}

export function presentAdminWithdrawal(w: WithdrawalView): AdminWithdrawal {
  return {
    ...presentWithdrawal(w),
    bank: w.bank,
    accountNumber: w.accountNumber,
    firstApprovedBy: w.firstApprovedBy,
  };
}

export function presentOutcome(o: OutcomeView): Outcome {
  return {
    outcomeId: o.transactionId,
    code: code('TX', o.transactionId),
    type: o.type,
    amount: o.amount,
    date: o.createdAt.toISOString(),
    tableId: o.tableId,
    handId: o.handId,
  };
}

export function tableStatus(row: TableRow, playing: boolean): TableSummary['status'] {
  if (row.closed) return 'closed';
  return playing ? 'playing' : 'waiting';
}

export function presentTableSummary(row: TableRow, seated: number, playing: boolean): TableSummary {
  return {
    tableId: row.id,
    no: row.no,
    name: row.name,
    variant: row.variant,
    betting: row.betting,
    buyIn: { min: row.minBuyIn, max: row.maxBuyIn },
    blinds: { small: row.smallBlind, big: row.bigBlind },
    players: { seated, max: row.maxPlayers },
    status: tableStatus(row, playing),
  };
}

/** A table's waiting list as `userId` sees it: the count, their place and their own offer (nobody else's). */
export function presentWaitlist(tableId: number, list: TableWaitlist | null, userId: number): MyWaitlist {
  const at = list?.userIds.indexOf(userId) ?? -1;
  const offer = list?.offer?.userId === userId ? list.offer : null;
  return {
    tableId,
    waiting: list?.userIds.length ?? 0,
    place: at < 0 ? null : at + 1,
    offer: offer ? { seat: offer.seat, deadline: offer.deadline } : null,
  };
}

export function presentAdminTable(
  row: TableRow,
  seated: number,
  playing: boolean,
  simulation: boolean,
): AdminTable {
  return {
    tableId: row.id,
    no: row.no,
    name: row.name,
    variant: row.variant,
    betting: row.betting,
    smallBlind: row.smallBlind,
    bigBlind: row.bigBlind,
    minBuyIn: row.minBuyIn,
    maxBuyIn: row.maxBuyIn,
    maxPlayers: row.maxPlayers,
    actionTimeSeconds: row.actionTimeSeconds,
    closed: row.closed,
    status: tableStatus(row, playing),
    seated,
    simulation,
    createdAt: row.createdAt.toISOString(),
  };
}
