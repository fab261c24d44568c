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
  /** A final-table deal was agreed and paid from the prize pool (system). */
  'tournament.deal',
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

/**
 * The coded audit summaries (issue 23): a row stores one of these codes and its parameters next to the
 * English `summary` text, and the admin panel renders `admin.audit.summaries.<code>` in the reader's
 * language (rows written before the codes, or with a code the panel does not know, show the stored text).
 * Each code lists its parameter names; every code has an English and a Mongolian text (a web test).
 */
export const AUDIT_SUMMARY_CODES = {
  'table.simulation': ['from', 'to'],
  'table.create': ['no', 'name'],
  'table.update': ['no', 'name', 'fields'],
  'table.delete': ['no', 'name'],
  'table.kick': ['userId', 'tableId'],
  'table.kick_reason': ['userId', 'tableId', 'reason'],
  'chat.mute': ['userId'],
  'chat.unmute': ['userId'],
  'deposit.credit': ['amount', 'username', 'userId'],
  'deposit.approve': ['amount', 'username', 'userId'],
  'deposit.close': ['to', 'amount', 'userId', 'reason'],
  'deposit.reverse': ['amount', 'total', 'userId', 'reason'],
  'balance.adjust': ['direction', 'amount', 'username', 'reason'],
  'withdrawal.approve_request': ['amount', 'userId', 'bank', 'account'],
  'withdrawal.approve_cancel': ['amount', 'userId', 'reason'],
  'withdrawal.approved': ['amount', 'userId', 'bank', 'account'],
  'withdrawal.rejected': ['amount', 'userId', 'reason'],
  'withdrawal.cancelled': ['amount', 'userId'],
  'user.status': ['username', 'from', 'to'],
  'user.suspend': ['username', 'from', 'to', 'reason'],
  'user.role': ['username', 'from', 'to'],
  'settings.update': ['keys'],
  'maintenance.update': [],
  'block.update': ['name'],
  'block.delete': ['name'],
  'user.role_request': ['username', 'from'],
  'user.role_grant_closed': ['to', 'reason'],
  'security.password_change': [],
  'security.password_reset': [],
  'security.wrong_password': ['username'],
  'security.lockout_address': ['ip', 'failures'],
  'security.lockout_pair': ['username', 'ip', 'failures'],
  'security.lockout_account': ['username', 'failures'],
  'security.second_factor_enrol': ['username', 'codes'],
  'security.second_factor_reset': ['username'],
  'security.second_factor_cleared': ['username'],
  'security.recovery_code_used': ['username', 'left'],
  'security.wrong_codes': ['username', 'failures'],
  'protection.exclusion_end': [],
  'protection.session_limit': ['minutes'],
  'table.reconcile': ['tableId', 'seat', 'stack', 'seatAccount'],
  'table.reconcile_stood_up': ['tableId', 'seat', 'stack'],
  'tournament.create': ['name', 'buyIn', 'fee', 'chips'],
  'tournament.update': ['name', 'fields'],
  'tournament.bots_register': ['bots', 'name'],
  'tournament.bots_unregister': ['bots', 'name'],
  'protection.timeout': ['period', 'until'],
  'protection.self_exclusion': ['period', 'until'],
  'protection.self_exclusion_indefinite': [],
  'protection.limits': ['fields'],
  'security.account_change': ['fields'],
  'balance.adjust_request': ['amount', 'username', 'userId', 'reason'],
  'tournament.schedule_next': ['name', 'tournamentId', 'startsAt'],
  'tournament.cancel': ['name', 'entrants'],
  'tournament.deal': ['tournamentId', 'total', 'kept'],
  'tournament.overlay': ['amount', 'tournamentId'],
} as const satisfies Record<string, readonly string[]>;
export type AuditSummaryCode = keyof typeof AUDIT_SUMMARY_CODES;
/** A coded summary's parameters: numbers (money in whole tugriks, ids) and strings. */
export type AuditSummaryParams = Record<string, string | number>;
/** A code and its parameters, as the server's services write them. */
export interface AuditSummary {
  code: AuditSummaryCode;
  params: AuditSummaryParams;
}

/**
 * Parameters whose values are words of a fixed vocabulary (below), shown translated as
 * `admin.audit.words.<value>`; any other parameter is shown as stored (names, reasons, amounts).
 */
export const AUDIT_SUMMARY_WORD_PARAMS = ['from', 'to', 'direction'] as const;
export const AUDIT_SUMMARY_WORDS = [
  'on',
  'off',
  'active',
  'blocked',
  'deleted',
  'PLAYER',
  'ADMIN',
  'BOT',
  'credit',
  'debit',
  'cancelled',
  'rejected',
] as const;
