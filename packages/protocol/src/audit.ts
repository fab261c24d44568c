// The audit log's vocabulary, shared by the server (which writes the rows) and the admin panel (which
// filters them). No zod here, so the browser can import it alone: `@tenger/protocol/audit`.

/** Every kind of row the audit log holds. */
export const AUDIT_ACTIONS = [
  'deposit.create',
  'deposit.request',
  'deposit.approve',
  'deposit.reverse',
  'deposit.cancel',
  'deposit.reject',
  'balance.adjust',
  'balance.adjust_request',
  'withdrawal.approve',
  'withdrawal.approve_request',
  'withdrawal.approve_cancel',
  'withdrawal.reject',
  // The player took their own pending withdrawal back.
  'withdrawal.cancel',
  'user.role',
  'user.role_request',
  'user.role_cancel',
  'user.role_reject',
  'user.block',
  'user.unblock',
  'user.delete',
  'table.create',
  'table.update',
  'table.delete',
  'table.kick',
  'table.reconcile',
  'chat.mute',
  'chat.unmute',
  'simulation.start',
  'simulation.stop',
  'tournament.create',
  'tournament.update',
  'tournament.cancel',
  /** The house's guarantee account paid a guaranteed tournament's overlay (system). */
  'tournament.overlay',
  'settings.update',
  'block.update',
  'block.delete',
  'maintenance.update',
  'security.lockout',
  'security.password_change',
  'security.password_reset',
  'security.account_change',
  'security.wrong_password',
  'security.second_factor_enrol',
  'security.second_factor_reset',
  'security.recovery_code_used',
  'security.suspend',
  'protection.limits',
  'protection.exclusion',
  'protection.exclusion_end',
  'protection.session_limit',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit row is about. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'deposit',
  'withdrawal',
  'table',
  'tournament',
  'settings',
  'block',
  'site',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
