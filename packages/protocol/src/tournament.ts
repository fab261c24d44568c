// Tournaments (issue 19): the lobby's list and a tournament's page, registration, and the admin's create
// request. Field names are the issue's, shared with the web's pages.
import { z } from 'zod';
import {
  IdQuerySchema,
  IdSchema,
  IsoDateSchema,
  MoneySchema,
  PageQuerySchema,
  pageOf,
  singleLineText,
} from './common.js';
import { BettingStructureSchema, TableVariantSchema } from './user.js';

/** The engine's MIN_STARTING_STACK (a named structure needs it); the server's test keeps the two equal. */
export const TOURNAMENT_MIN_STARTING_STACK = 200;
export const TOURNAMENT_MAX_STARTING_STACK = 10_000_000;
/** The most entrants one tournament takes. */
export const TOURNAMENT_MAX_ENTRANTS = 10_000;
/** The most re-entries (and rebuys) one person may make in a tournament. */
export const TOURNAMENT_MAX_REENTRIES = 100;
/** The most levels a structure may list, and the longest level (a day). */
export const TOURNAMENT_MAX_LEVELS = 200;
export const TOURNAMENT_MAX_LEVEL_SECONDS = 86_400;

export const TournamentKindSchema = z.enum(['sng', 'mtt']);
export type TournamentKind = z.infer<typeof TournamentKindSchema>;
export const TournamentStatusSchema = z.enum([
  'scheduled',
  'registering',
  'running',
  'break',
  'finished',
  'cancelled',
]);
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>;
export const TournamentStructureSchema = z.enum(['regular', 'turbo', 'hyper']);
export type TournamentStructure = z.infer<typeof TournamentStructureSchema>;

/** One row of GET /api/v1/user/tournaments. */
export const TournamentSummarySchema = z.object({
  tournamentId: IdSchema,
  name: z.string(),
  kind: TournamentKindSchema,
  variant: TableVariantSchema,
  betting: BettingStructureSchema,
  status: TournamentStatusSchema,
  buyIn: MoneySchema,
  fee: MoneySchema,
  startingStack: z.int().min(1),
  tableSize: z.int().min(2).max(9),
  entrants: z.int().min(0),
  minEntrants: z.int().min(2),
  maxEntrants: z.int().min(2),
  /** Scheduled start (ISO), null for a Sit & Go (starts when full). */
  startsAt: IsoDateSchema.nullable(),
  prizePool: MoneySchema,
  /** Whether the caller is registered (false without a login). */
  registered: z.boolean(),
  // Scheduled formats (issue 21); absent from servers before it.
  /** When registration opens (ISO); null: open since the tournament was created. Status 'scheduled' before. */
  registrationOpensAt: IsoDateSchema.nullable().optional(),
  /** The least prize pool (0: none); the house pays the overlay. */
  guarantee: MoneySchema.optional(),
  /** Late registration (and re-entry) while the first N levels are played (0: none). */
  lateRegLevels: z.int().min(0).optional(),
  /** Entries one person may make (1: no re-entry). */
  maxEntries: z.int().min(1).optional(),
  /** Rebuys while the first N levels are played (0: none), each buy-in + fee for a starting stack. */
  rebuyLevels: z.int().min(0).optional(),
  maxRebuys: z.int().min(0).optional(),
  /** One add-on (buy-in + fee for a starting stack) in the level after the rebuy period. */
  addOn: z.boolean().optional(),
  /** A recurring schedule (the next instance appears when this one starts), in `timeZone`'s wall clock. */
  recurrence: z.enum(['daily', 'weekly']).nullable().optional(),
  timeZone: z.string().nullable().optional(),
  /** The contest teaser's tournament. */
  featured: z.boolean().optional(),
  /** Progressive knockout: the percent of each buy-in that becomes a bounty (0 or absent: none). */
  bountyPercent: z.int().min(0).max(90).optional(),
  /** A final-table deal keeps this percent of the prizes left to play for, won by the winner (0 or absent: none). */
  dealKeptPercent: z.int().min(0).max(100).optional(),
  /**
   * A satellite: its prizes are tickets to the target, each worth the target's buy-in + fee; `seats`
   * is how many tickets the prize pool buys now (floor(pool / ticketValue), at most one per entrant).
   */
  satellite: z
    .object({ targetId: IdSchema, targetName: z.string(), ticketValue: MoneySchema, seats: z.int().min(0) })
    .nullable()
    .optional(),
});
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;
export const TournamentListSchema = z.array(TournamentSummarySchema);
export type TournamentList = z.infer<typeof TournamentListSchema>;

