/**
 * A date and time in the interface language, or a dash when there is none. Mongolian uses the
 * numeric YYYY.MM.DD HH:mm form (browsers often lack Mongolian date names).
 */
export function formatDateTime(value: string | null | undefined, language = 'en'): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  if (language.startsWith('mn')) {
    const two = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
  }
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
