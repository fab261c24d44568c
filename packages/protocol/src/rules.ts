// The account rules shared by the server's schemas and the browser's forms. No zod here, so the browser
// can check a form before sending it without loading zod: `@tenger/protocol/rules`.

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
/** zod's own email pattern (`z.email()`'s default), named so both sides use the same one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const BANK_MAX_LENGTH = 64;
/** 4 to 34 characters: digits, spaces and dashes, starting with a digit. */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9][0-9 -]{3,33}$/;

/**
 * Every error code the server sends in `{error:{code}}`. The browser translates each one (a test fails
 * when a code here has no English or Mongolian message).
 */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'login_failed',
  /** 400: the current password given with a profile change is wrong. */
  'wrong_password',
  /** 400: the password reset link is unknown, used or expired. */
  'reset_link_invalid',
  'forbidden',
  'account_blocked',
  'not_found',
  'conflict',
  'duplicate',
  /** 409: another account already has this username. */
  'username_taken',
  /** 409: another account already has this email. */
  'email_taken',
  'insufficient_funds',
  'already_resolved',
  /** 403: four-eyes: this needs a second administrator independent of the one who made it. */
  'second_admin_required',
  'idempotency_conflict',
  'table_busy',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'maintenance',
  /** 503: the server is restarting (a deploy); try again in a moment. */
  'server_restarting',
  /** 403: an administrator's session has not passed the second factor (TOTP or a recovery code). */
  'second_factor_required',
  /** 403: an administrator must enrol a second factor before using the admin API. */
  'second_factor_enrolment_required',
  /** 400: the authenticator code or recovery code is wrong, used already, or reused within its window. */
  'second_factor_wrong',
  /** 409: a second factor is enrolled already; only another administrator can reset it. */
  'second_factor_enrolled',
  /** 403: an administrator cannot reset their own second factor. */
  'second_factor_own_reset',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
