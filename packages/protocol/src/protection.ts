import { z } from 'zod';
import {
  dayRangeQuery,
  IdSchema,
  IsoDateSchema,
  MAX_AMOUNT,
  multiLineText,
  singleLineText,
} from './common.js';
import {
  LIMIT_FIELDS,
  MINUTES_MAX,
  PASSWORD_MAX_LENGTH,
  REALITY_CHECK_MIN_MINUTES,
  SELF_EXCLUSION_PERIODS,
  STATEMENT_MAX_DAYS,
  TIMEOUT_PERIODS,
} from './rules.js';

// Player protection (issue 24): limits the player sets, time-outs and self-exclusion, reality checks,
// statements. docs/protocol.md, "Player protection", says how each call behaves.

const amountLimit = z.int('Must be a whole number of ₮').min(0).max(MAX_AMOUNT).nullable();
const minutes = (min: number) =>
  z.int('Must be a whole number of minutes').min(min).max(MINUTES_MAX).nullable();

/** Every limit, each a whole number or null (none). */
export const PlayerLimitsSchema = z.strictObject({
  depositDaily: amountLimit,
  depositWeekly: amountLimit,
  depositMonthly: amountLimit,
  lossDaily: amountLimit,
  lossWeekly: amountLimit,
  lossMonthly: amountLimit,
  sessionMinutes: minutes(1),
  /** null: the default interval (REALITY_CHECK_DEFAULT_MINUTES); reality checks cannot be switched off. */
  realityCheckMinutes: minutes(REALITY_CHECK_MIN_MINUTES),
});
export type PlayerLimits = z.infer<typeof PlayerLimitsSchema>;
/** PUT /user/limits: every field, as the player wants it (a missing field is bad input). */
export const UpdateLimitsRequestSchema = PlayerLimitsSchema;
export type UpdateLimitsRequest = PlayerLimits;

export const PendingLimitSchema = z.object({
  /** The value it will take (null: the limit is removed). */
  value: z.int().nullable(),
  effectiveAt: IsoDateSchema,
});
export type PendingLimit = z.infer<typeof PendingLimitSchema>;

/** GET|PUT /user/limits: what is in force, what waits (with when), and what counts against each. */
export const LimitsResponseSchema = z.object({
  inForce: PlayerLimitsSchema,
  pending: z.partialRecord(z.enum(LIMIT_FIELDS), PendingLimitSchema),
  /** Deposited and lost in the rolling day (24 h), week (7 days) and month (30 days). */
  used: z.object({
    depositDaily: z.int(),
    depositWeekly: z.int(),
    depositMonthly: z.int(),
    lossDaily: z.int(),
    lossWeekly: z.int(),
    lossMonthly: z.int(),
  }),
  /** Deposits an administrator made that wait because they would pass a deposit limit. */
  depositsHeld: z.object({ count: z.int(), amount: z.int() }),
});
export type LimitsResponse = z.infer<typeof LimitsResponseSchema>;

// ---- time-out and self-exclusion ----

export const ExclusionKindSchema = z.enum(['timeout', 'self-exclusion']);
export type ExclusionKind = z.infer<typeof ExclusionKindSchema>;
export const ExclusionPeriodSchema = z.enum([...TIMEOUT_PERIODS, ...SELF_EXCLUSION_PERIODS]);
export type ExclusionPeriod = z.infer<typeof ExclusionPeriodSchema>;

/** POST /user/exclusion: takes effect at once; the password confirms it is the player. */
export const ExclusionRequestSchema = z
  .strictObject({
    kind: ExclusionKindSchema,
    period: ExclusionPeriodSchema,
    password: singleLineText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
  })
  .refine(
    (r) =>
      r.kind === 'timeout'
        ? (TIMEOUT_PERIODS as readonly string[]).includes(r.period)
        : (SELF_EXCLUSION_PERIODS as readonly string[]).includes(r.period),
    {
      message: 'A time-out lasts 24h, 7d or 30d; a self-exclusion 6m, 1y, 5y or indefinite',
      path: ['period'],
    },
  );
export type ExclusionRequest = z.infer<typeof ExclusionRequestSchema>;

/** The answer to POST /user/exclusion. `until` null: indefinite. */
export const ExclusionSchema = z.object({
  kind: ExclusionKindSchema,
  period: ExclusionPeriodSchema,
  until: IsoDateSchema.nullable(),
});
export type Exclusion = z.infer<typeof ExclusionSchema>;

/**
 * What an excluded player may still do without a session (the login answers 403 `excluded`): with
 * their username and password, withdraw (`amount` omitted: the whole available balance) or ask for a
 * self-exclusion to end.
 */
