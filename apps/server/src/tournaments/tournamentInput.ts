// The administrator's tournament as the server takes it: the protocol's request schemas with the engine's
// rules for a structure (validateLevels: levels numbered 1..n, the small blind at most the big blind, the
// big blind rising from level to level, breaks neither first, last nor two in a row) as zod refinements,
// so a bad structure is one 400 naming every bad level (`levels.N`) before anything is created or changed.
import { validateLevels, type Level } from '@tenger/engine';
import {
  CreateTournamentRequestSchema,
  UpdateTournamentRequestSchema,
  type CreateTournamentRequest,
} from '@tenger/protocol';
import type { z } from 'zod';

type LevelInput = NonNullable<CreateTournamentRequest['levels']>[number];

/** The levels as the engine keeps them: an ante is the big blind's, for the table, unless said per player. */
export function engineLevels(levels: readonly LevelInput[]): Level[] {
  return levels.map((l) => ({ ...l, anteKind: l.anteKind ?? 'big-blind' }));
}

/** Each problem of a structure by its field: `levels.N` for a level, `levels` for the whole list. */
export function structureProblems(levels: Level[]): Array<{ path: Array<string | number>; message: string }> {
  return validateLevels(levels).map((p) => ({
    path: p.index >= 0 ? ['levels', p.index] : ['levels'],
    message: p.message,
  }));
}

function structureRules(input: { levels?: LevelInput[] | undefined }, ctx: z.RefinementCtx): void {
  if (!input.levels) return;
  for (const { path, message } of structureProblems(engineLevels(input.levels)))
    ctx.addIssue({ code: 'custom', path, message });
}

/** POST /api/v1/admin/tournament. */
export const CreateTournamentInputSchema = CreateTournamentRequestSchema.superRefine(structureRules);
/** PATCH /api/v1/admin/tournament (the merged tournament is checked again as a create request). */
export const UpdateTournamentInputSchema = UpdateTournamentRequestSchema.superRefine(structureRules);
