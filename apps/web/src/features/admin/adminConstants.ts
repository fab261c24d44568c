/** How often the lists that change on their own are re-read. */
export const WITHDRAWAL_POLL_MS = 5000;
export const TABLE_LIST_POLL_MS = 5000;
/** After a simulation starts or stops, the tables list is read this often, for this long. */
export const TABLE_FOLLOW_POLL_MS = 1000;
export const TABLE_FOLLOW_MS = 20_000;
export const LIVE_SESSION_POLL_MS = 1500;
export const ADMIN_PAGE_SIZE = 20;

/** The largest amount one request may carry (mirrors MAX_AMOUNT of @tenger/protocol, kept here so the
 * admin chunk does not load zod for one number). */
export const MAX_AMOUNT = 1_000_000_000_000;

/** The server's default deposit limits (settings `deposit`), used until the settings have loaded. */
export const DEPOSIT_LIMITS_DEFAULT = { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 };

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@tenger/protocol/audit';
export const AUDIT_PAGE_SIZE = 50;
