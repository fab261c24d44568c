// Drizzle view of the schema. The SQL in ../../drizzle/ is the source of truth (CHECKs and triggers live there).
import { CARD_BACKS, FELT_COLOURS } from '@tenger/protocol';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['PLAYER', 'ADMIN'] })
    .notNull()
    .default('PLAYER'),
  status: text('status', { enum: ['active', 'blocked', 'deleted'] })
    .notNull()
    .default('active'),
  isBot: boolean('is_bot').notNull().default(false),
  bank: text('bank').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  /** When the account became ADMIN and at whose request (migration 0009; null: from the environment). */
  adminSince: timestamp('admin_since', { withTimezone: true, mode: 'date' }),
  adminGrantedBy: integer('admin_granted_by'),
  /** When the player confirmed 18+ and the terms at registration (migration 0021; null: registered before). */
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
  /** The personal deposit reference (migration 0025; users/depositReference.ts); unique, never changes. */
  depositRef: text('deposit_ref').unique('users_deposit_ref_key'),
  /** The table's look chosen in Settings (migration 0029; CHECKed against the protocol's fixed sets). */
  tableFelt: text('table_felt', { enum: FELT_COLOURS }).notNull().default('green'),
  cardBack: text('card_back', { enum: CARD_BACKS }).notNull().default('classic'),
});

export const accessTokens = pgTable('access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  /** When this session passed the administrator's second factor (auth/secondFactor.ts). */
  secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'date' }),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

export const pokerTables = pgTable('poker_tables', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  no: integer('no').notNull(),
  name: text('name').notNull(),
  variant: text('variant', { enum: ['holdem', 'omaha'] }).notNull(),
  betting: text('betting', { enum: ['no-limit', 'pot-limit'] }).notNull(),
  smallBlind: money('small_blind').notNull(),
  bigBlind: money('big_blind').notNull(),
  minBuyIn: money('min_buy_in').notNull(),
  maxBuyIn: money('max_buy_in').notNull(),
  maxPlayers: integer('max_players').notNull(),
  /** Seconds to act at this table; null means the site setting (settings.actionTimeSeconds). */
  actionTimeSeconds: integer('action_time_seconds'),
  closed: boolean('closed').notNull().default(false),
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  /** A table of this tournament (hidden from the cash lobby); null for a cash table. */
  tournamentId: integer('tournament_id'),
});

export const LEDGER_ACCOUNT_KINDS = [
  'player_available',
  'player_locked',
  'player_seat',
  'house_rake',
  'jackpot',
  'bonus',
  'bot_bankroll',
  'outside_bank',
  'tournament_pool',
  'tournament_fees',
  'tournament_guarantee',
  'player_ticket',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
  userId: integer('user_id').references(() => users.id),
  tableId: integer('table_id').references(() => pokerTables.id),
  balance: money('balance').notNull().default(0),
  createdAt: createdAt(),
});

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  requestHash: text('request_hash'),
  tableId: integer('table_id'),
  handId: text('hand_id'),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const ledgerPostings = pgTable('ledger_postings', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: bigint('transaction_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerTransactions.id),
  accountId: integer('account_id')
    .notNull()
    .references(() => ledgerAccounts.id),
  amount: money('amount').notNull(),
  /** A credit applied to its account's balance when the transaction commits (migration 0030). */
  atCommit: boolean('at_commit').notNull().default(false),
});

export const deposits = pgTable('deposits', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  amount: money('amount').notNull(),
  note: text('note'),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  /** Null while pending (migration 0004): no money has moved yet. */
  transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: createdAt(),
  status: text('status', { enum: ['pending', 'credited', 'reversed', 'cancelled', 'rejected'] })
    .notNull()
    .default('credited'),
  /** A deposit, or a credit adjustment that waited for a second administrator (migration 0009). */
  kind: text('kind', { enum: ['deposit', 'adjustment'] })
    .notNull()
    .default('deposit'),
  closedBy: integer('closed_by').references(() => users.id),
  closedReason: text('closed_reason'),
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  /** `deposit:{Idempotency-Key}` of the request that created it (a repeated request finds it). */
  requestKey: text('request_key'),
  approvedBy: integer('approved_by').references(() => users.id),
  approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
  reversalTransactionId: bigint('reversal_transaction_id', { mode: 'number' }).references(
    () => ledgerTransactions.id,
  ),
  reversalAmount: money('reversal_amount'),
  reversalReason: text('reversal_reason'),
  reversedBy: integer('reversed_by').references(() => users.id),
  reversedAt: timestamp('reversed_at', { withTimezone: true, mode: 'date' }),
  /** Waits because it would pass the player's own deposit limit (migration 0017, protection/). */
  heldByLimit: boolean('held_by_limit').notNull().default(false),
});

