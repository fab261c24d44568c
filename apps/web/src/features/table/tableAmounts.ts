import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChips, formatMoney } from '../../app/money';

/** Whether the table's amounts are tournament chips (counted, no ₮ sign) rather than tugrik. */
export const TournamentChipsContext = createContext(false);

/** How this table writes an amount: tugrik at a cash table, chips at a tournament's. */
export function useTableAmount(): (amount: number) => string {
  const chips = useContext(TournamentChipsContext);
  const { i18n } = useTranslation();
  return (amount) => (chips ? formatChips(amount, i18n.language) : formatMoney(amount, i18n.language));
}
