// The table channel, /ws/table/{tableId}: every message a table viewer and the server exchange,
// plus the hand-history responses. Cards are strings like "As", "Td", "7c" everywhere on the wire.
// Amounts are whole tugrik; bet and raise amounts are street totals ("raise TO").
import { z } from 'zod';
import {
  ErrorCodeSchema,
  IdQuerySchema,
  IdSchema,
  IsoDateSchema,
  MoneySchema,
  PositiveAmountSchema,
  limitQuery,
  singleLineText,
} from './common.js';
import { ChatCommandSchema, ChatServerMessageSchema } from './chat.js';
import { TableDealSchema } from './tournamentDeal.js';
import { BettingStructureSchema, TableStatusSchema, TableVariantSchema } from './user.js';

/** `/ws/table/{tableId}`. */
export const TABLE_CHANNEL_PATH = '/ws/table/:tableId';
export function tableChannelPath(tableId: number): string {
  return `/ws/table/${tableId}`;
}

/** Seats are numbered 0..8. */
export const SEAT_MAX = 8;
export const SeatIndexSchema = z.int().min(0).max(SEAT_MAX);

export const CardSchema = z.string().regex(/^[2-9TJQKA][cdhs]$/, 'A card like "As"');
export type WireCard = z.infer<typeof CardSchema>;

/** Hex SHA-256 (64 lowercase hex characters). */
export const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);
/** Proof that deck position `position` held `card` (packages/engine README, "Provably fair, version 2"). */
export const OpeningSchema = z.object({
  position: z.int().min(0).max(51),
  card: CardSchema,
  salt: z.string(),
  path: z.array(z.string()),
});
export type WireOpening = z.infer<typeof OpeningSchema>;
export const PlayerSeedEntrySchema = z.object({
  seat: SeatIndexSchema,
  userId: z.union([IdSchema, z.string()]),
  /** '' when the seat sent none. */
  seed: z.string(),
});
/** Version 2 fairness of a finished hand, with only the openings its viewer may see. */
export const FairnessV2Schema = z.object({
  version: z.literal(2),
  handId: z.string(),
  deckCommitment: Sha256HexSchema,
  playerSeeds: z.array(PlayerSeedEntrySchema),
  openings: z.array(OpeningSchema),
});
/** Version 1 (old hands): the server seed revealed after the hand. */
export const FairnessV1Schema = z.object({
  version: z.literal(1).optional(),
  serverSeed: z.string(),
  commitment: z.string(),
  clientSeed: z.string(),
});

/** The engine's variants, as they appear inside a hand. */
export const HandVariantSchema = z.enum(['holdem-nl', 'omaha-pl', 'omaha-nl']);
export type HandVariant = z.infer<typeof HandVariantSchema>;
export const StreetSchema = z.enum(['preflop', 'flop', 'turn', 'river']);
export type Street = z.infer<typeof StreetSchema>;
export const HandPhaseSchema = z.enum(['preflop', 'flop', 'turn', 'river', 'complete']);
export const ActionTypeSchema = z.enum(['fold', 'check', 'call', 'bet', 'raise', 'allin']);
export type ActionType = z.infer<typeof ActionTypeSchema>;
export const PostKindSchema = z.enum([
  'ante',
  'small-blind',
  'big-blind',
  'newcomer-big-blind',
  'dead-small-blind',
]);

// ---------------------------------------------------------------------------------------------
// Client -> server
// ---------------------------------------------------------------------------------------------

/** Any string the client chooses; echoed in ACK / REJECT so it can match replies to commands. */
export const RequestIdSchema = singleLineText().min(1).max(64);
const withRequestId = { requestId: RequestIdSchema.optional() };

