import { userApi } from '../api/userApi';
import type { AppDispatch } from '../app/store';

/** The lists a movement of the player's money can change: deposits, withdrawals, game history. */
export const MONEY_LIST_TAGS = ['DepositList', 'WithdrawList', 'OutcomeList'] as const;

/** Pushes that arrive together (a hand settles several postings) refresh the lists once. */
export const MONEY_LIST_REFRESH_DELAY_MS = 250;

/**
 * A BALANCE_UPDATE means a ledger posting touched the player (a deposit credited, a withdrawal approved
 * or rejected, a buy-in, a hand, leaving a seat): the lists showing those are stale. Only lists on
 * screen refetch; others refetch when next shown.
 */
export function moneyListRefresher(dispatch: AppDispatch): { moneyMoved(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    moneyMoved() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        dispatch(userApi.util.invalidateTags([...MONEY_LIST_TAGS]));
      }, MONEY_LIST_REFRESH_DELAY_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
