const LOCALE_BY_LANGUAGE: Record<string, string> = { en: 'en-GB', mn: 'mn-MN' };

/** A date and time in the interface language, or a dash when there is none. */
export function formatDateTime(value: string | null | undefined, language = 'en'): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language.slice(0, 2)] ?? 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
