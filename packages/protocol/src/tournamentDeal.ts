// The final-table deal on the table channel and the HTTP API (docs/tournaments.md, "Final-table deal";
// docs/protocol-table.md): what every viewer of the final table sees (`TableInfo.tournament.deal`) and a
// player's ask or answer (`POST /api/v1/tournaments/{id}/deal`).
import { z } from 'zod';
import { IdSchema, MoneySchema } from './common.js';

export const DealChoiceSchema = z.enum(['icm', 'chip-chop']);
export type DealChoice = z.infer<typeof DealChoiceSchema>;

/**
 * The deal at the final table; null (or absent) while none may be asked. `open`: players may ask;
 * `waiting`: everyone asked, the hand in play ends first; `proposed`: both proposals are up until
 * `endsAt` (the level clock stands still), each player's amount under each.
 */
export const TableDealSchema = z.object({
  phase: z.enum(['open', 'waiting', 'proposed']),
  players: z
    .array(
      z.object({
        userId: IdSchema,
        asked: z.boolean(),
        /** The proposal this player accepted; null while they have not answered. */
        accepted: DealChoiceSchema.nullable(),
        stack: z.int().min(0),
        /** Amounts in ₮ under each proposal (proposed phase); null before. */
        icm: MoneySchema.nullable(),
        chipChop: MoneySchema.nullable(),
      }),
    )
    .min(2)
    .max(10),
  /** ₮ left in the pool to play for (the winner's after the deal; 0: the deal ends the tournament). */
  kept: MoneySchema.nullable(),
  /** When the answers are due, epoch ms (proposed phase). */
  endsAt: z.int().nullable(),
});
export type TableDeal = z.infer<typeof TableDealSchema>;

/** A player's ask (or its withdrawal) or answer to the proposals. */
export const TournamentDealRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ask') }),
  z.object({ action: z.literal('withdraw') }),
  z.object({ action: z.literal('accept'), choice: DealChoiceSchema }),
  z.object({ action: z.literal('decline') }),
]);
export type TournamentDealRequest = z.infer<typeof TournamentDealRequestSchema>;
