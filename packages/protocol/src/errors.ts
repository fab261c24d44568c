// The one vocabulary of domain error codes, shared by HTTP (`{error:{code}}`), the table channel's REJECT
// and the browser's texts. No zod here, so the browser can import it cheaply: `@tenger/protocol/errors`.

/** The HTTP statuses a refusal may carry. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/**
 * Every domain error code with the HTTP status it is sent with (mapped here, once). A table command that
 * is refused gets a REJECT with the same code. The browser translates each one (a test fails when a code
 * here has no English or Mongolian message).
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  login_failed: 401,
  /** The current password given with a profile change is wrong. */
  wrong_password: 400,
  /** The password reset link is unknown, used or expired. */
  reset_link_invalid: 400,
  forbidden: 403,
  account_blocked: 409,
  not_found: 404,
  conflict: 409,
  duplicate: 409,
  /** Another account already has this username. */
  username_taken: 409,
  /** Another account already has this email. */
  email_taken: 409,
  insufficient_funds: 409,
  already_resolved: 409,
  /** Four-eyes: this needs a second administrator independent of the one who made it. */
  second_admin_required: 403,
  /** An administrator's session has not passed the second factor (TOTP or a recovery code). */
  second_factor_required: 403,
  /** An administrator must enrol a second factor before using the admin API. */
  second_factor_enrolment_required: 403,
  /** The authenticator code or recovery code is wrong, used already, or reused within its window. */
  second_factor_wrong: 400,
  /** A second factor is enrolled already; only another administrator can reset it. */
  second_factor_enrolled: 409,
  /** An administrator cannot reset their own second factor. */
  second_factor_own_reset: 403,
  idempotency_conflict: 409,
  table_busy: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  maintenance: 503,
  /** The server is restarting (a deploy): running hands finish, nothing new starts; try again shortly. */
  server_restarting: 503,
  /** The database or Redis does not answer right now (an outage): nothing was done; try again shortly. */
  unavailable: 503,
  internal: 500,

  // ---- table commands (sent as REJECT on the table channel) ----
  not_seated: 409,
  not_your_turn: 409,
  /** The hand moved on since the command was sent. */
  stale: 409,
  illegal_action: 400,
  bad_amount: 400,
  seat_taken: 409,
  already_seated: 409,
  bad_seat: 400,
  table_closed: 409,
  table_full: 409,
  above_max: 400,
  in_hand: 409,
  /** The table cannot take the command right now (opening, moving between processes): try again. */
  busy: 503,
  /** A frame that is not a valid message. */
  bad_message: 400,
  /** The session behind the socket ended (logout, ban, another login). */
  session_ended: 401,
  /** Sitting again soon after leaving with a bigger stack than the amount brought. */
  rathole: 409,
  /** SEED while no next deck is committed (it would count for a deal the player has not seen). */
  no_commitment: 409,
  /** CHAT from a user an administrator muted site-wide. */
  chat_muted: 403,
  /** CHAT faster than the chat rate (a few lines per few seconds): wait a moment. */
  chat_too_fast: 429,
  /** Frames faster than the channel's rate window. */
  too_many_messages: 429,
  /** SIT, RECHARGE, LEAVE or an automatic top-up at a tournament table: the chips belong to the tournament. */
  tournament_table: 409,

  // ---- tournaments ----
  /** Registration is not open (the tournament started, finished or was cancelled). */
  tournament_closed: 409,
  /** The tournament has its most entrants. */
  tournament_full: 409,
  already_registered: 409,
  /** Unregistering from a tournament the caller is not registered in. */
  not_registered: 409,
  /** A re-entry beyond the tournament's entries per person. */
  entry_limit: 409,
  /** A rebuy outside the rebuy period (or after the player's tournament ended). */
  rebuy_closed: 409,
  /** A rebuy beyond the tournament's rebuys per person. */
  rebuy_limit: 409,
  /** A rebuy with a stack above the starting stack. */
  rebuy_stack: 409,
  /** An add-on outside its level, or by a player who is out. */
  addon_closed: 409,
  /** A final-table deal asked when none may be made (not the final table, a bot still in, a deal made already) or by a player not in it. */
  deal_unavailable: 409,
  /** An answer to a final-table deal when no proposal is up (declined, timed out, or agreed already). */
  deal_not_proposed: 409,
  /** Registering with a satellite ticket the player does not hold (or holds no longer: used once). */
  no_ticket: 409,

  // ---- player protection ----
  /** The account is in a time-out or self-exclusion; `fields.until` says until when ('indefinite'). */
  excluded: 403,
  /** A buy-in, recharge or tournament entry that could pass the player's own loss limit. */
  loss_limit: 409,
  /** The player's session time limit is used up: no new session for a day from the session's start. */
  session_limit: 409,
  /** A deposit held by the player's deposit limit still does not fit under it. */
  deposit_limit: 409,

  // ---- the security desk ----
  /** A seat refused: a player seated at this table sat down from the same address (setting security.refuseSharedAddress). */
  shared_address: 409,
} as const satisfies Record<string, ErrorStatus>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every domain error code, in one list. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The HTTP status of a domain error code. */
export function httpStatusOf(code: ErrorCode): ErrorStatus {
  return ERROR_STATUS[code];
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_STATUS, code);
}
