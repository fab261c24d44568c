import type { CreateTournamentRequest, TournamentLevel } from '@tenger/protocol';

/**
 * An administrator's own structure, as the form holds it: one row per level (small blind, big blind,
 * ante, minutes) or break (minutes only: a break keeps the blinds of the level before it). The server
 * checks the same rules (the engine's validateLevels) and answers 400 naming the level.
 */
export interface LevelRow {
  smallBlind?: number | null;
  bigBlind?: number | null;
  ante?: number | null;
  minutes?: number | null;
  isBreak: boolean;
}

export type AnteKind = 'big-blind' | 'per-player';
export const ANTE_KINDS: readonly AnteKind[] = ['big-blind', 'per-player'];

/** What is wrong with a row, or with the list (keys of admin.tournaments.levels.errors). */
export type LevelProblem =
  'smallAboveBig' | 'blindsNotRising' | 'breakFirst' | 'breakLast' | 'breaksInARow' | 'noLevels';

/** The first row of a new custom structure: 10/20, no ante, 10 minutes. */
export const FIRST_LEVEL_ROW: LevelRow = {
  smallBlind: 10,
  bigBlind: 20,
  ante: 0,
  minutes: 10,
  isBreak: false,
};
/** A new break's length. */
const BREAK_MINUTES = 5;

const lastPlaying = (rows: readonly LevelRow[], before = rows.length): LevelRow | undefined =>
  rows.slice(0, before).findLast((row) => !row.isBreak);

/** The row "Add level" appends: the last level's blinds and ante doubled, its length kept. */
export function nextLevelRow(rows: readonly LevelRow[]): LevelRow {
  const last = lastPlaying(rows);
  if (!last) return { ...FIRST_LEVEL_ROW };
  const double = (value: number | null | undefined) => (typeof value === 'number' ? value * 2 : value);
  return {
    smallBlind: double(last.smallBlind),
    bigBlind: double(last.bigBlind),
    ante: double(last.ante),
    minutes: last.minutes,
    isBreak: false,
  };
}

export const breakRow = (): LevelRow => ({ minutes: BREAK_MINUTES, isBreak: true });

/** A tournament's levels as rows (seconds shown as minutes). */
export function rowsOfLevels(levels: readonly TournamentLevel[]): LevelRow[] {
  return levels.map((level) => ({
    ...(level.isBreak ? {} : { smallBlind: level.smallBlind, bigBlind: level.bigBlind, ante: level.ante }),
    minutes: level.seconds / 60,
    isBreak: level.isBreak,
  }));
}

/** The request's levels: numbered 1..n, minutes as whole seconds, each break with the blinds before it. */
export function levelsOfRows(
  rows: readonly LevelRow[],
  anteKind: AnteKind,
): NonNullable<CreateTournamentRequest['levels']> {
  return rows.map((row, index) => {
    const blinds = row.isBreak ? (lastPlaying(rows, index) ?? row) : row;
    return {
      level: index + 1,
      smallBlind: blinds.smallBlind ?? 0,
      bigBlind: blinds.bigBlind ?? 0,
      ante: blinds.ante ?? 0,
      anteKind,
      seconds: Math.round((row.minutes ?? 0) * 60),
      isBreak: row.isBreak,
    };
  });
}

/** What is wrong with row `index` among `rows` (blinds and breaks; empty fields are the form's own rule). */
export function rowProblem(rows: readonly LevelRow[], index: number): LevelProblem | null {
  const row = rows[index];
  if (!row) return null;
  if (row.isBreak) {
    if (index === 0) return 'breakFirst';
    if (index === rows.length - 1) return 'breakLast';
    if (rows[index - 1]?.isBreak) return 'breaksInARow';
    return null;
  }
  const { smallBlind, bigBlind } = row;
  if (typeof smallBlind !== 'number' || typeof bigBlind !== 'number') return null;
  if (smallBlind > bigBlind) return 'smallAboveBig';
  const before = lastPlaying(rows, index);
  if (
    before &&
    typeof before.bigBlind === 'number' &&
    typeof before.smallBlind === 'number' &&
    (bigBlind <= before.bigBlind || smallBlind < before.smallBlind)
  )
    return 'blindsNotRising';
  return null;
}

/** What is wrong with the whole list: no playing level at all. */
export function listProblem(rows: readonly LevelRow[] | undefined): LevelProblem | null {
  return (rows ?? []).some((row) => !row.isBreak) ? null : 'noLevels';
}
