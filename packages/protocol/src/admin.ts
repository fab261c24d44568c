import { z } from 'zod';
import {
  IdQuerySchema,
  IdSchema,
  MAX_AMOUNT,
  IsoDateSchema,
  LocalizedTextSchema,
  MoneySchema,
  PageQuerySchema,
  PositiveAmountSchema,
  CalendarDaySchema,
  multiLineText,
  limitQuery,
  pageOf,
  singleLineText,
} from './common.js';
import {
  BettingStructureSchema,
  BlockNameSchema,
  DepositAccountsSchema,
  OutcomeQuerySchema,
  PreferencesSchema,
  RoleSchema,
  TableStatusSchema,
  TableVariantSchema,
  WithdrawalSchema,
  WithdrawalStatusSchema,
} from './user.js';

// ---- users ----

/** `deleted`: the account is closed for good (only once it holds no money); its history stays. */
export const UserStatusSchema = z.enum(['active', 'blocked', 'deleted']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const AdminUserSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  status: UserStatusSchema,
  isBot: z.boolean(),
  balance: MoneySchema,
  locked: MoneySchema,
  bank: z.string(),
  accountNumber: z.string(),
  preferences: PreferencesSchema,
  createdAt: IsoDateSchema,
  /** When the user was last seen: the latest sign-in (token issued) or table activity; null if never. */
  lastSeenAt: IsoDateSchema.nullable(),
  /**
   * The player's personal deposit reference (`TP` + 6 characters), written on their bank transfers; null
   * only for an account made outside the app that has not read its reference yet.
   */
  depositReference: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/**
 * GET /user/shared-payout?userId=: other accounts whose payout account (bank and account number, their
 * current one or one a withdrawal of theirs was paid to) is the user's own: a sign of one person with
 * several accounts, or of a mistyped number.
 */
export const SharedPayoutAccountSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  status: UserStatusSchema,
  bank: z.string(),
  accountNumber: z.string(),
  /** current: the other account holds it now; withdrawal: a withdrawal of theirs went to it. */
  source: z.enum(['current', 'withdrawal']),
});
export type SharedPayoutAccount = z.infer<typeof SharedPayoutAccountSchema>;
export const SharedPayoutResponseSchema = z.object({ accounts: z.array(SharedPayoutAccountSchema) });
export type SharedPayoutResponse = z.infer<typeof SharedPayoutResponseSchema>;
export const AdminUserPageSchema = pageOf(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserSearchQuerySchema = PageQuerySchema.extend({
  q: singleLineText().trim().max(64).optional(),
  role: RoleSchema.optional(),
  status: UserStatusSchema.optional(),
  /** true: only the simulation's bots; false: only people; absent: everyone. */
  isBot: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type AdminUserSearchQuery = z.input<typeof AdminUserSearchQuerySchema>;

export const UserIdQuerySchema = z.object({ userId: IdQuerySchema });
/** GET /user/outcome: one user's game history, the same rows as the user's own GET /outcome. */
export const AdminOutcomeQuerySchema = OutcomeQuerySchema.extend({ userId: IdQuerySchema });
export type AdminOutcomeQuery = z.input<typeof AdminOutcomeQuerySchema>;
/**
 * GET /user/mail?userId=: the latest mails the site sent (or tried to) to the user's address: subject,
 * when, and status (sent; not-sent: SMTP failed; log-only: no SMTP, written to the server log). Never the
 * text, which may hold a reset token.
 */
export const AdminMailSchema = z.object({
  id: z.int(),
  subject: z.string(),
  createdAt: IsoDateSchema,
  status: z.enum(['sent', 'not-sent', 'log-only']),
});
export type AdminMail = z.infer<typeof AdminMailSchema>;
export const UpdateRoleRequestSchema = z.object({ role: RoleSchema });
export type UpdateRoleRequest = z.infer<typeof UpdateRoleRequestSchema>;

// ---- deposits ----

/**
 * pending: waits for a second administrator; credited: the money moved; reversed: taken back once;
 * cancelled by its maker or rejected by another administrator while pending (no money moved).
 */
export const DepositStatusSchema = z.enum(['pending', 'credited', 'reversed', 'cancelled', 'rejected']);
export type DepositStatus = z.infer<typeof DepositStatusSchema>;

export const AdminDepositSchema = z.object({
  depositId: IdSchema,
  code: z.string(),
  userId: IdSchema,
  username: z.string(),
  amount: MoneySchema,
  note: z.string().nullable(),
  status: DepositStatusSchema,
  /** The administrator who entered it. */
  createdBy: z.string(),
  createdById: IdSchema,
  createdAt: IsoDateSchema,
  /** When the money moved (null while pending). */
  approvedAt: IsoDateSchema.nullable(),
  /** The second administrator, for a deposit that needed one (null otherwise). */
  approvedBy: z.string().nullable(),
  reversal: z
    .object({ amount: MoneySchema, reason: z.string(), by: z.string(), at: IsoDateSchema })
    .nullable(),
  /** A deposit, or a credit adjustment that waited for a second administrator (its note is the reason). */
  kind: z.enum(['deposit', 'adjustment']),
  /** Who cancelled (the maker) or rejected (another administrator) it while pending, and why. */
  closedBy: z.string().nullable(),
  closedReason: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof AdminDepositSchema>;

export const AdminDepositPageSchema = pageOf(AdminDepositSchema);
export type AdminDepositPage = z.infer<typeof AdminDepositPageSchema>;
export const AdminDepositQuerySchema = PageQuerySchema.extend({
  userId: IdQuerySchema.optional(),
  status: DepositStatusSchema.optional(),
});
export type AdminDepositQuery = z.input<typeof AdminDepositQuerySchema>;

/**
 * An amount an administrator moves by hand: a whole number of tugrik, at least 1. The upper bound is
 * the site setting `deposit.maxAmount`, checked by the server (and shown by the form).
 */
export const AdminAmountSchema = z
  .number({ error: 'Amount must be a whole number of tugrik' })
  .int('Amount must be a whole number of tugrik')
  .min(1, 'Amount must be at least 1')
  .max(MAX_AMOUNT, 'Amount is too large');

/** A short reason an administrator gives for a money correction. */
export const AdminReasonSchema = multiLineText().trim().min(1, 'Enter a reason').max(500);

/** PUT /deposit/cancel|reject, PUT /withdrawal/cancel-approval, PUT /role-grant/cancel|reject: why. */
export const CloseRequestSchema = z.object({ reason: AdminReasonSchema });
export type CloseRequest = z.infer<typeof CloseRequestSchema>;

export const CreateDepositRequestSchema = z.object({
  userId: IdSchema,
  amount: AdminAmountSchema,
  note: multiLineText().trim().max(500).optional(),
});
export type CreateDepositRequest = z.infer<typeof CreateDepositRequestSchema>;

export const DepositIdQuerySchema = z.object({ depositId: IdQuerySchema });

/** POST /deposit/reverse?depositId=: takes back `amount` (default the whole deposit), once. */
export const ReverseDepositRequestSchema = z.object({
  reason: AdminReasonSchema,
  amount: AdminAmountSchema.optional(),
});
export type ReverseDepositRequest = z.infer<typeof ReverseDepositRequestSchema>;

/** POST /adjustment: a manual credit (from outside) or debit (to outside) of a player's balance. */
export const AdjustmentDirectionSchema = z.enum(['credit', 'debit']);
export type AdjustmentDirection = z.infer<typeof AdjustmentDirectionSchema>;
export const CreateAdjustmentRequestSchema = z.object({
  userId: IdSchema,
  direction: AdjustmentDirectionSchema,
  amount: AdminAmountSchema,
  reason: AdminReasonSchema,
});
export type CreateAdjustmentRequest = z.infer<typeof CreateAdjustmentRequestSchema>;
export const AdjustmentSchema = z.object({
  transactionId: IdSchema,
  userId: IdSchema,
  direction: AdjustmentDirectionSchema,
  amount: MoneySchema,
  reason: z.string(),
  /** The player's available balance after the adjustment. */
  balance: MoneySchema,
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

// ---- withdrawals ----

export const AdminWithdrawalQuerySchema = PageQuerySchema.extend({
  status: WithdrawalStatusSchema.optional(),
  userId: IdQuerySchema.optional(),
});
export type AdminWithdrawalQuery = z.input<typeof AdminWithdrawalQuerySchema>;
/**
 * A withdrawal as admins see it: with the bank and account number the player gave when requesting it
 * (stored with the withdrawal; a later change of the player's details does not move the payout).
 */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  bank: z.string(),
  accountNumber: z.string(),
  /** Four-eyes: the first administrator's approval of a withdrawal that needs two (null when none). */
  firstApprovedBy: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;
export const AdminWithdrawalPageSchema = pageOf(AdminWithdrawalSchema);
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPageSchema>;
export const WithdrawalIdQuerySchema = z.object({ withdrawalId: IdQuerySchema });
export const RejectWithdrawalRequestSchema = z.object({
  reason: multiLineText().trim().min(1, 'Enter a reason').max(500),
});
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequestSchema>;

// ---- four-eyes: what waits for a second administrator ----

export const GrantIdQuerySchema = z.object({ grantId: IdQuerySchema });
export const RoleGrantStatusSchema = z.enum(['pending', 'confirmed', 'cancelled', 'rejected']);
export type RoleGrantStatus = z.infer<typeof RoleGrantStatusSchema>;
/** A grant of the ADMIN role; PATCH /user/role answers 202 with one when a second admin must confirm. */
export const RoleGrantSchema = z.object({
  grantId: IdSchema,
  userId: IdSchema,
  username: z.string(),
  role: z.literal('ADMIN'),
  status: RoleGrantStatusSchema,
  requestedBy: z.string(),
  requestedById: IdSchema,
  requestedAt: IsoDateSchema,
  /** Who confirmed, cancelled or rejected it, and why (cancel and reject). */
  confirmedBy: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RoleGrant = z.infer<typeof RoleGrantSchema>;

/** What the calling administrator may do with a waiting item. */
const MayDoSchema = z.object({ youMayApprove: z.boolean(), youMayCancel: z.boolean() });
/** GET /approvals: everything waiting for a second administrator, and what the caller may do with it. */
export const ApprovalQueueSchema = z.object({
  deposits: z.array(AdminDepositSchema.extend(MayDoSchema.shape)),
  withdrawals: z.array(AdminWithdrawalSchema.extend(MayDoSchema.shape)),
  roleGrants: z.array(RoleGrantSchema.extend(MayDoSchema.shape)),
});
export type ApprovalQueue = z.infer<typeof ApprovalQueueSchema>;

// ---- tables ----

const TableFieldsSchema = z.object({
  name: singleLineText().trim().min(1, 'Enter a name').max(64),
  variant: TableVariantSchema,
  betting: BettingStructureSchema,
  smallBlind: PositiveAmountSchema,
  bigBlind: PositiveAmountSchema,
  minBuyIn: PositiveAmountSchema,
  maxBuyIn: PositiveAmountSchema,
  maxPlayers: z.int().min(2).max(9),
  /** Seconds to act at this table; null (or absent on create) uses the site's action time. */
  actionTimeSeconds: z.int().min(5).max(120).nullable(),
  closed: z.boolean(),
});

function tableRulesHold(t: {
  smallBlind?: number;
  bigBlind?: number;
  minBuyIn?: number;
  maxBuyIn?: number;
}): boolean {
  if (t.smallBlind !== undefined && t.bigBlind !== undefined && t.smallBlind > t.bigBlind) return false;
  if (t.minBuyIn !== undefined && t.maxBuyIn !== undefined && t.minBuyIn > t.maxBuyIn) return false;
  if (t.bigBlind !== undefined && t.minBuyIn !== undefined && t.minBuyIn < t.bigBlind) return false;
  return true;
}
const TABLE_RULES_MESSAGE = 'Small blind ≤ big blind ≤ minimum buy-in ≤ maximum buy-in';

export const CreateTableRequestSchema = TableFieldsSchema.extend({
  betting: BettingStructureSchema.optional(),
  actionTimeSeconds: TableFieldsSchema.shape.actionTimeSeconds.optional(),
  closed: z.boolean().optional(),
}).refine(tableRulesHold, { message: TABLE_RULES_MESSAGE, path: ['minBuyIn'] });
export type CreateTableRequest = z.infer<typeof CreateTableRequestSchema>;

/** PATCH /table: tableId in the body (or the query), any other field optional. */
export const UpdateTableRequestSchema = TableFieldsSchema.partial()
  .extend({ tableId: IdSchema.optional() })
  .refine(tableRulesHold, { message: TABLE_RULES_MESSAGE, path: ['minBuyIn'] });
export type UpdateTableRequest = z.infer<typeof UpdateTableRequestSchema>;

export const TableIdQuerySchema = z.object({ tableId: IdQuerySchema });
export const OptionalTableIdQuerySchema = z.object({ tableId: IdQuerySchema.optional() });
export const KICK_REASON_MAX = 200;
/** DELETE /table/kick: `reason` (optional) is shown to the player and kept in the audit row. */
export const KickQuerySchema = z.object({
  tableId: IdQuerySchema,
  userId: IdQuerySchema,
  reason: z.string().trim().max(KICK_REASON_MAX).optional(),
});

export const AdminTableSchema = z.object({
  tableId: IdSchema,
  no: z.int().min(1),
  name: z.string(),
  variant: TableVariantSchema,
  betting: BettingStructureSchema,
  smallBlind: MoneySchema,
  bigBlind: MoneySchema,
  minBuyIn: MoneySchema,
  maxBuyIn: MoneySchema,
  maxPlayers: z.int(),
  /** The table's own action time in seconds, or null when the site setting applies. */
  actionTimeSeconds: z.int().nullable(),
  closed: z.boolean(),
  status: TableStatusSchema,
  seated: z.int().min(0),
  simulation: z.boolean(),
  createdAt: IsoDateSchema,
});
export type AdminTable = z.infer<typeof AdminTableSchema>;
export const AdminTablesResponseSchema = z.array(AdminTableSchema);

export const SessionSeatSchema = z.object({
  seat: z.int().min(0),
  userId: IdSchema,
  username: z.string(),
  stack: MoneySchema,
  isBot: z.boolean(),
  sittingOut: z.boolean(),
});
export type SessionSeat = z.infer<typeof SessionSeatSchema>;
export const TableSessionSchema = z.object({
  tableId: IdSchema,
  status: TableStatusSchema,
  simulation: z.boolean(),
  handNumber: z.int().nullable(),
  seats: z.array(SessionSeatSchema),
  /** The server process running the table (its NODE_ID); absent when no process runs it now. */
  owner: z.string().optional(),
});
export type TableSession = z.infer<typeof TableSessionSchema>;

// ---- content blocks ----

export const BlockNameParamsSchema = z.object({ name: BlockNameSchema });
export const CreateBlockRequestSchema = z.object({ name: BlockNameSchema, block: LocalizedTextSchema });
export type CreateBlockRequest = z.infer<typeof CreateBlockRequestSchema>;
/** PUT /block/{name}: the body is the block itself, `{en, mn}`. */
export const UpdateBlockRequestSchema = LocalizedTextSchema;
export type UpdateBlockRequest = z.infer<typeof UpdateBlockRequestSchema>;

// ---- settings ----

/** Live-table rules: a player who left a table less than ratholeMinutes ago must bring back at least the stack they left with. */
export const TableSettingsSchema = z.object({
  ratholeMinutes: z.int().min(0).max(1440),
  /** The pause between the streets of an all-in runout, in milliseconds (default 1500). */
  runoutPauseMs: z.int().min(0).max(10_000).optional(),
});
export const DEFAULT_RATHOLE_MINUTES = 30;
export const DEFAULT_RUNOUT_PAUSE_MS = 1500;

const MaintenanceMessageSchema = multiLineText().max(2000);

/** The bad-beat shares paid when none were ever saved (percent of the pool). */
export const DEFAULT_BAD_BEAT_SHARES = { loser: 50, winner: 25, table: 25 } as const;

export const SettingsSchema = z.object({
  maintenance: z.object({
    enabled: z.boolean(),
    /** The English message, kept for older clients; always equal to `messages.en`. */
    message: multiLineText().max(2000),
    /** The message in both languages; players see the one in their language. */
    messages: z.object({ en: MaintenanceMessageSchema, mn: MaintenanceMessageSchema }).optional(),
  }),
  /**
   * Withdrawal limits: min in ₮; max null = no cap beyond the available balance. A payout above
   * dualApprovalAbove ₮ needs a second administrator (optional on input for older stored settings).
   */
  withdrawal: z.object({
    min: PositiveAmountSchema,
    max: PositiveAmountSchema.nullable(),
    dualApprovalAbove: PositiveAmountSchema.default(1_000_000),
  }),
  /** Rake: percent of each pot (0–10, two decimals), capped at capBigBlinds big blinds per hand. */
  rake: z.object({
    percent: z.number().min(0).max(10).multipleOf(0.01),
    capBigBlinds: z.int().min(0).max(100),
  }),
  /**
   * Jackpot: contributionPercent of each raked pot goes to the jackpot. The rules players read live in
   * one place, the content block `jackpot-rules` (both languages); `rules` here is no longer shown
   * anywhere and is kept only so older clients' saves still validate.
   */
  jackpot: z.object({
    contributionPercent: z.number().min(0).max(5).multipleOf(0.01),
    rules: multiLineText().max(5000).optional(),
    /** Bad-beat payout shares in percent of the pool (default 50 / 25 / 25); what is left stays in it. */
    badBeatShares: z
      .object({
        loser: z.number().min(0).max(100).multipleOf(0.01),
        winner: z.number().min(0).max(100).multipleOf(0.01),
        table: z.number().min(0).max(100).multipleOf(0.01),
      })
      .refine((s) => s.loser + s.winner + s.table <= 100, { message: 'Shares may not exceed 100 %' })
      .optional(),
  }),
  actionTimeSeconds: z.int().min(5).max(120),
  timeBankSeconds: z.int().min(0).max(600),
  banks: z.array(singleLineText().trim().min(1).max(64)).min(1).max(50),
  /**
   * Deposits by administrators: at most maxAmount ₮ each; one above dualApprovalAbove ₮ waits for a
   * second administrator. (Optional on input so older stored settings still parse; always sent.)
   */
  deposit: z
    .object({ maxAmount: PositiveAmountSchema, dualApprovalAbove: PositiveAmountSchema })
    .default({ maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 }),
  table: TableSettingsSchema.default({ ratholeMinutes: DEFAULT_RATHOLE_MINUTES }),
  /** Four-eyes: an administrator whose role is younger than approverMinAdminHours approves nothing. */
  fourEyes: z
    .object({ approverMinAdminHours: z.int().min(0).max(720) })
    .default({ approverMinAdminHours: 24 }),
  /** The security desk: refuse a seat to a player whose address already holds a seat at that table. */
  security: z.object({ refuseSharedAddress: z.boolean() }).default({ refuseSharedAddress: false }),
  /** The site's receiving bank accounts, shown on the player's Deposit tab. */
  depositAccounts: DepositAccountsSchema.default({ en: [], mn: [] }),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PUT /settings: any part may be sent; the rest stays. */
export const UpdateSettingsRequestSchema = z.object({
  // Either language's message may be sent alone (the form edits the Mongolian one beside `message`).
  maintenance: SettingsSchema.shape.maintenance
    .extend({ messages: z.object({ en: MaintenanceMessageSchema, mn: MaintenanceMessageSchema }).partial() })
    .partial()
    .optional(),
  withdrawal: SettingsSchema.shape.withdrawal.partial().optional(),
  rake: SettingsSchema.shape.rake.partial().optional(),
  jackpot: SettingsSchema.shape.jackpot.partial().optional(),
  actionTimeSeconds: SettingsSchema.shape.actionTimeSeconds.optional(),
  timeBankSeconds: SettingsSchema.shape.timeBankSeconds.optional(),
  banks: SettingsSchema.shape.banks.optional(),
  deposit: z
    .object({ maxAmount: PositiveAmountSchema, dualApprovalAbove: PositiveAmountSchema })
    .partial()
    .optional(),
  table: TableSettingsSchema.partial().optional(),
  fourEyes: SettingsSchema.shape.fourEyes.unwrap().partial().optional(),
  security: SettingsSchema.shape.security.unwrap().partial().optional(),
  /** Either language's list may be sent alone; a list sent replaces that language's list. */
  depositAccounts: DepositAccountsSchema.partial().optional(),
});
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequestSchema>;

// ---- the books ----

/** GET /data?days=N: how many days of daily figures (default 30, at most a year). */
export const DATA_DAYS_DEFAULT = 30;
export const DATA_DAYS_MAX = 366;
export const DataQuerySchema = z.object({
  days: singleLineText()
    .regex(/^[1-9][0-9]{0,2}$/, 'Must be a whole number of days')
    .transform(Number)
    .pipe(z.int().min(1).max(DATA_DAYS_MAX))
    .optional(),
});
export type DataQuery = z.input<typeof DataQuerySchema>;

/** GET /ledger.csv?from=&to=: every posting from the start of `from` to the end of `to` (UTC days). */
export const LedgerCsvQuerySchema = z
  .object({ from: CalendarDaySchema, to: CalendarDaySchema })
  .refine((q) => q.from <= q.to, { message: 'The end date must not be before the start date', path: ['to'] });
export type LedgerCsvQuery = z.input<typeof LedgerCsvQuerySchema>;
/** The columns of the ledger CSV, in order: one row per posting. */
export const LEDGER_CSV_COLUMNS = [
  'time',
  'transaction_id',
  'kind',
  'idempotency_key',
  'posting_id',
  'account',
  'account_kind',
  'user_id',
  'username',
  'table_id',
  'hand_id',
  'amount',
  'meta',
] as const;

/** One UTC day of activity, from ledger postings and finished hands. Amounts in whole ₮. */
export const DailyFiguresSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  hands: z.int().min(0),
  /** Rake credited to the house that day. */
  rake: z.int(),
  /** Deposits credited to players that day. */
  deposits: z.int().min(0),
  /** Approved withdrawals paid out that day. */
  withdrawals: z.int().min(0),
  jackpotContributions: z.int().min(0),
  /** The part of that day's rake and jackpot contributions paid by bots (house money), not players. */
  rakeFromBots: z.int(),
  jackpotContributionsFromBots: z.int().min(0),
  jackpotPayouts: z.int().min(0),
  /** The jackpot's balance at the end of the day. */
  jackpotBalance: z.int(),
});
export type DailyFigures = z.infer<typeof DailyFiguresSchema>;

export const BooksSchema = z.object({
  accounts: z.object({
    playersAvailable: z.int(),
    playersLocked: z.int(),
    playersAtTables: z.int(),
    houseRake: z.int(),
    jackpot: z.int(),
    bonus: z.int(),
    botBankroll: z.int(),
    outsideBank: z.int(),
    /** Prize pools of tournaments not yet paid out, and the house's tournament fees. */
    tournamentPools: z.int(),
    tournamentFees: z.int(),
    /**
     * The house's account behind tournament guarantees: negative by the overlay it has paid (a
     * guaranteed pool's shortfall); the Data page shows the overlay paid (this, negated).
     */
    tournamentGuarantee: z.int(),
    /** The value of the satellite tickets players hold (won, not yet used or refunded). */
    playersTickets: z.int(),
  }),
  /** Sum of every account; zero when the books balance. */
  total: z.int(),
  balanced: z.boolean(),
  deposits: z.object({ count: z.int(), amount: z.int() }),
  withdrawals: z.object({
    approved: z.object({ count: z.int(), amount: z.int() }),
    pending: z.object({ count: z.int(), amount: z.int() }),
    rejected: z.object({ count: z.int(), amount: z.int() }),
  }),
  stats: z.object({
    users: z.int(),
    players: z.int(),
    admins: z.int(),
    bots: z.int(),
    blocked: z.int(),
    tables: z.int(),
    seatedPlayers: z.int(),
    ledgerTransactions: z.int(),
    postings: z.int(),
  }),
  /**
   * Rake and jackpot contributions since the start, split by who paid them: each hand's rake (and the
   * jackpot's share of it) is paid out of the losers' money, so it is attributed to the losing seats in
   * proportion to what each lost. Bot money is the house's own, so only `players` is real income.
   */
  contributions: z.object({
    rake: z.object({ players: z.int(), bots: z.int() }),
    jackpot: z.object({ players: z.int(), bots: z.int() }),
  }),
});
export type Books = z.infer<typeof BooksSchema>;

/** GET /data: the books plus daily figures for the last `days` days, oldest first (today last). */
export const AdminDataSchema = BooksSchema.extend({
  daily: z.object({ days: z.int().min(1), series: z.array(DailyFiguresSchema) }),
});
export type AdminData = z.infer<typeof AdminDataSchema>;

// ---- audit log ----

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 500;

/** GET /audit?limit=&before=&actor=&action=&target=: newest first; `before` pages back by row id. */
export const AuditQuerySchema = z.object({
  limit: limitQuery(AUDIT_LIMIT_MAX).optional(),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.int().max(Number.MAX_SAFE_INTEGER))
    .optional(),
  /** The acting administrator's user id. */
  actor: IdQuerySchema.optional(),
  /** An action such as `deposit.approve`. */
  action: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'Must be an action such as deposit.approve')
    .max(64)
    .optional(),
  /** A target as `type:id` (e.g. `user:12`, `deposit:7`) or a bare id. */
  target: z
    .string()
    .trim()
    .regex(/^([a-z]+:)?[A-Za-z0-9_.-]{1,64}$/, 'Must be an id or type:id, e.g. user:12')
    .optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** GET /audit.csv: the same filters, every matching row (no paging). */
export const AuditCsvQuerySchema = AuditQuerySchema.omit({ limit: true, before: true });
export type AuditCsvQuery = z.input<typeof AuditCsvQuerySchema>;

export const AuditItemSchema = z.object({
  id: z.int().min(1),
  at: IsoDateSchema,
  /** Null for the system. */
  actorId: IdSchema.nullable(),
  actorName: z.string(),
  ip: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The English text, as written (the CSV shows it; rows without a code are shown with it). */
  summary: z.string(),
  /**
   * Issue 23: the summary's code (see AUDIT_SUMMARY_CODES) and parameters, rendered in the reader's
   * language; null on rows written before the codes. A plain string so that a panel older than the
   * server falls back to `summary` for a code it does not know.
   */
  summaryCode: z.string().max(64).nullable(),
  summaryParams: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;
export const AuditPageSchema = z.object({
  items: z.array(AuditItemSchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: z.int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
/** The columns of the audit CSV, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_name',
  'ip',
  'action',
  'target_type',
  'target_id',
  'summary',
] as const;

// ---- RNG health (issue 24 part 6) ----

/**
 * GET /rng: a running chi-square of this process's live deals, card × deck position, over the last
 * `windowHands` hands (updated every 100 hands). `alert`: the deals fail the test at 99.9 % (p < 0.001).
 */
export const RngHealthSchema = z.object({
  hands: z.int().min(0),
  windowHands: z.int().min(1),
  chiSquare: z.number().min(0),
  degreesOfFreedom: z.int().min(1),
  pValue: z.number().min(0).max(1),
  /** Every cell expects at least 5 deals (260 hands): below that the p-value means little. */
  enoughHands: z.boolean(),
  alert: z.boolean(),
});
export type RngHealth = z.infer<typeof RngHealthSchema>;
