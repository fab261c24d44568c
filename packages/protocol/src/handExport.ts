// A player's own hands: the Replay list (GET /api/v1/user/hands) and the Game History download of a
// date range as one PokerStars-format text file (GET /api/v1/user/hands/export?from=&to=).
import { z } from 'zod';
import { dayRangeQuery, IdQuerySchema, IdSchema, IsoDateSchema, limitQuery } from './common.js';

export const MY_HANDS_LIMIT_DEFAULT = 30;
export const MY_HANDS_LIMIT_MAX = 100;
/** The longest date range one download may cover, in days (both ends included). */
export const HAND_EXPORT_MAX_DAYS = 366;
/** The most hands one download holds (the newest are kept when a range holds more). */
export const HAND_EXPORT_MAX_HANDS = 5_000;

/** GET /api/v1/user/hands?tableId=&limit=: the caller's newest hands, optionally at one table. */
export const MyHandsQuerySchema = z.object({
  tableId: IdQuerySchema.optional(),
  limit: limitQuery(MY_HANDS_LIMIT_MAX).optional(),
});

/** One row of the Replay list: only what the caller may see (their own cards and the board). */
export const MyHandSummarySchema = z.object({
  handId: z.string(),
  tableId: IdSchema,
  tableName: z.string(),
  handNumber: z.int().min(1),
  startedAt: IsoDateSchema,
  endedAt: IsoDateSchema,
  /** The caller's own hole cards, e.g. ["As", "Kd"]. */
  holeCards: z.array(z.string()),
  board: z.array(z.string()),
  /** What the hand won or lost the caller (after rake), in ₮. */
  net: z.int(),
});
export type MyHandSummary = z.infer<typeof MyHandSummarySchema>;
export const MyHandsResponseSchema = z.object({ items: z.array(MyHandSummarySchema) });
export type MyHandsResponse = z.infer<typeof MyHandsResponseSchema>;

/** GET /api/v1/user/hands/export?from=&to=: UTC days, both included, at most HAND_EXPORT_MAX_DAYS. */
export const HandExportQuerySchema = dayRangeQuery(HAND_EXPORT_MAX_DAYS);
export type HandExportQuery = z.input<typeof HandExportQuerySchema>;
