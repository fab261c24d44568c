// Recurring tournament schedules: the next instance's start from this one's, by the wall clock of the
// schedule's time zone (e.g. every day at 20:00 in Asia/Ulaanbaatar, UTC+8 with no summer time). In a
// zone with summer time the wall-clock hour is kept across the change. Uses only Intl (no I/O).

export type Recurrence = 'daily' | 'weekly';

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `epochMs`, in ms (e.g. +8 h for Asia/Ulaanbaatar). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** Whether `timeZone` is a zone Intl knows (an administrator's input). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The start one period after `startsAt` at the same wall-clock time in `timeZone` (a day or a week
 * later), as epoch ms.
 */
export function nextOccurrence(startsAt: number, recurrence: Recurrence, timeZone: string): number {
  const days = recurrence === 'weekly' ? 7 : 1;
  const wall = startsAt + zoneOffsetMs(startsAt, timeZone) + days * DAY_MS;
  // The UTC instant whose wall clock is `wall`: the offset there (once more after a change of offset).
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  return guess;
}

/** The first occurrence after `now` (a schedule that missed starts while the site was down skips them). */
export function nextOccurrenceAfter(
  startsAt: number,
  recurrence: Recurrence,
  timeZone: string,
  now: number,
): number {
  let next = nextOccurrence(startsAt, recurrence, timeZone);
  for (let i = 0; next <= now && i < 10_000; i++) next = nextOccurrence(next, recurrence, timeZone);
  return next;
}