export const ExcludedCredentialsSchema = z.strictObject({
  username: singleLineText().trim().min(1, 'Enter your username').max(254),
  password: singleLineText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export const ExcludedWithdrawalRequestSchema = ExcludedCredentialsSchema.extend({
  amount: z.int().min(1).max(MAX_AMOUNT).optional(),
});
export type ExcludedWithdrawalRequest = z.infer<typeof ExcludedWithdrawalRequestSchema>;
/** POST /user/exclusion/end answers when the self-exclusion will end (with the wait). */
export const ExclusionEndResponseSchema = z.object({ endsAt: IsoDateSchema });
export type ExclusionEndResponse = z.infer<typeof ExclusionEndResponseSchema>;

// ---- play sessions and reality checks ----

/** GET /user/session: the current play session (none while the player holds no seat). */
export const PlaySessionSchema = z.object({
  /** null: not at any table. */
  startedAt: IsoDateSchema.nullable(),
  minutesPlayed: z.int().min(0),
  /** Money back and still at the tables minus money brought, this session (₮; negative: a loss). */
  net: z.int(),
  realityCheckMinutes: z.int(),
  /** The session limit in force (null: none) and when it stands the player up. */
  sessionMinutes: z.int().nullable(),
  endsAt: IsoDateSchema.nullable(),
  tableIds: z.array(IdSchema),
});
export type PlaySession = z.infer<typeof PlaySessionSchema>;

// ---- statements ----

/** GET /user/statement?from=&to= (UTC days, both included, at most STATEMENT_MAX_DAYS). */
export const StatementQuerySchema = dayRangeQuery(STATEMENT_MAX_DAYS);
export type StatementQuery = z.input<typeof StatementQuerySchema>;
/** The statement's columns: one row per ledger transaction that moved the player's money. */
export const STATEMENT_CSV_COLUMNS = [
  'time',
  'transaction_id',
  'type',
  'table_id',
  'hand_id',
  'tournament_id',
  'available_change',
  'locked_change',
  'at_tables_change',
  'tickets_change',
  'balance_after',
] as const;

// ---- reports and the security desk (issue 24 part 5, first slice) ----

export const REPORT_REASON_MAX_LENGTH = 500;
/** POST /user/report: a player reports another (from the table menu), with a reason. */
export const ReportRequestSchema = z.strictObject({
  userId: IdSchema,
  tableId: IdSchema.optional(),
  handId: singleLineText().trim().min(1).max(64).optional(),
  reason: multiLineText().trim().min(1, 'Say what happened').max(REPORT_REASON_MAX_LENGTH),
});
export type ReportRequest = z.infer<typeof ReportRequestSchema>;
export const ReportResponseSchema = z.object({ reportId: IdSchema });
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

/** What raised a flag: a player's report, or one of the detectors over the stored hands. */
export const SECURITY_FLAG_KINDS = [
  'report',
  'chip_dumping',
  'soft_play',
  'co_seating',
  'shared_address',
  'bot_timing',
  'long_sessions',
] as const;
export type SecurityFlagKind = (typeof SECURITY_FLAG_KINDS)[number];

/**
 * One flag on the security desk. `kind: report`: a player's report (`score`: reports of that player;
 * `reason` and `reportedBy` set). A detector's flag: `score` 0–100, `userIds` the players (for chip
 * dumping the one who lost first), `handIds` the evidence (newest last), `explanation` and the
 * `measures` behind the score (docs/player-protection.md).
 */
export const SecurityFlagSchema = z.object({
  kind: z.enum(SECURITY_FLAG_KINDS),
  userIds: z.array(IdSchema),
  usernames: z.array(z.string()),
  score: z.number(),
  handIds: z.array(z.string()),
  /** The table of each evidence hand (handId -> tableId), to open it in Replay. */
  handTables: z.record(z.string(), IdSchema),
  explanation: z.string(),
  measures: z.record(z.string(), z.number()),
  tableId: IdSchema.nullable(),
  reason: z.string(),
  reportedBy: z.string().nullable(),
  at: IsoDateSchema,
});
export type SecurityFlag = z.infer<typeof SecurityFlagSchema>;
/** GET /admin/security/flags: the detectors' flags by score, then reports newest first (at most 200 each). */
export const SecurityFlagsResponseSchema = z.object({
  items: z.array(SecurityFlagSchema),
  /** Hands read by the detectors so far, and when they last read. */
  scannedHands: z.int().min(0),
  scannedAt: IsoDateSchema.nullable(),
});
export type SecurityFlagsResponse = z.infer<typeof SecurityFlagsResponseSchema>;

/** POST /admin/security/suspend: suspend an account pending review (a block with its reason, audited). */
export const SuspendRequestSchema = z.strictObject({
  userId: IdSchema,
  reason: multiLineText().trim().min(1, 'Say why').max(REPORT_REASON_MAX_LENGTH),
});
export type SuspendRequest = z.infer<typeof SuspendRequestSchema>;
