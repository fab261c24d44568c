const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/**
 * How long ago `value` was, in the interface language ("5 minutes ago", "yesterday"): the largest unit
 * that fits, rounded down. Mongolian through Intl when the browser knows it, English otherwise.
 */
export function formatRelativeTime(value: string, language = 'en', now = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '—';
  const seconds = Math.round((time - now) / 1000);
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const mongolian = language.startsWith('mn');
  // A browser without Mongolian data formats 'mn' in its own language without a word: say it ourselves.
  if (mongolian && Intl.RelativeTimeFormat.supportedLocalesOf(['mn']).length === 0)
    return mongolianRelative(Math.trunc(seconds / size), unit);
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(mongolian ? 'mn' : 'en', { numeric: 'auto' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  }
  return format.format(Math.trunc(seconds / size), unit);
}

/** Each unit in the genitive, as "7 минутын өмнө" (7 minutes ago) and "7 минутын дараа" (in 7 minutes) need it. */
const MONGOLIAN_UNITS: Partial<Record<Intl.RelativeTimeFormatUnit, string>> = {
  year: 'жилийн',
  month: 'сарын',
  week: 'долоо хоногийн',
  day: 'өдрийн',
  hour: 'цагийн',
  minute: 'минутын',
  second: 'секундын',
};

function mongolianRelative(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  if (value === 0) return 'одоо';
  if (unit === 'day' && value === -1) return 'өчигдөр';
  if (unit === 'day' && value === 1) return 'маргааш';
  return `${Math.abs(value)} ${MONGOLIAN_UNITS[unit] ?? ''} ${value < 0 ? 'өмнө' : 'дараа'}`;
}
