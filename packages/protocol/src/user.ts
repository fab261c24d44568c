import { z } from 'zod';
import {
  IdQuerySchema,
  IdSchema,
  IsoDateSchema,
  LanguageSchema,
  LocalizedTextSchema,
  MoneySchema,
  PageQuerySchema,
  PositiveAmountSchema,
  pageOf,
  singleLineText,
} from './common.js';
import {
  ACCOUNT_NUMBER_PATTERN,
  BANK_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
} from './rules.js';

/** Roles: ADMIN runs the site; PLAYER is everyone else. */
export const RoleSchema = z.enum(['PLAYER', 'ADMIN']);
export type Role = z.infer<typeof RoleSchema>;

const UsernameSchema = singleLineText()
  .trim()
  .regex(USERNAME_PATTERN, 'Username must be 3 to 32 letters, digits, dots, dashes or underscores');
const EmailSchema = singleLineText()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'Enter a valid email address' }));
const PasswordSchema = singleLineText()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
const BankSchema = singleLineText().trim().min(1, 'Choose a bank').max(BANK_MAX_LENGTH);
const AccountNumberSchema = singleLineText()
  .trim()
  .regex(ACCOUNT_NUMBER_PATTERN, 'Account number must be 4 to 34 digits');

/** Player settings kept with the account (the table settings dialog). */
export const PreferencesSchema = z.object({
  sounds: z.boolean().optional(),
  animations: z.boolean().optional(),
  autoMuck: z.boolean().optional(),
  fourColourDeck: z.boolean().optional(),
  music: z.boolean().optional(),
  backgroundMusic: z.boolean().optional(),
  /** Table chat hidden (the dealer's hand log too). */
  hideChat: z.boolean().optional(),
  /** Your turn at a table not looked at: title flash, browser notification, vibration (issue 23). */
  turnTitleFlash: z.boolean().optional(),
  turnNotification: z.boolean().optional(),
  turnVibrate: z.boolean().optional(),
  /** Players whose chat this user does not want to read (user ids). */
  chatMuted: z.array(IdSchema).max(500).optional(),
  darkTheme: z.boolean().optional(),
  language: LanguageSchema.optional(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/**
 * The table's look, kept on the account (migration 0029): the felt's colour and the design on the back of
 * the cards. A fixed set each, so the database CHECKs and this schema say the same.
 */
export const FELT_COLOURS = ['green', 'blue', 'red', 'grey'] as const;
export const CARD_BACKS = ['classic', 'navy', 'gold'] as const;
export const TableLookSchema = z.object({
  felt: z.enum(FELT_COLOURS, { error: 'Choose one of the felt colours offered' }),
  cardBack: z.enum(CARD_BACKS, { error: 'Choose one of the card backs offered' }),
});
export type TableLook = z.infer<typeof TableLookSchema>;
export type FeltColour = TableLook['felt'];
export type CardBack = TableLook['cardBack'];
export const DEFAULT_TABLE_LOOK: TableLook = { felt: 'green', cardBack: 'classic' };

// ---- auth ----

export const LoginRequestSchema = z.object({
  username: singleLineText().trim().min(1, 'Enter your username').max(254),
  password: singleLineText().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z
  .object({
    email: EmailSchema,
    username: UsernameSchema,
    password: PasswordSchema,
    repeatPassword: singleLineText().max(PASSWORD_MAX_LENGTH),
    bank: BankSchema,
    accountNumber: AccountNumberSchema,
    /** The player confirms being 18 or older and accepting the site's terms (content block `terms`). */
    acceptTerms: z.literal(true, { error: 'Confirm that you are 18 or older and accept the terms' }),
  })
  .refine((body) => body.password === body.repeatPassword, {
    message: 'Passwords do not match',
    path: ['repeatPassword'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const ForgotPasswordRequestSchema = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z.object({
  token: singleLineText().min(16).max(200),
  password: PasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** The current user (GET /me). `balance` is available; `locked` is at tables plus pending withdrawals. */
export const MeSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  email: z.string(),
  role: RoleSchema,
  isAdmin: z.boolean(),
  balance: MoneySchema,
  locked: MoneySchema,
  bank: z.string(),
  accountNumber: z.string(),
  preferences: PreferencesSchema,
  createdAt: IsoDateSchema,
});
export type Me = z.infer<typeof MeSchema>;

/** GET /api/v1/user/tables/seated: the tables where the caller is seated now. */
export const SeatedTablesResponseSchema = z.object({ tableIds: z.array(IdSchema) });
export type SeatedTablesResponse = z.infer<typeof SeatedTablesResponseSchema>;

/**
 * What an administrator's new session still needs before the admin API answers it: `verify` (a code from
 * the authenticator or a recovery code), `enrol` (set up the authenticator first). Absent: nothing.
 */
export const SecondFactorStepSchema = z.enum(['verify', 'enrol']);
export type SecondFactorStep = z.infer<typeof SecondFactorStepSchema>;

export const AuthResponseSchema = z.object({
  accessToken: z.string(),
  user: MeSchema,
  secondFactor: SecondFactorStepSchema.optional(),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/**
 * PATCH /me: a new password, email, bank or account number needs the current password (so a stolen
 * token alone cannot redirect payouts); preferences alone do not. The bank must be one the site offers.
 */
export const UpdateMeRequestSchema = z
  .object({
    email: EmailSchema.optional(),
    bank: BankSchema.optional(),
    accountNumber: AccountNumberSchema.optional(),
    currentPassword: singleLineText().max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: PasswordSchema.optional(),
    preferences: PreferencesSchema.optional(),
  })
  .refine((body) => !needsCurrentPassword(body) || !!body.currentPassword, {
    message: 'Enter your current password',
    path: ['currentPassword'],
  });
export type UpdateMeRequest = z.infer<typeof UpdateMeRequestSchema>;

/** Whether a profile change touches the password, email or payout details. */
export function needsCurrentPassword(change: {
  newPassword?: string;
  email?: string;
  bank?: string;
  accountNumber?: string;
}): boolean {
  return (
    change.newPassword !== undefined ||
    change.email !== undefined ||
    change.bank !== undefined ||
    change.accountNumber !== undefined
  );
}

// ---- search ----

export const UserSearchQuerySchema = z.object({ q: singleLineText().trim().max(64).optional() });
export type UserSearchQuery = z.infer<typeof UserSearchQuerySchema>;
export const PublicUserSchema = z.object({ userId: IdSchema, username: z.string() });
export type PublicUser = z.infer<typeof PublicUserSchema>;
export const UserSearchResponseSchema = z.object({ items: z.array(PublicUserSchema) });
export type UserSearchResponse = z.infer<typeof UserSearchResponseSchema>;

// ---- tables (lobby) ----

export const TableVariantSchema = z.enum(['holdem', 'omaha']);
export type TableVariant = z.infer<typeof TableVariantSchema>;
export const BettingStructureSchema = z.enum(['no-limit', 'pot-limit']);
export type BettingStructure = z.infer<typeof BettingStructureSchema>;
/** waiting: open, no hand running; playing: a hand is running; closed: not accepting players. */
export const TableStatusSchema = z.enum(['waiting', 'playing', 'closed']);
export type TableStatus = z.infer<typeof TableStatusSchema>;

export const TableSummarySchema = z.object({
  tableId: IdSchema,
  no: z.int().min(1),
  name: z.string(),
  variant: TableVariantSchema,
  betting: BettingStructureSchema,
  buyIn: z.object({ min: MoneySchema, max: MoneySchema }),
  blinds: z.object({ small: MoneySchema, big: MoneySchema }),
  players: z.object({ seated: z.int().min(0), max: z.int().min(2) }),
  status: TableStatusSchema,
  // Optional (newer servers): the table's figures over the last hour of settled hands.
  /** Hands settled in the last hour. */
  handsPerHour: z.int().min(0).optional(),
  /** Average total pot of those hands (0 when none). */
  averagePot: MoneySchema.optional(),
  /** Percentage (0-100, rounded) of dealt-in players who saw the flop in those hands (0 when none). */
  playersPerFlop: z.int().min(0).max(100).optional(),
});
export type TableSummary = z.infer<typeof TableSummarySchema>;
export const TablesResponseSchema = z.array(TableSummarySchema);
export type TablesResponse = z.infer<typeof TablesResponseSchema>;

// ---- money: deposits, withdrawals, outcomes ----

/**
 * A deposit as its player sees it: pending (waits for a second administrator), credited, reversed (taken
 * back) or refused (another administrator rejected it). One its maker cancelled is not shown.
 */
export const PlayerDepositStatusSchema = z.enum(['pending', 'credited', 'reversed', 'refused']);
export type PlayerDepositStatus = z.infer<typeof PlayerDepositStatusSchema>;
export const DepositSchema = z.object({
  depositId: IdSchema,
  code: z.string(),
  amount: MoneySchema,
  note: z.string().nullable(),
  /** When the money moved; for a pending or refused deposit, when it was entered. */
  approvedAt: IsoDateSchema,
  status: PlayerDepositStatusSchema,
});
export type Deposit = z.infer<typeof DepositSchema>;
export const DepositPageSchema = pageOf(DepositSchema);
export type DepositPage = z.infer<typeof DepositPageSchema>;

/** One of the site's own bank accounts that players transfer deposits to. */
export const SiteBankAccountSchema = z.object({
  bank: singleLineText().trim().min(1, 'Enter the bank').max(64),
  accountNumber: singleLineText()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,40}$/, 'Enter the account number (letters, digits, spaces, dashes)'),
  holder: singleLineText().trim().min(1, 'Enter the account holder').max(100),
});
export type SiteBankAccount = z.infer<typeof SiteBankAccountSchema>;
export const MAX_SITE_BANK_ACCOUNTS = 5;
/** The receiving accounts shown to players, per language (a player sees the other language's when theirs is empty). */
export const DepositAccountsSchema = z.object({
  en: z.array(SiteBankAccountSchema).max(MAX_SITE_BANK_ACCOUNTS),
  mn: z.array(SiteBankAccountSchema).max(MAX_SITE_BANK_ACCOUNTS),
});
export type DepositAccounts = z.infer<typeof DepositAccountsSchema>;

/**
 * GET /user/deposit/info: how to deposit. `reference` is the player's own deposit reference (`TP` + 6
 * characters from an alphabet without 0, O, 1 and I), written on the bank transfer so the cashier finds
 * the account; `accounts` are the site's receiving accounts per language.
 */
export const DepositInfoSchema = z.object({
  reference: z.string(),
  accounts: DepositAccountsSchema,
});
export type DepositInfo = z.infer<typeof DepositInfoSchema>;

/** cancelled: the player took a pending withdrawal back (PUT /user/withdrawal/cancel). */
export const WithdrawalStatusSchema = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;
export const WithdrawalSchema = z.object({
  withdrawalId: IdSchema,
  code: z.string(),
  userId: IdSchema,
  username: z.string(),
  amount: MoneySchema,
  status: WithdrawalStatusSchema,
  requestedAt: IsoDateSchema,
  /** Username of the administrator who approved or rejected it. */
  approvedBy: z.string().nullable(),
  /** When it was approved or rejected. */
  approvedAt: IsoDateSchema.nullable(),
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalPageSchema = pageOf(WithdrawalSchema);
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;

/** PUT /user/withdrawal/cancel?withdrawalId=: the player's own pending withdrawal. */
export const CancelWithdrawalQuerySchema = z.object({ withdrawalId: IdQuerySchema });

/**
 * GET /user/balance/locked: what "locked" is made of. `total` (= atTables + inWithdrawals) is the
 * `locked` of GET /me; `inTournaments` is what the player has put into tournaments not yet decided for
 * them (every entry, re-entry, rebuy and add-on, buy-in and fee, in cash or with a ticket, less refunds),
 * held by the tournament, not by the player's own accounts.
 */
export const LockedMoneySchema = z.object({
  atTables: MoneySchema,
  inWithdrawals: MoneySchema,
  inTournaments: MoneySchema,
  total: MoneySchema,
});
export type LockedMoney = z.infer<typeof LockedMoneySchema>;

export const CreateWithdrawalRequestSchema = z.object({ amount: PositiveAmountSchema });
export type CreateWithdrawalRequest = z.infer<typeof CreateWithdrawalRequestSchema>;

export const OutcomeTypeSchema = z.enum([
  'gameplay',
  'bonus',
  'recharge',
  'leave_seat',
  'buy_in',
  'tournament_buy_in',
  'tournament_refund',
  'tournament_prize',
  'tournament_bounty',
  /** A satellite's ticket won: its value onto the player's ticket for the target (+). */
  'tournament_ticket',
  /** A tournament entered with a ticket: the ticket's value into the tournament (−). */
  'tournament_ticket_entry',
  /** A ticket entry unregistered: the value back onto the ticket (+). */
  'tournament_ticket_return',
  /** A ticket refunded in cash (its target cancelled or over): the value into the balance (+). */
  'tournament_ticket_refund',
]);
export type OutcomeType = z.infer<typeof OutcomeTypeSchema>;
export const OutcomeSchema = z.object({
  /** The ledger transaction's id (a bigint in the database, a safe integer here). */
  outcomeId: z.int().min(1),
  code: z.string(),
  type: OutcomeTypeSchema,
  /** Signed change in tugrik: for gameplay the hand's net result, otherwise the amount moved. */
  amount: z.int(),
  date: IsoDateSchema,
  tableId: IdSchema.nullable(),
  handId: z.string().nullable(),
});
export type Outcome = z.infer<typeof OutcomeSchema>;
export const OutcomeQuerySchema = PageQuerySchema.extend({ type: OutcomeTypeSchema.optional() });
export type OutcomeQuery = z.input<typeof OutcomeQuerySchema>;
export const OutcomePageSchema = pageOf(OutcomeSchema);
export type OutcomePage = z.infer<typeof OutcomePageSchema>;

// ---- site ----

/** GET /maintenance: `message` is the English text (older clients); `messages` holds both languages. */
export const MaintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string(),
  messages: LocalizedTextSchema.optional(),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

export const BLOCK_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const BlockNameSchema = singleLineText().regex(
  BLOCK_NAME_PATTERN,
  'Block name must be lowercase letters, digits and dashes',
);
/** A content block: its body is the text in both languages. */
export const ContentBlockSchema = z.object({
  name: z.string(),
  block: LocalizedTextSchema,
  updatedAt: IsoDateSchema,
});
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

export const JackpotSchema = z.object({ amount: MoneySchema });
export type Jackpot = z.infer<typeof JackpotSchema>;

/**
 * The banks a fresh site offers for payouts (the single list; operators may change it in settings).
 * Registration and PATCH /me accept only a bank from the site's current list (GET /banks).
 */
export const DEFAULT_BANKS = [
  'Khan Bank',
  'Golomt Bank',
  'Trade and Development Bank',
  'XacBank',
  'State Bank',
  'Bogd Bank',
  'Capitron Bank',
  'Arig Bank',
  'Transport and Development Bank',
  'Chinggis Khaan Bank',
] as const;

/** Public part of settings the registration page needs (GET /api/v1/user/banks). */
export const BanksResponseSchema = z.object({ banks: z.array(z.string()) });
export type BanksResponse = z.infer<typeof BanksResponseSchema>;

/** Withdrawal limits for the form (GET /api/v1/user/withdrawal/limits). */
export const WithdrawalLimitsSchema = z.object({ min: MoneySchema, max: MoneySchema });
export type WithdrawalLimits = z.infer<typeof WithdrawalLimitsSchema>;

/** GET /api/v1/user/second-factor: the caller's second factor and this session's standing. */
export const SecondFactorStatusSchema = z.object({
  /** The admin API asks this session for the second factor (site-wide rule, or the admin enrolled). */
  required: z.boolean(),
  enrolled: z.boolean(),
  /** This session has passed it. */
  passed: z.boolean(),
  /** What is left to do before the admin API answers, if anything. */
  step: SecondFactorStepSchema.optional(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** A six-digit authenticator code, or a recovery code (`ABCDE-FGHIJ`; case, spaces and dashes ignored). */
export const SecondFactorCodeRequestSchema = z.object({
  code: singleLineText().trim().min(1, 'Enter the code').max(32),
});
export type SecondFactorCodeRequest = z.infer<typeof SecondFactorCodeRequestSchema>;

/** POST /api/v1/user/second-factor/enrolment: the new secret, as text and as an otpauth:// URI. */
export const SecondFactorEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolmentSchema>;

/** The recovery codes, shown once when the enrolment is confirmed; each works once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