export const TableAuthMessageSchema = z.object({
  type: z.literal('AUTH'),
  token: singleLineText().min(1).max(200),
  ...withRequestId,
});
export const SitMessageSchema = z.object({
  type: z.literal('SIT'),
  seat: SeatIndexSchema,
  /** The buy-in, within the table's range and the player's available balance. */
  amount: PositiveAmountSchema,
  /** Post a big blind at once instead of waiting for the big blind to come round (the default). */
  postNow: z.boolean().optional(),
  ...withRequestId,
});
export const ActionMessageSchema = z.object({
  type: z.literal('ACTION'),
  action: ActionTypeSchema,
  /** Street total for bet/raise (required); optional for call/allin (must match); ignored otherwise. */
  amount: MoneySchema.optional(),
  /** The hand the action is meant for; an action for another hand is refused as `stale`. */
  handNumber: z.int().min(1),
  /** The hand view's `actionCount` the client decided on; when given and not current, refused as `stale`. */
  stateId: z.int().min(0).optional(),
  ...withRequestId,
});
export const SitOutMessageSchema = z.object({ type: z.literal('SIT_OUT'), ...withRequestId });
export const SitInMessageSchema = z.object({ type: z.literal('SIT_IN'), ...withRequestId });
export const RechargeMessageSchema = z.object({
  type: z.literal('RECHARGE'),
  amount: PositiveAmountSchema,
  ...withRequestId,
});
export const LeaveMessageSchema = z.object({ type: z.literal('LEAVE'), ...withRequestId });
/** Join (`join: true`) or leave the table's waiting list (cash tables; joining needs every seat taken). */
export const WaitlistMessageSchema = z.object({
  type: z.literal('WAITLIST'),
  join: z.boolean(),
  ...withRequestId,
});
export const ResumeMessageSchema = z.object({
  type: z.literal('RESUME'),
  lastSeq: z.int().min(0),
  ...withRequestId,
});
export const TablePingMessageSchema = z.object({ type: z.literal('PING'), ...withRequestId });
/** The longest seed a player may send (characters). */
export const PLAYER_SEED_MAX_LENGTH = 64;
/** A player's seed: 1–64 printable ASCII characters (space to tilde). */
export const PlayerSeedSchema = singleLineText()
  .min(1)
  .max(PLAYER_SEED_MAX_LENGTH)
  .regex(/^[\x20-\x7e]+$/, 'Must be printable ASCII characters');
/**
 * A seated player's seed for the next deal whose deck commitment it has already seen (the last
 * `deck-committed`, or the snapshot's `nextDeckCommitment`). The last one sent counts.
 */
export const SeedMessageSchema = z.object({
  type: z.literal('SEED'),
  seed: PlayerSeedSchema,
  ...withRequestId,
});

/** After the hand: show your cards (all, or one in Hold'em when you won uncalled). */
export const ShowMessageSchema = z.object({
  type: z.literal('SHOW'),
  cards: z.array(CardSchema).min(1).max(4).optional(),
  ...withRequestId,
});
/** After the hand: keep your cards hidden (a loser at showdown; the cards never leave the server). */
export const MuckMessageSchema = z.object({ type: z.literal('MUCK'), ...withRequestId });
/** A seated player's standing choices; each field given replaces the last. */
export const SeatOptionsSchema = z.object({
  /** Muck a losing hand at once at showdown (default true); off: you choose, and Show is the default. */
  autoMuck: z.boolean().optional(),
  /** Sit out when the next hand is dealt. */
  sitOutNextHand: z.boolean().optional(),
  /** Sit out when the big blind would be yours. */
  sitOutNextBigBlind: z.boolean().optional(),
  /** Top the stack up to this amount (through the ledger, like a recharge) when it is below it between hands; null: off. */
  autoTopUp: PositiveAmountSchema.nullable().optional(),
});
export type SeatOptions = z.infer<typeof SeatOptionsSchema>;
export const SeatOptionsMessageSchema = z.object({
  type: z.literal('SEAT_OPTIONS'),
  options: SeatOptionsSchema,
  ...withRequestId,
});

export const TableClientMessageSchema = z.discriminatedUnion('type', [
  ShowMessageSchema,
  MuckMessageSchema,
  SeatOptionsMessageSchema,
  TableAuthMessageSchema,
  SitMessageSchema,
  ActionMessageSchema,
  SitOutMessageSchema,
  SitInMessageSchema,
  RechargeMessageSchema,
  LeaveMessageSchema,
  WaitlistMessageSchema,
  ResumeMessageSchema,
  TablePingMessageSchema,
  SeedMessageSchema,
  ChatCommandSchema,
]);
export type TableClientMessage = z.infer<typeof TableClientMessageSchema>;
export type SitMessage = z.infer<typeof SitMessageSchema>;
export type ActionMessage = z.infer<typeof ActionMessageSchema>;

/** The largest client frame the server reads; longer frames are refused with ERROR bad_message. */
export const TABLE_CLIENT_FRAME_MAX_BYTES = 4096;

// ---------------------------------------------------------------------------------------------
// Server -> client: the state a viewer sees
// ---------------------------------------------------------------------------------------------

/**
 * playing: dealt into hands; waiting: seated, waits for the big blind (or the next hand);
 * sitting-out: keeps the seat, not dealt in; leaving: stands up when the current hand ends.
 */
export const SeatStatusSchema = z.enum(['playing', 'waiting', 'sitting-out', 'leaving']);
export type SeatStatus = z.infer<typeof SeatStatusSchema>;

