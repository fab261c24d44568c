import type { TFunction } from 'i18next';

/** A bank's name in the interface language; a bank the locale files do not know keeps its own name. */
export function bankName(bank: string, t: TFunction): string {
  return t(`banks.${bank}`, { defaultValue: bank });
}