export const withdrawals = pgTable('withdrawals', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  amount: money('amount').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
    .notNull()
    .default('pending'),
  reason: text('reason'),
  requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  resolvedBy: integer('resolved_by').references(() => users.id),
  requestTransactionId: bigint('request_transaction_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerTransactions.id),
  resolveTransactionId: bigint('resolve_transaction_id', { mode: 'number' }).references(
    () => ledgerTransactions.id,
  ),
  /** The payout details the player gave when requesting it (migration 0004). */
  bank: text('bank').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  /** The first of two administrators, for a withdrawal that needs two (migration 0009). */
  firstApprovedBy: integer('first_approved_by').references(() => users.id),
  firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
});

/** A grant of the ADMIN role waiting for a second administrator (migration 0009). */
export const roleGrants = pgTable('role_grants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  role: text('role', { enum: ['ADMIN'] }).notNull(),
  requestedBy: integer('requested_by')
    .notNull()
    .references(() => users.id),
  status: text('status', { enum: ['pending', 'confirmed', 'cancelled', 'rejected'] })
    .notNull()
    .default('pending'),
  resolvedBy: integer('resolved_by').references(() => users.id),
  reason: text('reason'),
  createdAt: createdAt(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
});

export const contentBlocks = pgTable('content_blocks', {
  name: text('name').primaryKey(),
  body: jsonb('body').$type<{ en: string; mn: string }>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): see audit/auditLog.ts. */
export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  actorId: integer('actor_id'),
  actorName: text('actor_name').notNull().default(''),
  ip: text('ip').notNull().default(''),
  action: text('action').notNull(),
  targetType: text('target_type').notNull().default(''),
  targetId: text('target_id').notNull().default(''),
  summary: text('summary').notNull().default(''),
  /** Migration 0027: the summary as a code and parameters (AUDIT_SUMMARY_CODES); null on older rows. */
  summaryCode: text('summary_code'),
  summaryParams: jsonb('summary_params').$type<Record<string, string | number>>().notNull().default({}),
});

/** Durable seats (migration 0005): see tables/runtime/databaseTableStore.ts. */
export const tableSeats = pgTable('table_seats', {
  tableId: integer('table_id').notNull(),
  seat: integer('seat').notNull(),
  userId: integer('user_id').notNull(),
  sittingOut: boolean('sitting_out').notNull().default(false),
  timeBankMs: integer('time_bank_ms').notNull().default(0),
});

export const tableState = pgTable('table_state', {
  tableId: integer('table_id').primaryKey(),
  simulation: boolean('simulation').notNull().default(false),
  handId: text('hand_id'),
  handNumber: integer('hand_number'),
  seedCommitment: text('seed_commitment'),
  handStartedAt: timestamp('hand_started_at', { withTimezone: true, mode: 'date' }),
});

export const voidedHands = pgTable('voided_hands', {
  tableId: integer('table_id').notNull(),
  handNumber: integer('hand_number').notNull(),
  handId: text('hand_id').notNull(),
  seedCommitment: text('seed_commitment').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  reason: text('reason').notNull(),
});

/** Table chat (migration 0008): see tables/chat/chatService.ts. */
export const chatMessages = pgTable('chat_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tableId: integer('table_id').notNull(),
  userId: integer('user_id').notNull(),
  username: text('username').notNull(),
  text: text('text').notNull(),
  original: text('original').notNull(),
  createdAt: createdAt(),
});

export const chatMutes = pgTable('chat_mutes', {
  userId: integer('user_id').primaryKey(),
  mutedBy: integer('muted_by'),
  createdAt: createdAt(),
});