export const TableSeatSchema = z.object({
  seat: SeatIndexSchema,
  userId: IdSchema,
  username: z.string(),
  isBot: z.boolean(),
  /** Chips at the table; during a hand the player is in, the chips behind (not yet bet). */
  stack: MoneySchema,
  status: SeatStatusSchema,
  /** Whether the player has a table channel open (bots are always connected). */
  connected: z.boolean(),
  /** Time bank left, in milliseconds. */
  timeBankMs: z.int().min(0),
  /** A recharge waiting for the current hand to end. */
  pendingRecharge: MoneySchema.nullable(),
  /** Seated, not dealt in until the big blind comes round (or they post). */
  waitingForBigBlind: z.boolean().optional(),
  /**
   * A cash-table player whose stack reached 0 keeps the seat (sitting out, not dealt in) until this
   * epoch ms: adding chips (RECHARGE, at least the table minimum) before it deals them in again;
   * after it (or on LEAVE) they stand up with reason `busted`.
   */
  bustOfferDeadline: z.int().optional(),
});
export type TableSeat = z.infer<typeof TableSeatSchema>;

/** The blinds and ante of a tournament level (the one after the current, on the strip). */
export const TableLevelSchema = z.object({
  smallBlind: MoneySchema,
  bigBlind: MoneySchema,
  ante: MoneySchema,
  isBreak: z.boolean(),
});

/**
 * A tournament's state at one of its tables (`TableInfo.tournament`): the level in force for the next
 * hand (its blinds are the table's `smallBlind`/`bigBlind`), its clock and the field. Public: every
 * viewer gets the same.
 */
export const TableTournamentSchema = z.object({
  tournamentId: IdSchema,
  /** The level's number in the structure (breaks are numbered too). */
  level: z.int().min(1),
  ante: MoneySchema,
  anteKind: z.enum(['per-player', 'big-blind']),
  /** A break: no hand is dealt until `levelEndsAt`. */
  isBreak: z.boolean(),
  /** When this level (or break) ends, epoch ms; null when it lasts to the end (the last level). */
  levelEndsAt: z.int().nullable(),
  /** The next level's blinds and ante (or a break); null after the last. */
  nextLevel: TableLevelSchema.nullable(),
  /** Players still in (not yet finished) across every table, and how many entered. */
  playersLeft: z.int().min(0),
  entrants: z.int().min(0),
  /** Chips in play divided by the players left, rounded down. */
  averageStack: z.int().min(0),
  /** On the bubble: every table finishes its hand before any deals the next. */
  handForHand: z.boolean(),
  /** The final-table deal (tournamentDeal.ts); null or absent while none may be asked. */
  deal: TableDealSchema.nullable().optional(),
  /**
   * A progressive knockout: the bounty (₮) on the head of each player seated at this table, by userId
   * (this table's seats only); absent when the tournament has no bounties.
   */
  bounties: z.array(z.object({ userId: IdSchema, bounty: MoneySchema })).optional(),
});
export type TableTournament = z.infer<typeof TableTournamentSchema>;

/** A player's tournament is over: finishing place (1: the winner) and prize in ₮ (0 out of the money). */
export const TournamentFinishSchema = z.object({
  place: z.int().min(1),
  prize: MoneySchema,
  entrants: z.int().min(1),
});
export type TournamentFinish = z.infer<typeof TournamentFinishSchema>;

/** A player's seat at another table of the tournament (balancing, a broken table, the final table). */
export const TournamentMoveSchema = z.object({
  tableId: IdSchema,
  tableName: z.string(),
  seat: SeatIndexSchema,
});
export type TournamentMove = z.infer<typeof TournamentMoveSchema>;

/**
 * A cash table's waiting list (kept in the table's memory): who waits, in order, and the seat held for
 * the first of them until `deadline` (epoch ms) — nobody else may take it meanwhile.
 */
export const TableWaitlistSchema = z.object({
  userIds: z.array(IdSchema),
  offer: z.object({ userId: IdSchema, seat: SeatIndexSchema, deadline: z.int() }).nullable(),
});
export type TableWaitlist = z.infer<typeof TableWaitlistSchema>;

/**
 * One table's waiting list as the caller sees it from the lobby (HTTP, issue 23): how many wait, the
 * caller's place (1 = next; null: not on it) and the seat held for the caller, if any. Others' ids and
 * offers stay with the table.
 */
