import type { DepositAccounts, SiteBankAccount } from '@tenger/protocol';

/** The site's receiving accounts for the reader's language, or the other language's when that list is empty. */
export function depositAccountsFor(
  accounts: DepositAccounts | undefined,
  language: string,
): SiteBankAccount[] {
  if (!accounts) return [];
  const mine = language.startsWith('mn') ? accounts.mn : accounts.en;
  const other = language.startsWith('mn') ? accounts.en : accounts.mn;
  return mine.length > 0 ? mine : other;
}
