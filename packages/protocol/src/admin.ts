import { z } from 'zod';
import {
  IdQuerySchema,
  IdSchema,
  IsoDateSchema,
  LocalizedTextSchema,
  MoneySchema,
  PageQuerySchema,
  PositiveAmountSchema,
  pageOf,
} from './common.js';
import {
  BettingStructureSchema,
  BlockNameSchema,
  OutcomeQuerySchema,
  PreferencesSchema,
  RoleSchema,
  TableStatusSchema,
  TableVariantSchema,
  WithdrawalSchema,
  WithdrawalStatusSchema,
} from './user.js';

// ---- users ----

export const UserStatusSchema = z.enum(['active', 'blocked']);
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
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = pageOf(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserSearchQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(64).optional(),
  role: RoleSchema.optional(),
  status: UserStatusSchema.optional(),
});
export type AdminUserSearchQuery = z.input<typeof AdminUserSearchQuerySchema>;

export const UserIdQuerySchema = z.object({ userId: IdQuerySchema });
/** GET /user/outcome: one user's game history, the same rows as the user's own GET /outcome. */
export const AdminOutcomeQuerySchema = OutcomeQuerySchema.extend({ userId: IdQuerySchema });
export type AdminOutcomeQuery = z.input<typeof AdminOutcomeQuerySchema>;
export const UpdateRoleRequestSchema = z.object({ role: RoleSchema });
export type UpdateRoleRequest = z.infer<typeof UpdateRoleRequestSchema>;

// ---- deposits ----

export const AdminDepositSchema = z.object({
  depositId: IdSchema,
  code: z.string(),
  userId: IdSchema,
  username: z.string(),
  amount: MoneySchema,
  note: z.string().nullable(),
  createdBy: z.string(),
  approvedAt: IsoDateSchema,
});
export type AdminDeposit = z.infer<typeof AdminDepositSchema>;
export const AdminDepositPageSchema = pageOf(AdminDepositSchema);
export type AdminDepositPage = z.infer<typeof AdminDepositPageSchema>;
export const AdminDepositQuerySchema = PageQuerySchema.extend({ userId: IdQuerySchema.optional() });
export type AdminDepositQuery = z.input<typeof AdminDepositQuerySchema>;

export const CreateDepositRequestSchema = z.object({
  userId: IdSchema,
  amount: PositiveAmountSchema,
  note: z.string().trim().max(500).optional(),
});
export type CreateDepositRequest = z.infer<typeof CreateDepositRequestSchema>;

// ---- withdrawals ----

export const AdminWithdrawalQuerySchema = PageQuerySchema.extend({
  status: WithdrawalStatusSchema.optional(),
  userId: IdQuerySchema.optional(),
});
export type AdminWithdrawalQuery = z.input<typeof AdminWithdrawalQuerySchema>;
/** A withdrawal as admins see it: with the player's bank and account number for the payout. */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({ bank: z.string(), accountNumber: z.string() });
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;
export const AdminWithdrawalPageSchema = pageOf(AdminWithdrawalSchema);
export type AdminWithdrawalPage = z.infer<typeof AdminWithdrawalPageSchema>;
export const WithdrawalIdQuerySchema = z.object({ withdrawalId: IdQuerySchema });
export const RejectWithdrawalRequestSchema = z.object({
  reason: z.string().trim().min(1, 'Enter a reason').max(500),
});
export type RejectWithdrawalRequest = z.infer<typeof RejectWithdrawalRequestSchema>;

// ---- tables ----

const TableFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(64),
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
export const KickQuerySchema = z.object({ tableId: IdQuerySchema, userId: IdQuerySchema });

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
export const TableSettingsSchema = z.object({ ratholeMinutes: z.int().min(0).max(1440) });
export const DEFAULT_RATHOLE_MINUTES = 30;

export const SettingsSchema = z.object({
  maintenance: z.object({ enabled: z.boolean(), message: z.string().max(2000) }),
  /** Withdrawal limits: min in ₮; max null = no cap beyond the available balance. */
  withdrawal: z.object({ min: PositiveAmountSchema, max: PositiveAmountSchema.nullable() }),
  /** Rake: percent of each pot (0–10, two decimals), capped at capBigBlinds big blinds per hand. */
  rake: z.object({
    percent: z.number().min(0).max(10).multipleOf(0.01),
    capBigBlinds: z.int().min(0).max(100),
  }),
  /** Jackpot: contributionPercent of each raked pot goes to the jackpot; rules shown to players. */
  jackpot: z.object({
    contributionPercent: z.number().min(0).max(5).multipleOf(0.01),
    rules: z.string().max(5000),
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
  banks: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
  table: TableSettingsSchema.default({ ratholeMinutes: DEFAULT_RATHOLE_MINUTES }),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PUT /settings: any part may be sent; the rest stays. */
export const UpdateSettingsRequestSchema = z.object({
  maintenance: SettingsSchema.shape.maintenance.partial().optional(),
  withdrawal: SettingsSchema.shape.withdrawal.partial().optional(),
  rake: SettingsSchema.shape.rake.partial().optional(),
  jackpot: SettingsSchema.shape.jackpot.partial().optional(),
  actionTimeSeconds: SettingsSchema.shape.actionTimeSeconds.optional(),
  timeBankSeconds: SettingsSchema.shape.timeBankSeconds.optional(),
  banks: SettingsSchema.shape.banks.optional(),
  table: TableSettingsSchema.partial().optional(),
});
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequestSchema>;

// ---- the books ----

/** GET /data?days=N: how many days of daily figures (default 30, at most a year). */
export const DATA_DAYS_DEFAULT = 30;
export const DATA_DAYS_MAX = 366;
export const DataQuerySchema = z.object({
  days: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'Must be a whole number of days')
    .transform(Number)
    .pipe(z.int().min(1).max(DATA_DAYS_MAX))
    .optional(),
});
export type DataQuery = z.input<typeof DataQuerySchema>;

/** A calendar day, YYYY-MM-DD, that exists. */
const CalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date, YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'No such date');

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
});
export type Books = z.infer<typeof BooksSchema>;

/** GET /data: the books plus daily figures for the last `days` days, oldest first (today last). */
export const AdminDataSchema = BooksSchema.extend({
  daily: z.object({ days: z.int().min(1), series: z.array(DailyFiguresSchema) }),
});
export type AdminData = z.infer<typeof AdminDataSchema>;