export const MyWaitlistSchema = z.object({
  tableId: IdSchema,
  waiting: z.int().min(0),
  place: z.int().min(1).nullable(),
  offer: z.object({ seat: SeatIndexSchema, deadline: z.int() }).nullable(),
});
export type MyWaitlist = z.infer<typeof MyWaitlistSchema>;
/** GET /api/v1/user/tables/waitlists: every cash table where anyone waits. */
export const WaitlistsResponseSchema = z.object({ tables: z.array(MyWaitlistSchema) });
export type WaitlistsResponse = z.infer<typeof WaitlistsResponseSchema>;
/** POST and DELETE /api/v1/user/tables/{id}/waitlist: join or leave that table's waiting list. */
export const TableIdParamsSchema = z.object({ id: IdQuerySchema });

export const TableInfoSchema = z.object({
  tableId: IdSchema,
  name: z.string(),
  variant: TableVariantSchema,
  betting: BettingStructureSchema,
  smallBlind: MoneySchema,
  bigBlind: MoneySchema,
  minBuyIn: MoneySchema,
  maxBuyIn: MoneySchema,
  maxPlayers: z.int().min(2).max(9),
  status: TableStatusSchema,
  actionTimeSeconds: z.int().min(1),
  /** Occupied seats only, by seat index. */
  seats: z.array(TableSeatSchema),
  /** The seat of the dealer button (of the current or last hand), or null before the first hand. */
  button: SeatIndexSchema.nullable(),
  /** The rake as numbers: percent of the pot, capped at `cap` ₮ a hand, none without a flop. */
  rake: z.object({ percent: z.number().min(0), cap: MoneySchema, noFlopNoDrop: z.boolean() }).optional(),
  /** The jackpot: contributionPercent of each raked pot (its rules text is the `jackpot-rules` content block). */
  jackpotRule: z.object({ contributionPercent: z.number().min(0) }).optional(),
  handsPlayed: z.int().min(0),
  /**
   * A tournament's table: the tournament as its players see it at the table (no buy-in, rake or
   * jackpot applies). Sent again in `table-updated` when the level or the standings change.
   */
  tournament: TableTournamentSchema.optional(),
  /** The waiting list, when anyone waits (always in `table-updated` at a cash table, empty or not). */
  waitlist: TableWaitlistSchema.optional(),
  /** New blinds an administrator set during the hand in play: they apply from the next hand. */
  nextStakes: z.object({ smallBlind: MoneySchema, bigBlind: MoneySchema }).optional(),
});
export type TableInfo = z.infer<typeof TableInfoSchema>;

export const PotSchema = z.object({ amount: MoneySchema, eligible: z.array(SeatIndexSchema) });
export const LegalActionSchema = z.object({ type: ActionTypeSchema, min: MoneySchema, max: MoneySchema });
export type LegalAction = z.infer<typeof LegalActionSchema>;
export const LegalActionsSchema = z.object({
  seat: SeatIndexSchema,
  toCall: MoneySchema,
  actions: z.array(LegalActionSchema),
});
export type LegalActions = z.infer<typeof LegalActionsSchema>;
export const WinnerSchema = z.object({ seat: SeatIndexSchema, amount: MoneySchema });
export const PotResultSchema = z.object({
  amount: MoneySchema,
  rake: MoneySchema,
  eligible: z.array(SeatIndexSchema),
  winners: z.array(WinnerSchema),
  handValue: z.int().nullable(),
  handName: z.string().nullable(),
});

export const HandSeatViewSchema = z.object({
  seat: SeatIndexSchema,
  userId: IdSchema,
  stack: MoneySchema,
  bet: MoneySchema,
  committed: MoneySchema,
  inHand: z.boolean(),
  folded: z.boolean(),
  allIn: z.boolean(),
  mucked: z.boolean(),
  cardCount: z.int().min(0),
  /** The viewer's own hole cards, or cards shown at showdown; null when hidden from this viewer. */
  cards: z.array(CardSchema).nullable(),
  shown: z.boolean(),
});
export type HandSeatView = z.infer<typeof HandSeatViewSchema>;

/** The running (or just finished) hand as one viewer may see it. */
export const HandViewSchema = z.object({
  handId: z.string(),
  handNumber: z.int().min(1),
  variant: HandVariantSchema,
  phase: HandPhaseSchema,
  button: SeatIndexSchema,
  smallBlind: MoneySchema,
  bigBlind: MoneySchema,
  ante: MoneySchema,
  smallBlindSeat: SeatIndexSchema.nullable(),
  bigBlindSeat: SeatIndexSchema,
  board: z.array(CardSchema),
  pots: z.array(PotSchema),
  potTotal: MoneySchema,
  currentBet: MoneySchema,
  toAct: SeatIndexSchema.nullable(),
  /** Filled only for the viewer whose turn it is. */
  legal: LegalActionsSchema.nullable(),
  /** The state id to send back as ACTION.stateId. */
  actionCount: z.int().min(0),
  /** When the player to act is timed out (epoch ms), time bank included; null when nobody acts. */
  deadline: z.int().nullable(),
  rake: MoneySchema,
  results: z.array(PotResultSchema),
  seats: z.array(HandSeatViewSchema),
  /** The Merkle root of the committed deck, published before any seed counted. */
  deckCommitment: z.string(),
  /** The openings of the cards this viewer sees (board, shown cards, its own hole cards). */
  openings: z.array(OpeningSchema),
});
export type HandView = z.infer<typeof HandViewSchema>;

