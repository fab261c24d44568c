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
