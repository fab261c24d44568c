// Tournament structures: the levels of blinds and antes, their lengths and the breaks between them.
// Named structures (`regular`, `turbo`, `hyper`) are built for a starting stack; any list of levels
// (an administrator's own) is checked by `validateLevels` before a tournament may use it.

import type { AnteKind } from '../hand-types.js';

export interface Level {
  /** 1-based position in the structure; breaks are rows of their own and are numbered too. */
  level: number;
  smallBlind: number;
  bigBlind: number;
  /** Per player ('per-player') or paid by the big blind for the table ('big-blind'); 0 for none. */
  ante: number;
  anteKind: AnteKind;
  /** How long the level (or break) lasts. The last level lasts until the tournament ends. */
  seconds: number;
  /** No hands are dealt during a break; it carries the blinds of the level before it. */
  isBreak: boolean;
}

export type StructureName = 'regular' | 'turbo' | 'hyper';
export const STRUCTURE_NAMES: readonly StructureName[] = ['regular', 'turbo', 'hyper'];

/** What each named structure is made of (published in docs/tournaments.md). */
export const STRUCTURE_SPECS: Readonly<
  Record<
    StructureName,
    {
      /** Starting stack in big blinds at level 1. */
      startingBigBlinds: number;
      levelSeconds: number;
      /** A break after every this many levels; 0 for none. */
      breakEvery: number;
      breakSeconds: number;
      /** Antes start at this (playing) level. */
      antesFromLevel: number;
    }
  >
> = {
  regular: { startingBigBlinds: 100, levelSeconds: 600, breakEvery: 6, breakSeconds: 300, antesFromLevel: 4 },
  turbo: { startingBigBlinds: 75, levelSeconds: 300, breakEvery: 12, breakSeconds: 300, antesFromLevel: 4 },
  hyper: { startingBigBlinds: 50, levelSeconds: 180, breakEvery: 0, breakSeconds: 0, antesFromLevel: 3 },
};

/** Levels stop once the big blind reaches this many starting stacks: enough for any field we run. */
const LAST_BIG_BLIND_IN_STACKS = 100;
/** The smallest starting stack a named structure is built for (a small blind of 1 at 100 big blinds). */
export const MIN_STARTING_STACK = 200;

export interface StructureOptions {
  /** 'big-blind' (the default, as most online tournaments today) or 'per-player' (1/8 of the big blind). */
  anteKind?: AnteKind;
}

/**
 * A named structure for a starting stack. Small blinds climb the ladder of round numbers
 * (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 150, …), one step a level, from
 * the small blind that gives the structure's starting depth; the big blind is twice the small blind.
 */
export function namedStructure(
  name: StructureName,
  startingStack: number,
  options: StructureOptions = {},
): Level[] {
  const spec = STRUCTURE_SPECS[name];
  if (!spec) throw new Error(`Unknown structure "${String(name)}"`);
  if (!Number.isSafeInteger(startingStack) || startingStack < MIN_STARTING_STACK) {
    throw new Error(`The starting stack must be a whole number >= ${MIN_STARTING_STACK}`);
  }
  const anteKind = options.anteKind ?? 'big-blind';
  const ladder = smallBlindLadder(startingStack * LAST_BIG_BLIND_IN_STACKS);
  const firstSmallBlind = startingStack / spec.startingBigBlinds / 2;
  let step = 0;
  while (step + 1 < ladder.length && ladder[step + 1] <= firstSmallBlind) step++;

  const levels: Level[] = [];
  let playing = 0;
  for (; step < ladder.length; step++) {
    const smallBlind = ladder[step];
    const bigBlind = smallBlind * 2;
    playing++;
    const ante = playing < spec.antesFromLevel ? 0 : anteFor(anteKind, bigBlind);
    levels.push({
      level: levels.length + 1,
      smallBlind,
      bigBlind,
      ante,
      anteKind,
      seconds: spec.levelSeconds,
      isBreak: false,
    });
    if (bigBlind >= startingStack * LAST_BIG_BLIND_IN_STACKS) break;
    if (spec.breakEvery > 0 && playing % spec.breakEvery === 0) {
      levels.push({
        ...levels[levels.length - 1],
        level: levels.length + 1,
        seconds: spec.breakSeconds,
        isBreak: true,
      });
    }
  }
  return levels;
}

/** The ante of a level: the big blind for a big-blind ante, an eighth of it (at least 1) per player. */
export function anteFor(kind: AnteKind, bigBlind: number): number {
  return kind === 'big-blind' ? bigBlind : Math.max(1, Math.floor(bigBlind / 8));
}