/** Who this connection is: a spectator until AUTH; `seat` once the user sits. */
export const ViewerSchema = z.object({
  userId: IdSchema.nullable(),
  seat: SeatIndexSchema.nullable(),
  /**
   * The least this user may buy in with now (logged-in viewers only): the table minimum, or the stack
   * they left with when they stood up from this table less than `table.ratholeMinutes` ago (capped
   * at the table maximum).
   */
  minBuyIn: MoneySchema.optional(),
  /** The seated viewer's standing choices (SEAT_OPTIONS). */
  options: SeatOptionsSchema.required().optional(),
  /** A tournament table: this viewer's tournament ended here (sent until the table closes). */
  finished: TournamentFinishSchema.optional(),
  /** A tournament table: this viewer was moved from here to another table (follow it). */
  movedTo: TournamentMoveSchema.optional(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

export const TableSnapshotMessageSchema = z.object({
  type: z.literal('SNAPSHOT'),
  /** Sequence number of the last event included in this snapshot; the next EVENT has seq + 1. */
  seq: z.int().min(0),
  viewer: ViewerSchema,
  table: TableInfoSchema,
  hand: HandViewSchema.nullable(),
  jackpot: z.object({ amount: MoneySchema }),
  /** The deck commitment of the next deal, when published: a seated player's SEED counts for it. */
  nextDeckCommitment: z.string().nullable().optional(),
});
export type TableSnapshotMessage = z.infer<typeof TableSnapshotMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Server -> client: events
// ---------------------------------------------------------------------------------------------

/** Engine events (cards as strings; other seats' hole cards are always null). */
export const HandStartedEventSchema = z.object({
  type: z.literal('hand-started'),
  handId: z.string(),
  handNumber: z.int().min(1),
  button: SeatIndexSchema,
  smallBlindSeat: SeatIndexSchema.nullable(),
  bigBlindSeat: SeatIndexSchema,
  /** The commitment published before the seeds (equals the last `deck-committed`). */
  deckCommitment: z.string(),
});
const EngineEventSchemas = [
  HandStartedEventSchema,
  z.object({
    type: z.literal('blind-posted'),
    seat: SeatIndexSchema,
    post: PostKindSchema,
    amount: MoneySchema,
    allIn: z.boolean(),
  }),
  z.object({
    type: z.literal('hole-cards-dealt'),
    seat: SeatIndexSchema,
    count: z.int().min(0),
    /** The receiver's own cards; null in everyone else's copy. */
    cards: z.array(CardSchema).nullable(),
    /** The receiver's own cards opened (absent in everyone else's copy). */
    openings: z.array(OpeningSchema).optional(),
  }),
  z.object({
    type: z.literal('action'),
    seat: SeatIndexSchema,
    action: ActionTypeSchema,
    to: MoneySchema,
    added: MoneySchema,
    stack: MoneySchema,
    allIn: z.boolean(),
  }),
  z.object({
    type: z.literal('street-dealt'),
    street: StreetSchema,
    cards: z.array(CardSchema),
    board: z.array(CardSchema),
    /** The new board cards opened. */
    openings: z.array(OpeningSchema).optional(),
  }),
  z.object({ type: z.literal('uncalled-bet-returned'), seat: SeatIndexSchema, amount: MoneySchema }),
  z.object({ type: z.literal('pots-updated'), pots: z.array(PotSchema) }),
  /** `legal` is the actor's choices (public information: everyone can work them out). */
  z.object({ type: z.literal('next-to-act'), seat: SeatIndexSchema, legal: LegalActionsSchema }),
  z.object({
    type: z.literal('cards-shown'),
    seat: SeatIndexSchema,
    cards: z.array(CardSchema),
    handValue: z.int().nullable(),
    handName: z.string().nullable(),
    /** The shown cards opened. */
    openings: z.array(OpeningSchema).optional(),
  }),
  z.object({ type: z.literal('hand-mucked'), seat: SeatIndexSchema }),
  z.object({ type: z.literal('rake-taken'), amount: MoneySchema }),
  z.object({
    type: z.literal('pot-awarded'),
    potIndex: z.int().min(0),
    amount: MoneySchema,
    winners: z.array(WinnerSchema),
    handName: z.string().nullable(),
  }),
  z.object({
    type: z.literal('hand-ended'),
    finalStacks: z.array(z.object({ seat: SeatIndexSchema, stack: MoneySchema })),
  }),
] as const;

export const JackpotPayoutSchema = z.object({
  userId: IdSchema,
  seat: SeatIndexSchema,
  /** loser: the hand that lost; winner: the hand that beat it; table: everyone else dealt in. */
  share: z.enum(['loser', 'winner', 'table']),
  amount: MoneySchema,
});

/** Table events: seats, clock, settlement. */
const TableEventSchemas = [
  /** The next hand's deck is committed (its Merkle root): seated players may now send SEED for it. */
  z.object({ type: z.literal('deck-committed'), deckCommitment: Sha256HexSchema }),
  z.object({ type: z.literal('seat-taken'), seat: TableSeatSchema }),
  z.object({
    type: z.literal('seat-left'),
    seat: SeatIndexSchema,
    userId: IdSchema,
    /** left: the player's choice; kicked: by an administrator; idle: sat out too long; busted: no chips; closed: table closed or server restart; moved: a tournament's director took the player away (to another table, or the tournament ended). */
    reason: z.enum(['left', 'kicked', 'idle', 'busted', 'closed', 'removed', 'moved']),
    /** The least the player who left may buy in with if they sit here again soon (no ratholing). */
    returnMinBuyIn: MoneySchema.optional(),
    /** kicked: the administrator's reason, when they gave one. */
    note: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('seat-updated'), seat: TableSeatSchema }),
  z.object({ type: z.literal('sat-out'), seat: SeatIndexSchema }),
  z.object({ type: z.literal('sat-in'), seat: SeatIndexSchema }),
  z.object({ type: z.literal('connection'), seat: SeatIndexSchema, connected: z.boolean() }),
  z.object({
    type: z.literal('stack-changed'),
    seat: SeatIndexSchema,
    stack: MoneySchema,
    reason: z.enum(['buy-in', 'recharge', 'hand']),
  }),
  /** A decision's clock: deadline is epoch ms (action time + the time bank in use). */
  z.object({
    type: z.literal('clock'),
    seat: SeatIndexSchema,
    handNumber: z.int().min(1),
    deadline: z.int(),
    /** Time bank left (ms) once the action time runs out. */
    timeBankMs: z.int().min(0),
  }),
  z.object({ type: z.literal('timed-out'), seat: SeatIndexSchema, action: z.enum(['check', 'fold']) }),
  z.object({
    type: z.literal('hand-result'),
    handId: z.string(),
    handNumber: z.int().min(1),
    results: z.array(z.object({ seat: SeatIndexSchema, userId: IdSchema, net: z.int() })),
    rake: MoneySchema,
    jackpotContribution: MoneySchema,
    jackpotPayouts: z.array(JackpotPayoutSchema),
    deckCommitment: z.string(),
    /** Every seat dealt in with the seed it contributed ('' for none), ascending by seat. */
    playerSeeds: z.array(PlayerSeedEntrySchema),
  }),
  /** The hand could not be settled (e.g. the database failed): stacks are as the hand began. */
  /**
   * The hand is over and `seat` may still show its cards until `deadline` (epoch ms): `loser` mucked at
   * showdown (SHOW or MUCK; Show when the time runs out), `winner` won with nobody calling (SHOW, or nothing).
   */
  z.object({
    type: z.literal('show-choice'),
    seat: SeatIndexSchema,
    handNumber: z.int().min(1),
    kind: z.enum(['loser', 'winner']),
    deadline: z.int(),
  }),
  /** The choices are over (shown, mucked or timed out): the hand is settled next. */
  z.object({ type: z.literal('show-choice-closed'), handNumber: z.int().min(1) }),
  z.object({ type: z.literal('hand-voided'), handId: z.string(), handNumber: z.int().min(1) }),
  z.object({ type: z.literal('jackpot'), amount: MoneySchema }),
  z.object({ type: z.literal('table-updated'), table: TableInfoSchema.omit({ seats: true }) }),
  /** An administrator changed the blinds during a hand: they apply from the next hand (a `table-updated` then). */
  z.object({ type: z.literal('stakes-changing'), smallBlind: MoneySchema, bigBlind: MoneySchema }),
  z.object({ type: z.literal('table-closed') }),
  /** A tournament table: `userId`'s tournament is over (busted here, or won): place and prize (public, as in the lobby). */
  TournamentFinishSchema.extend({ type: z.literal('tournament-finish'), userId: IdSchema }),
  /** A tournament table: `userId` was moved from this table to `tableId`, `seat` (that player's client follows). */
  TournamentMoveSchema.extend({ type: z.literal('tournament-move'), userId: IdSchema }),
] as const;

export const TableEventSchema = z.discriminatedUnion('type', [...EngineEventSchemas, ...TableEventSchemas]);
export type TableEvent = z.infer<typeof TableEventSchema>;
export type TableEventType = TableEvent['type'];

export const TableEventMessageSchema = z.object({
  type: z.literal('EVENT'),
  seq: z.int().min(1),
  event: TableEventSchema,
});
export type TableEventMessage = z.infer<typeof TableEventMessageSchema>;

export const TableAckMessageSchema = z.object({
  type: z.literal('ACK'),
  requestId: RequestIdSchema.nullable(),
});
/**
 * A refused command carries a domain error code from the one vocabulary (`@tenger/protocol/errors`), the
 * same code an HTTP refusal would carry: `not_seated`, `not_your_turn`, `insufficient_funds`, `busy`, …
 */
export const TableRejectCodeSchema = ErrorCodeSchema;
export type TableRejectCode = z.infer<typeof TableRejectCodeSchema>;
export const TableRejectMessageSchema = z.object({
  type: z.literal('REJECT'),
  requestId: RequestIdSchema.nullable(),
  code: TableRejectCodeSchema,
  message: z.string(),
});
/** Trouble with the connection itself (unparsable frame, unknown table); the table is unaffected. */
export const TableErrorMessageSchema = z.object({
  type: z.literal('ERROR'),
  code: ErrorCodeSchema.extract(['bad_message', 'not_found', 'unauthorized', 'too_many_messages']),
  message: z.string(),
});
export const TablePongMessageSchema = z.object({
  type: z.literal('PONG'),
  requestId: RequestIdSchema.nullable(),
});

export const TableServerMessageSchema = z.discriminatedUnion('type', [
  TableSnapshotMessageSchema,
  TableEventMessageSchema,
  TableAckMessageSchema,
  TableRejectMessageSchema,
  TableErrorMessageSchema,
  TablePongMessageSchema,
  ChatServerMessageSchema,
]);
export type TableServerMessage = z.infer<typeof TableServerMessageSchema>;
export type TableRejectMessage = z.infer<typeof TableRejectMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Hand history (HTTP)
// ---------------------------------------------------------------------------------------------

export const HandIdParamsSchema = z.object({
  handId: singleLineText().regex(/^[0-9a-f-]{36}$/, 'A hand id'),
});

const HistoryEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), seat: SeatIndexSchema, post: PostKindSchema, amount: MoneySchema }),
  z.object({ kind: z.literal('deal-hole'), seat: SeatIndexSchema, cards: z.array(CardSchema) }),
  z.object({
    kind: z.literal('action'),
    seat: SeatIndexSchema,
    type: ActionTypeSchema,
    to: MoneySchema,
    added: MoneySchema,
    allIn: z.boolean(),
  }),
  z.object({ kind: z.literal('board'), street: StreetSchema, cards: z.array(CardSchema) }),
  z.object({ kind: z.literal('uncalled'), seat: SeatIndexSchema, amount: MoneySchema }),
  z.object({ kind: z.literal('show'), seat: SeatIndexSchema, cards: z.array(CardSchema) }),
  z.object({ kind: z.literal('muck'), seat: SeatIndexSchema }),
]);

