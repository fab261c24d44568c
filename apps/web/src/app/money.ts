import { CURRENCY_SYMBOL } from './constants';

const LOCALE_BY_LANGUAGE: Record<string, string> = { en: 'en-US', mn: 'mn-MN' };
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money is whole tugrik. Shown with the ₮ sign and digit grouping of the interface language.
 * Not-safe integers (a bug upstream) are shown as a dash instead of a wrong number.
 */
export function formatMoney(amount: number, language = 'en'): string {
  if (!Number.isSafeInteger(amount)) return '—';
  return `${amount < 0 ? '−' : ''}${CURRENCY_SYMBOL}${grouped(Math.abs(amount), language)}`;
}

/** Tournament chips: counted, not priced, so no ₮ sign; grouped like money. */
export function formatChips(amount: number, language = 'en'): string {
  if (!Number.isSafeInteger(amount)) return '—';
  return `${amount < 0 ? '−' : ''}${grouped(Math.abs(amount), language)}`;
}

function grouped(amount: number, language: string): string {
  const locale = LOCALE_BY_LANGUAGE[language.slice(0, 2)] ?? LOCALE_BY_LANGUAGE.en;
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    formatters.set(locale, formatter);
  }
  return formatter.format(amount);
}
