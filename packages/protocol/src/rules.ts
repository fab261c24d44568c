// The account rules shared by the server's schemas and the browser's forms. No zod here, so the browser
// can check a form before sending it without loading zod: `@tenger/protocol/rules`.

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
/** zod's own email pattern (`z.email()`'s default), named so both sides use the same one. */
export const EMAIL_PATTERN =
  // Character for character zod's source (a test compares them), escapes included.
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const BANK_MAX_LENGTH = 64;
/** 4 to 34 characters: digits, spaces and dashes, starting with a digit. */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9][0-9 -]{3,33}$/;

/** The error codes moved to `@tenger/protocol/errors`; re-exported here for old imports. */
export { ERROR_CODES, type ErrorCode } from './errors.js';

// ---- player protection (issue 24; the calls are in protection.ts) ----

/** The limits, in the order the profile shows them. Money in whole ₮, times in minutes. */
export const LIMIT_FIELDS = [
  'depositDaily',
  'depositWeekly',
  'depositMonthly',
  'lossDaily',
  'lossWeekly',
  'lossMonthly',
  'sessionMinutes',
  'realityCheckMinutes',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
/** Every limit unset: what a new player has. */
export const NO_PLAYER_LIMITS: Readonly<Record<LimitField, null>> = Object.freeze(
  Object.fromEntries(LIMIT_FIELDS.map((field) => [field, null])) as Record<LimitField, null>,
);

/** A raise or removal waits this long before it applies; a decrease applies at once. */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** How often a reality check comes when the player has chosen nothing. */
export const REALITY_CHECK_DEFAULT_MINUTES = 60;
export const REALITY_CHECK_MIN_MINUTES = 10;
/** The longest session limit and reality-check interval one may choose: a day. */
export const MINUTES_MAX = 24 * 60;
/** A self-exclusion's end applies this many days after the player asked for it (not before its period). */
export const SELF_EXCLUSION_END_WAIT_DAYS = 7;
/** The longest statement, in days (both ends included). */
export const STATEMENT_MAX_DAYS = 366;

export const TIMEOUT_PERIODS = ['24h', '7d', '30d'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'indefinite'] as const;