/** The engine's hand record, redacted for the viewer (unshown cards of others are empty). */
export const HandRecordSchema = z.object({
  handNumber: z.int().min(1),
  variant: HandVariantSchema,
  button: SeatIndexSchema,
  smallBlind: MoneySchema,
  bigBlind: MoneySchema,
  ante: MoneySchema,
  smallBlindSeat: SeatIndexSchema.nullable(),
  bigBlindSeat: SeatIndexSchema,
  seats: z.array(
    z.object({
      seat: SeatIndexSchema,
      userId: IdSchema,
      username: z.string(),
      startingStack: MoneySchema,
      finalStack: MoneySchema,
      dealtIn: z.boolean(),
      holeCards: z.array(CardSchema),
      shownCards: z.array(CardSchema).nullable(),
      mucked: z.boolean(),
      folded: z.boolean(),
      foldedOn: StreetSchema.nullable(),
      net: z.int(),
    }),
  ),
  history: z.array(HistoryEntrySchema),
  board: z.array(CardSchema),
  pots: z.array(PotResultSchema),
  rake: MoneySchema,
  totalPot: MoneySchema,
});
export type HandRecordWire = z.infer<typeof HandRecordSchema>;

/** GET /api/v1/user/hand/{handId}. */
export const HandHistoryResponseSchema = z.object({
  handId: z.string(),
  tableId: IdSchema,
  tableName: z.string(),
  handNumber: z.int().min(1),
  startedAt: IsoDateSchema,
  endedAt: IsoDateSchema,
  record: HandRecordSchema,
  /** PHH (Poker Hand History, TOML), redacted for the viewer. */
  phh: z.string(),
  /** PokerStars-style text, redacted for the viewer. */
  pokerstars: z.string(),
  /**
   * Version 2: verifyHandFairness(record, fairness, { viewerSeat }) from @tenger/engine/browser, with
   * only the openings this viewer may see. Old hands: version 1 (the server seed revealed).
   */
  fairness: z.union([FairnessV2Schema, FairnessV1Schema]),
  /** The hand chain: this hand's hash and the one before it (absent for hands before the chain). */
  chain: z.object({ previousHash: Sha256HexSchema, hash: Sha256HexSchema }).nullable().optional(),
  rake: MoneySchema,
  jackpotContribution: MoneySchema,
});
export type HandHistoryResponse = z.infer<typeof HandHistoryResponseSchema>;

