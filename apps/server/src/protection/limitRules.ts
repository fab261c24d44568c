// The rules of limits a player sets and of time-outs and self-exclusion, with no I/O: what is in force
// at a moment, what a change does, when an exclusion ends. protectionService.ts stores and enforces them.
import {
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_FIELDS,
  NO_PLAYER_LIMITS,
  REALITY_CHECK_DEFAULT_MINUTES,
  SELF_EXCLUSION_END_WAIT_DAYS,
  type ExclusionKind,
  type ExclusionPeriod,
  type LimitField,
  type PendingLimit,
  type PlayerLimits,
} from '@tenger/protocol';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The rolling windows the daily, weekly and monthly limits count over. */
export const LIMIT_WINDOWS_MS = { Daily: DAY_MS, Weekly: 7 * DAY_MS, Monthly: 30 * DAY_MS } as const;
export type LimitWindow = keyof typeof LIMIT_WINDOWS_MS;
export const WINDOWS = Object.keys(LIMIT_WINDOWS_MS) as LimitWindow[];

export const NO_LIMITS: PlayerLimits = { ...NO_PLAYER_LIMITS };

export type PendingLimits = Partial<Record<LimitField, PendingLimit>>;

export interface StoredLimits {
  values: PlayerLimits;
  pending: PendingLimits;
}

/**
 * What is in force at `now`: every waiting change whose time has come is folded in (a lazy read; the
 * stored row catches up on the next write).
 */
export function limitsAt(stored: StoredLimits, now: number): StoredLimits {
  const values = { ...stored.values };
  const pending: PendingLimits = {};
  for (const field of LIMIT_FIELDS) {
    const waiting = stored.pending[field];
    if (!waiting) continue;
    if (Date.parse(waiting.effectiveAt) <= now) values[field] = waiting.value;
    else pending[field] = waiting;
  }
  return { values, pending };
}

/**
 * A player's change of every limit: a tighter value (lower, or a limit where there was none) applies at
 * once; a looser one (higher, or removed) waits LIMIT_COOLING_OFF_HOURS. Asking again for a value that
 * already waits keeps its original time; asking for the value in force cancels what waits.
 */
export function changeLimits(current: StoredLimits, requested: PlayerLimits, now: number): StoredLimits {
  const values = { ...current.values };
  const pending: PendingLimits = { ...current.pending };
  for (const field of LIMIT_FIELDS) {
    const wanted = requested[field];
    const inForce = values[field];
    if (sameLimit(field, wanted, inForce)) {
      delete pending[field];
    } else if (tighter(field, wanted, inForce)) {
      values[field] = wanted;
      delete pending[field];
    } else if (!pending[field] || pending[field].value !== wanted) {
      pending[field] = {
        value: wanted,
        effectiveAt: new Date(now + LIMIT_COOLING_OFF_HOURS * HOUR_MS).toISOString(),
      };
    }
  }
  return { values, pending };
}

/** A limit as a number to compare: none is infinite; no reality-check choice is the default interval. */
function effective(field: LimitField, value: number | null): number {
  if (value === null) return field === 'realityCheckMinutes' ? REALITY_CHECK_DEFAULT_MINUTES : Infinity;
  return value;
}

function sameLimit(field: LimitField, a: number | null, b: number | null): boolean {
  return a === b || (field === 'realityCheckMinutes' && effective(field, a) === effective(field, b));
}

/** Whether `wanted` protects at least as much as `inForce` (a smaller amount, a shorter time). */
export function tighter(field: LimitField, wanted: number | null, inForce: number | null): boolean {
  return effective(field, wanted) <= effective(field, inForce);
}

// ---- time-outs and self-exclusion ----

export interface ExclusionRecord {
  kind: ExclusionKind;
  period: ExclusionPeriod;
  startsAt: Date;
  /** The end of the chosen period (null: indefinite). */
  until: Date | null;
  endRequestedAt: Date | null;
}

/** The end of a period chosen at `start` (null: indefinite). Months are calendar months (UTC). */
export function periodEnd(period: ExclusionPeriod, start: Date): Date | null {
  const months = (n: number) => {
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + n);
    return end;
  };
  switch (period) {
    case '24h':
      return new Date(start.getTime() + DAY_MS);
    case '7d':
      return new Date(start.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(start.getTime() + 30 * DAY_MS);
    case '6m':
      return months(6);
    case '1y':
      return months(12);
    case '5y':
      return months(60);
    case 'indefinite':
      return null;
  }
}

/** The least an indefinite self-exclusion lasts before its end can apply. */
const SELF_EXCLUSION_MIN: ExclusionPeriod = '6m';

/**
 * When the exclusion stops applying (null: not yet known, it holds until the player asks). A time-out
 * ends with its period. A self-exclusion ends only when the player asked and SELF_EXCLUSION_END_WAIT_DAYS
 * passed since, and never before its period (an indefinite one: never before six months).
 */
export function exclusionEndsAt(e: ExclusionRecord): Date | null {
  if (e.kind === 'timeout') return e.until;
  if (!e.endRequestedAt) return null;
  const periodOver = e.until ?? periodEnd(SELF_EXCLUSION_MIN, e.startsAt)!;
  const waited = new Date(e.endRequestedAt.getTime() + SELF_EXCLUSION_END_WAIT_DAYS * DAY_MS);
  return waited > periodOver ? waited : periodOver;
}

export function exclusionApplies(e: ExclusionRecord, now: number): boolean {
  if (e.startsAt.getTime() > now) return false;
  const end = exclusionEndsAt(e);
  return end === null || end.getTime() > now;
}

/**
 * What the player is told "until": the known end, else the end of the chosen period (after which a
 * self-exclusion still holds until asked), or 'indefinite'.
 */
export function exclusionUntilText(e: ExclusionRecord): string {
  const end = exclusionEndsAt(e) ?? e.until;
  return end ? end.toISOString() : 'indefinite';
}
