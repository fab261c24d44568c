/**
 * Thousands separators in money inputs while typing (issue 23): the field shows `1,250,000` while the
 * form's value stays the integer 1250000. Only the digits before a decimal point are grouped; anything
 * that is not a plain number (`-5`, `1.5`, `abc`) is shown as typed, so a form rule can refuse it and
 * nothing is ever turned into another amount.
 */
const GROUP_BY_LANGUAGE: Record<string, string> = {};

/** The digit-group separator of the interface language (`,` in both English and Mongolian). */
export function groupSeparator(language = 'en'): string {
  const key = language.slice(0, 2);
  GROUP_BY_LANGUAGE[key] ??=
    new Intl.NumberFormat(key === 'mn' ? 'mn-MN' : 'en-US')
      .formatToParts(1_000_000)
      .find((part) => part.type === 'group')?.value ?? ',';
  return GROUP_BY_LANGUAGE[key];
}

/** The text without group separators (commas and any kind of space): what the number parser reads. */
export function ungroupAmountText(text: string): string {
  return text.replace(/[,\s\u00a0\u202f]/g, '');
}

/** `1250000` → `1,250,000`; `-12000.5` → `-12,000.5`; text that is not a number stays as typed. */
export function groupAmountText(text: string, language = 'en'): string {
  const plain = ungroupAmountText(text);
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(plain);
  if (!match) return text;
  const [, sign, digits, fraction = ''] = match;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, groupSeparator(language))}${fraction}`;
}

/** The typed text as a number of tugrik (null when empty or not a number; fractions are kept to be refused). */
export function parseAmountText(text: string): number | null {
  const plain = ungroupAmountText(text);
  if (plain === '') return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}