export const TournamentLevelSchema = z.object({
  level: z.int().min(1),
  smallBlind: z.int().min(1),
  bigBlind: z.int().min(1),
  ante: z.int().min(0),
  seconds: z.int().min(1),
  isBreak: z.boolean(),
});
export type TournamentLevel = z.infer<typeof TournamentLevelSchema>;

export const TournamentPlayerSchema = z.object({
  userId: IdSchema,
  username: z.string(),
  stack: z.int().min(0),
  tableId: IdSchema.nullable(),
  seat: z.int().min(0).nullable(),
  /** Finishing place once out (1 for the winner); null while playing. */
  place: z.int().min(1).nullable(),
  prize: MoneySchema,
  /** A house-funded, marked bot. */
  bot: z.boolean(),
  /** Entries made (re-entries included), rebuys, and whether the add-on was taken. */
  entries: z.int().min(1).optional(),
  rebuys: z.int().min(0).optional(),
  addOn: z.boolean().optional(),
  /** Out of chips while the pool is open (may re-enter or rebuy); ranked when it closes. */
  busted: z.boolean().optional(),
  /** Progressive knockout: the bounty on the player's head, and the bounty cash they have won. */
  bounty: MoneySchema.optional(),
  bountiesWon: MoneySchema.optional(),
});
export type TournamentPlayer = z.infer<typeof TournamentPlayerSchema>;

/** GET /api/v1/user/tournaments/{id}. */
export const TournamentDetailSchema = TournamentSummarySchema.extend({
  levels: z.array(TournamentLevelSchema),
  /** The current level's number (1 before the start). */
  level: z.int().min(1),
  /** When the current level (or break) ends (ISO); null unless running or on a break. */
  levelEndsAt: IsoDateSchema.nullable(),
  payouts: z.array(z.object({ place: z.int().min(1), amount: MoneySchema })),
  players: z.array(TournamentPlayerSchema),
  tables: z.array(z.object({ tableId: IdSchema, players: z.int().min(0) })),
  handForHand: z.boolean(),
  /** What the buy-ins brought (entries, re-entries, rebuys, add-ons); prizePool is this or the guarantee. */
  collected: MoneySchema.optional(),
  /** The overlay the house paid into the pool (0 until the prizes are decided). */
  overlay: MoneySchema.optional(),
  /** What the buy-ins put on the heads as bounties (progressive knockout); not part of prizePool. */
  bountyPool: MoneySchema.optional(),
  lateRegistrationOpen: z.boolean().optional(),
  rebuysOpen: z.boolean().optional(),
  addOnOpen: z.boolean().optional(),
  /** The caller holds a satellite ticket for this tournament (registering uses it instead of the balance). */
  ticketHeld: z.boolean().optional(),
});
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>;

/**
 * One of the caller's tournaments (GET /api/v1/user/tournaments/mine, the profile's list): what the entry
 * cost, how many entered, and how it ended for the caller.
 */
export const MyTournamentSchema = TournamentSummarySchema.pick({
  tournamentId: true,
  name: true,
  kind: true,
  variant: true,
  betting: true,
  status: true,
  buyIn: true,
  fee: true,
  entrants: true,
}).extend({
  /** When the caller entered (ISO). */
  registeredAt: IsoDateSchema,
  /** When the tournament finished or was cancelled (ISO); null while it is open or running. */
  finishedAt: IsoDateSchema.nullable(),
  /** The caller's finishing place (1 for the winner); null while still playing or registered, or cancelled before. */
  place: z.int().min(1).nullable(),
  /** What the caller won (the prize, or a share by the cancellation policy); 0 otherwise. */
  prize: MoneySchema,
});
export type MyTournament = z.infer<typeof MyTournamentSchema>;
/** GET /api/v1/user/tournaments/mine?page=&pageSize=: newest entry first. */
export const MyTournamentsQuerySchema = PageQuerySchema;
export const MyTournamentPageSchema = pageOf(MyTournamentSchema);
export type MyTournamentPage = z.infer<typeof MyTournamentPageSchema>;

/** A satellite ticket of the caller (GET /api/v1/user/tickets, the profile's Tickets list). */
export const TournamentTicketSchema = z.object({
  ticketId: IdSchema,
  targetId: IdSchema,
  targetName: z.string(),
  /** The target's scheduled start (ISO); null for a Sit & Go. */
  targetStartsAt: IsoDateSchema.nullable(),
  satelliteId: IdSchema,
  satelliteName: z.string(),
  /** The target's buy-in + fee when it was won. */
  value: MoneySchema,
  /** held: usable to register; used: paid an entry; refunded: paid back in cash (the target was cancelled or is over). */
  status: z.enum(['held', 'used', 'refunded']),
  createdAt: IsoDateSchema,
});
export type TournamentTicket = z.infer<typeof TournamentTicketSchema>;
/** GET /api/v1/user/tickets: newest first. */
export const TournamentTicketListSchema = z.array(TournamentTicketSchema);
export type TournamentTicketList = z.infer<typeof TournamentTicketListSchema>;

