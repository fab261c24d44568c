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

export const TournamentIdParamsSchema = z.object({ id: IdQuerySchema });
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
});
export type CreateTournamentRequest = z.infer<typeof CreateTournamentRequestSchema>;

/**
 * PATCH /api/v1/admin/tournament?tournamentId= before the start: any field of the create request; the
 * result must be a valid create request (buy-in and fee only while nobody has entered).
 */
export const UpdateTournamentRequestSchema = TournamentFieldsSchema.partial();
export type UpdateTournamentRequest = z.infer<typeof UpdateTournamentRequestSchema>;