export interface LevelProblem {
  /** 0-based index into the list; -1 for the list as a whole. */
  index: number;
  code:
    | 'empty'
    | 'not-a-list'
    | 'bad-number'
    | 'bad-numbering'
    | 'blinds-not-increasing'
    | 'small-blind-above-big-blind'
    | 'bad-ante-kind'
    | 'break-first'
    | 'break-last'
    | 'breaks-in-a-row'
    | 'break-changes-blinds';
  message: string;
}

/**
 * Checks a structure: levels numbered 1..n in order; whole positive blinds with the small blind at
 * most the big blind; whole antes >= 0; positive lengths; every playing level's big blind above the
 * one before (the small blind never going down); breaks neither first, last nor two in a row, and
 * carrying the blinds of the level before them. Returns every problem found, none when valid.
 */
export function validateLevels(levels: unknown): LevelProblem[] {
  if (!Array.isArray(levels)) return [{ index: -1, code: 'not-a-list', message: 'levels must be a list' }];
  if (levels.length === 0)
    return [{ index: -1, code: 'empty', message: 'a structure needs at least one level' }];
  const problems: LevelProblem[] = [];
  let previous: Level | null = null;
  let previousRow: Level | null = null;
  levels.forEach((row: Level, index) => {
    const where = `level ${index + 1}`;
    if (row === null || typeof row !== 'object') {
      problems.push({ index, code: 'bad-number', message: `${where} is not a level` });
      return;
    }
    if (row.level !== index + 1)
      problems.push({ index, code: 'bad-numbering', message: `${where} must be numbered ${index + 1}` });
    const whole = (v: unknown, min: number) => Number.isSafeInteger(v) && (v as number) >= min;
    if (
      !whole(row.smallBlind, 1) ||
      !whole(row.bigBlind, 1) ||
      !whole(row.ante, 0) ||
      !whole(row.seconds, 1)
    ) {
      problems.push({
        index,
        code: 'bad-number',
        message: `${where}: blinds and length must be whole numbers > 0, the ante a whole number >= 0`,
      });
      return;
    }
    if (row.anteKind !== 'per-player' && row.anteKind !== 'big-blind')
      problems.push({
        index,
        code: 'bad-ante-kind',
        message: `${where}: anteKind must be 'per-player' or 'big-blind'`,
      });
    if (row.smallBlind > row.bigBlind)
      problems.push({
        index,
        code: 'small-blind-above-big-blind',
        message: `${where}: the small blind is above the big blind`,
      });
    if (row.isBreak) {
      if (index === 0)
        problems.push({ index, code: 'break-first', message: 'a structure cannot start with a break' });
      if (index === levels.length - 1)
        problems.push({ index, code: 'break-last', message: 'a structure cannot end with a break' });
      if (previousRow?.isBreak)
        problems.push({ index, code: 'breaks-in-a-row', message: `${where}: two breaks in a row` });
      if (
        previous &&
        (row.smallBlind !== previous.smallBlind ||
          row.bigBlind !== previous.bigBlind ||
          row.ante !== previous.ante)
      ) {
        problems.push({
          index,
          code: 'break-changes-blinds',
          message: `${where}: a break carries the blinds and ante of the level before it`,
        });
      }
    } else {
      if (previous && (row.bigBlind <= previous.bigBlind || row.smallBlind < previous.smallBlind)) {
        problems.push({
          index,
          code: 'blinds-not-increasing',
          message: `${where}: the big blind must rise above ${previous.bigBlind} (and the small blind never fall)`,
        });
      }
      previous = row;
    }
    previousRow = row;
  });
  return problems;
}

export interface LevelClock {
  /** 0-based index of the current row. */
  index: number;
  level: Level;
  /** Seconds until the next row starts; null on the last level, which lasts until the end. */
  secondsLeft: number | null;
}

/** Where the clock stands after `elapsedSeconds` of play (pauses excluded by the caller). */
export function levelAt(levels: readonly Level[], elapsedSeconds: number): LevelClock {
  if (levels.length === 0) throw new Error('A structure needs at least one level');
  let start = 0;
  for (let index = 0; index < levels.length - 1; index++) {
    const end = start + levels[index].seconds;
    if (elapsedSeconds < end) return { index, level: levels[index], secondsLeft: end - elapsedSeconds };
    start = end;
  }
  return { index: levels.length - 1, level: levels[levels.length - 1], secondsLeft: null };
}

/** Round small blinds up to `limit`: 1, 2, 3, 4, 5, 6, 8, then 10, 15, 20, 25, 30, 40, 50, 60, 75 × 10^k. */
function smallBlindLadder(limit: number): number[] {
  const ladder = [1, 2, 3, 4, 5, 6, 8];
  const steps = [10, 15, 20, 25, 30, 40, 50, 60, 75];
  for (let scale = 1; ladder[ladder.length - 1] * 2 < limit; scale *= 10) {
    for (const s of steps) ladder.push(s * scale);
  }
  return ladder;
}