export const TournamentIdParamsSchema = z.object({ id: IdQuerySchema });
/**
 * POST /api/v1/user/tournaments/{id}/register (optional body): `entryNumber` is the caller's count of
 * their entries with this one (2 for a first re-entry), so a retried request is not charged twice.
 */
export const TournamentEntryRequestSchema = z
  .object({ entryNumber: z.int().min(1).max(1_000).optional() })
  .optional();
export type TournamentEntryRequest = z.infer<typeof TournamentEntryRequestSchema>;
/** POST /api/v1/user/tournaments/{id}/rebuy: `rebuyNumber` is the caller's count of rebuys with this one (retries are free). */
export const TournamentRebuyRequestSchema = z
  .object({ rebuyNumber: z.int().min(1).max(1_000).optional() })
  .optional();
export type TournamentRebuyRequest = z.infer<typeof TournamentRebuyRequestSchema>;
export const TournamentIdQuerySchema = z.object({ tournamentId: IdQuerySchema });
/** PUT /api/v1/admin/tournament/simulate: how many bots to register (at most the room left). */
export const TournamentSimulateQuerySchema = z.object({
  tournamentId: IdQuerySchema,
  bots: singleLineText()
    .regex(/^[1-9][0-9]{0,4}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.int().min(1).max(TOURNAMENT_MAX_ENTRANTS)),
});
export const TournamentSimulationResponseSchema = z.object({ message: z.string(), bots: z.int().min(0) });
export type TournamentSimulationResponse = z.infer<typeof TournamentSimulationResponseSchema>;

const LevelInputSchema = z.object({
  level: z.int().min(1).max(TOURNAMENT_MAX_LEVELS),
  smallBlind: z
    .int()
    .min(1)
    .max(TOURNAMENT_MAX_STARTING_STACK * 100),
  bigBlind: z
    .int()
    .min(1)
    .max(TOURNAMENT_MAX_STARTING_STACK * 100),
  ante: z
    .int()
    .min(0)
    .max(TOURNAMENT_MAX_STARTING_STACK * 100),
  /** Per player, or one ante paid by the big blind for the table (the default). */
  anteKind: z.enum(['big-blind', 'per-player']).optional(),
  seconds: z
    .int()
    .min(1, 'A level lasts at least one second')
    .max(TOURNAMENT_MAX_LEVEL_SECONDS, 'A level lasts at most a day'),
  isBreak: z.boolean(),
});

const TournamentFieldsSchema = z.object({
  name: singleLineText().trim().min(1, 'Enter a name').max(60),
  kind: TournamentKindSchema,
  variant: TableVariantSchema,
  /** Defaults to no-limit Hold'em, pot-limit Omaha. */
  betting: BettingStructureSchema.optional(),
  buyIn: MoneySchema,
  fee: MoneySchema,
  startingStack: z.int().min(TOURNAMENT_MIN_STARTING_STACK).max(TOURNAMENT_MAX_STARTING_STACK),
  tableSize: z.int().min(2).max(9),
  minEntrants: z.int().min(2).max(TOURNAMENT_MAX_ENTRANTS),
  maxEntrants: z.int().min(2).max(TOURNAMENT_MAX_ENTRANTS),
  /** A scheduled start (ISO with a time zone); required for a multi-table tournament, absent for a Sit & Go. */
  startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  structure: TournamentStructureSchema.optional(),
  levels: z.array(LevelInputSchema).min(1).max(TOURNAMENT_MAX_LEVELS).optional(),
  /** Seconds to act at the tournament's tables (default 20). */
  actionSeconds: z.int().min(5).max(120).optional(),
  // Scheduled formats (issue 21), multi-table tournaments only except the guarantee.
  /** When registration opens (ISO with a time zone), before the start; absent: at once. */
  registrationOpensAt: z.iso.datetime({ offset: true }).nullable().optional(),
  lateRegLevels: z.int().min(0).max(TOURNAMENT_MAX_LEVELS).optional(),
  maxEntries: z
    .int()
    .min(1)
    .max(TOURNAMENT_MAX_REENTRIES + 1)
    .optional(),
  rebuyLevels: z.int().min(0).max(TOURNAMENT_MAX_LEVELS).optional(),
  maxRebuys: z.int().min(0).max(TOURNAMENT_MAX_REENTRIES).optional(),
  addOn: z.boolean().optional(),
  guarantee: MoneySchema.optional(),
  recurrence: z.enum(['daily', 'weekly']).nullable().optional(),
  /** The schedule's time zone (IANA, e.g. Asia/Ulaanbaatar); required with a recurrence. */
  timeZone: singleLineText().max(64).nullable().optional(),
  featured: z.boolean().optional(),
  /** Progressive knockout: the percent of each buy-in that becomes the player's bounty (0: none). */
  bountyPercent: z.int().min(0).max(90).optional(),
  /** A final-table deal keeps this percent of the prizes left to play for (0: a deal shares everything). */
  dealKeptPercent: z.int().min(0).max(100).optional(),
  /** A satellite to this tournament (scheduled or registering, not itself): the prizes are its tickets. */
  targetId: IdSchema.nullable().optional(),
});