/** GET /api/v1/admin/table/hands?tableId=&limit=. */
export const TABLE_HANDS_LIMIT_DEFAULT = 20;
export const TABLE_HANDS_LIMIT_MAX = 200;
export const TableHandsQuerySchema = z.object({
  tableId: IdQuerySchema,
  limit: limitQuery(TABLE_HANDS_LIMIT_MAX).optional(),
});
export const TableHandSummarySchema = z.object({
  handId: z.string(),
  handNumber: z.int().min(1),
  startedAt: IsoDateSchema,
  endedAt: IsoDateSchema,
  totalPot: MoneySchema,
  rake: MoneySchema,
  winners: z.array(
    z.object({ seat: SeatIndexSchema, userId: IdSchema, username: z.string(), amount: MoneySchema }),
  ),
});
export type TableHandSummary = z.infer<typeof TableHandSummarySchema>;
export const TableHandsResponseSchema = z.object({ items: z.array(TableHandSummarySchema) });
export type TableHandsResponse = z.infer<typeof TableHandsResponseSchema>;

/** The live session as an administrator sees it (never any live hole card). */
export const LiveSessionSchema = z.object({
  tableId: IdSchema,
  status: TableStatusSchema,
  simulation: z.boolean(),
  handNumber: z.int().nullable(),
  handsPlayed: z.int().min(0),
  rakeTaken: MoneySchema,
  board: z.array(CardSchema),
  pots: z.array(PotSchema),
  seats: z.array(
    z.object({
      seat: SeatIndexSchema,
      userId: IdSchema,
      username: z.string(),
      stack: MoneySchema,
      isBot: z.boolean(),
      sittingOut: z.boolean(),
      connected: z.boolean(),
      status: SeatStatusSchema,
    }),
  ),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;

/** GET /api/v1/user/fairness/head: the newest link of the site's hand chain. */
export const FairnessHeadResponseSchema = z.object({
  /** How many hands the chain holds (the newest hand's place in it). */
  seq: z.int().min(0),
  /** SHA-256 of the newest hand record chained to the one before (64 zeros before the first hand). */
  hash: Sha256HexSchema,
  handId: z.string().nullable(),
});
export type FairnessHeadResponse = z.infer<typeof FairnessHeadResponseSchema>;

/** GET /api/v1/admin/fairness/verify: every hand re-hashed in settlement order; the first break, if any. */
export const ChainVerifyResponseSchema = z.union([
  z.object({ ok: z.literal(true), count: z.int().min(0), head: Sha256HexSchema }),
  z.object({
    ok: z.literal(false),
    /** Links that held before the break. */
    count: z.int().min(0),
    firstBreak: z.object({
      handId: z.string().nullable(),
      seq: z.int().min(0),
      /** hash-mismatch: the hand was changed; previous-mismatch: one removed, inserted or reordered;
       *  head-mismatch: the newest hand is missing; malformed: not hashable. */
      reason: z.enum(['previous-mismatch', 'hash-mismatch', 'malformed', 'head-mismatch']),
    }),
  }),
]);
export type ChainVerifyResponse = z.infer<typeof ChainVerifyResponseSchema>;