/** Tournaments (migration 0013): settings, the director's saved state and its status. */
export const tournaments = pgTable('tournaments', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['sng', 'mtt'] }).notNull(),
  variant: text('variant', { enum: ['holdem', 'omaha'] }).notNull(),
  betting: text('betting', { enum: ['no-limit', 'pot-limit'] }).notNull(),
  buyIn: money('buy_in').notNull(),
  fee: money('fee').notNull(),
  startingStack: integer('starting_stack').notNull(),
  tableSize: integer('table_size').notNull(),
  minEntrants: integer('min_entrants').notNull(),
  maxEntrants: integer('max_entrants').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
  levels: jsonb('levels').$type<unknown[]>().notNull(),
  actionSeconds: integer('action_seconds').notNull(),
  status: text('status', {
    enum: ['scheduled', 'registering', 'running', 'break', 'finished', 'cancelled'],
  })
    .notNull()
    .default('registering'),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  // Scheduled formats (migration 0018): see tournaments/ports.ts TournamentConfig.
  registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true, mode: 'date' }),
  lateRegLevels: integer('late_reg_levels').notNull().default(0),
  maxEntries: integer('max_entries').notNull().default(1),
  rebuyLevels: integer('rebuy_levels').notNull().default(0),
  maxRebuys: integer('max_rebuys').notNull().default(0),
  addOn: boolean('add_on').notNull().default(false),
  guarantee: money('guarantee').notNull().default(0),
  /** A recurring schedule: the next instance is created (once) when this one starts. */
  recurrence: text('recurrence', { enum: ['daily', 'weekly'] }),
  timeZone: text('time_zone'),
  /** The instance of the schedule this one follows (unique: each instance has one next). */
  previousId: integer('previous_id'),
  /** The contest teaser's tournament (the lobby's content block links to it). */
  featured: boolean('featured').notNull().default(false),
  /** Progressive knockout (migration 0022): the percent of each buy-in that becomes bounty (0: none). */
  bountyPercent: integer('bounty_percent').notNull().default(0),
  /** The final-table deal (migration 0024): the percent of the prizes left that a deal keeps to play for. */
  dealKeptPercent: integer('deal_kept_percent').notNull().default(0),
  /** A satellite (migration 0023): its prizes are tickets to this tournament, each worth `ticketValue`. */
  targetId: integer('target_id'),
  ticketValue: money('ticket_value'),
});

/** Satellite tickets (migration 0023): one per award, held until used for an entry or refunded in cash. */
export const tournamentTickets = pgTable('tournament_tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  awardKey: text('award_key').notNull().unique(),
  userId: integer('user_id').notNull(),
  satelliteId: integer('satellite_id').notNull(),
  targetId: integer('target_id').notNull(),
  value: money('value').notNull(),
  status: text('status', { enum: ['held', 'used', 'refunded'] })
    .notNull()
    .default('held'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One row per player in a tournament: the players' lists (place, prize). */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    place: integer('place'),
    prize: money('prize').notNull().default(0),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.userId] })],
);
/** An administrator's TOTP secret (migration 0010): see auth/secondFactor.ts. */
export const adminSecondFactors = pgTable('admin_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true, mode: 'date' }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes of an administrator's second factor, stored hashed. */
export const adminRecoveryCodes = pgTable('admin_recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** Limits a player set (migration 0017): see protection/limitRules.ts. NULL: no such limit. */
export const playerLimits = pgTable('player_limits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  lossDaily: money('loss_daily'),
  lossWeekly: money('loss_weekly'),
  lossMonthly: money('loss_monthly'),
  depositDaily: money('deposit_daily'),
  depositWeekly: money('deposit_weekly'),
  depositMonthly: money('deposit_monthly'),
  sessionMinutes: integer('session_minutes'),
  realityCheckMinutes: integer('reality_check_minutes'),
  /** Raises and removals waiting out the cooling-off, by field. */
  pending: jsonb('pending')
    .$type<Record<string, { value: number | null; effectiveAt: string }>>()
    .notNull()
    .default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Time-outs and self-exclusions (migration 0017); the database refuses to shorten or delete one. */
export const playerExclusions = pgTable('player_exclusions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  kind: text('kind', { enum: ['timeout', 'self-exclusion'] }).notNull(),
  period: text('period').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Null: indefinite. */
  until: timestamp('until', { withTimezone: true, mode: 'date' }),
  endRequestedAt: timestamp('end_requested_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/** A player's current play session (migration 0017): from the buy-in that found them at no table. */
export const playSessions = pgTable('play_sessions', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  limitStoppedAt: timestamp('limit_stopped_at', { withTimezone: true, mode: 'date' }),
});

/** A player's private note and colour tag on another player (migration 0028): see users/playerNotes.ts. */
export const playerNotes = pgTable(
  'player_notes',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull().default(''),
    colour: text('colour', { enum: ['red', 'orange', 'yellow', 'green', 'blue', 'purple'] }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.subjectId] })],
);