/** POST /api/v1/admin/tournament. Either a named `structure` or the admin's own `levels`. */
export const CreateTournamentRequestSchema = TournamentFieldsSchema.superRefine((t, ctx) => {
  if (t.maxEntrants < t.minEntrants)
    ctx.addIssue({ code: 'custom', path: ['maxEntrants'], message: 'At least the minimum entrants' });
  if ((t.structure === undefined) === (t.levels === undefined))
    ctx.addIssue({
      code: 'custom',
      path: ['structure'],
      message: 'Give a named structure or levels (one of them)',
    });
  if (t.kind === 'mtt' && !t.startsAt)
    ctx.addIssue({
      code: 'custom',
      path: ['startsAt'],
      message: 'A multi-table tournament needs a start time',
    });
  if (t.kind === 'sng' && t.startsAt)
    ctx.addIssue({
      code: 'custom',
      path: ['startsAt'],
      message: 'A Sit & Go starts when full: no start time',
    });
  checkScheduledFormats(t, (path, message) => ctx.addIssue({ code: 'custom', path: [path], message }));
});

/** The rules of the scheduled formats' fields (issue 21), shared by create and the server's change check. */
function checkScheduledFormats(
  t: z.infer<typeof TournamentFieldsSchema>,
  issue: (path: string, message: string) => void,
): void {
  const levels = t.levels?.length ?? (t.structure ? TOURNAMENT_MAX_LEVELS : 0);
  if (t.registrationOpensAt && (!t.startsAt || Date.parse(t.registrationOpensAt) >= Date.parse(t.startsAt)))
    issue('registrationOpensAt', 'Registration must open before the start');
  const sng = t.kind === 'sng';
  if (sng && ((t.lateRegLevels ?? 0) > 0 || (t.rebuyLevels ?? 0) > 0 || (t.maxEntries ?? 1) > 1 || t.addOn))
    issue('kind', 'Late registration, re-entry, rebuys and add-ons are for multi-table tournaments');
  if ((t.maxEntries ?? 1) > 1 && (t.lateRegLevels ?? 0) === 0)
    issue('maxEntries', 'Re-entry needs late registration (re-entries are made while it is open)');
  if ((t.rebuyLevels ?? 0) > 0 && (t.maxRebuys ?? 0) === 0) issue('maxRebuys', 'At least one rebuy');
  if ((t.maxRebuys ?? 0) > 0 && (t.rebuyLevels ?? 0) === 0) issue('rebuyLevels', 'Give the rebuy period');
  if (t.addOn && (t.rebuyLevels ?? 0) === 0) issue('addOn', 'The add-on comes at the end of a rebuy period');
  const open = Math.max(t.lateRegLevels ?? 0, (t.rebuyLevels ?? 0) + (t.addOn ? 1 : 0));
  if (open > 0 && open >= levels)
    issue('lateRegLevels', 'Late registration, rebuys and the add-on must end before the last level');
  if (t.recurrence && !t.startsAt) issue('recurrence', 'A recurring tournament needs a start time');
  if (t.recurrence && !t.timeZone) issue('timeZone', 'A recurring tournament needs a time zone');
}
export type CreateTournamentRequest = z.infer<typeof CreateTournamentRequestSchema>;

/**
 * PATCH /api/v1/admin/tournament?tournamentId= before the start: any field of the create request; the
 * result must be a valid create request (buy-in and fee only while nobody has entered).
 */
export const UpdateTournamentRequestSchema = TournamentFieldsSchema.partial();
export type UpdateTournamentRequest = z.infer<typeof UpdateTournamentRequestSchema>;
