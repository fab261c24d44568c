import { DEFAULT_WITHDRAWAL_MIN } from '../../app/constants';
import type { CurrentUser } from '../../api/types';

export interface WithdrawalLimits {
  min: number;
  max: number;
}

export type WithdrawalAmountProblem = 'required' | 'notWhole' | 'tooLow' | 'tooHigh';

/**
 * The limits the form checks before asking the server (which checks again): the server's own when it
 * shares them, else the default minimum and the available balance as maximum.
 */
export function withdrawalLimits(
  user: Pick<CurrentUser, 'balance' | 'withdrawalLimits'> | null,
): WithdrawalLimits {
  const balance = user?.balance ?? 0;
  const server = user?.withdrawalLimits;
  const min = server && Number.isSafeInteger(server.min) ? server.min : DEFAULT_WITHDRAWAL_MIN;
  const max = server && Number.isSafeInteger(server.max) ? Math.min(server.max, balance) : balance;
  return { min, max };
}

/** What is wrong with an amount, or null. Amounts are whole tugrik. */
export function checkWithdrawalAmount(
  amount: number | null | undefined,
  limits: WithdrawalLimits,
): WithdrawalAmountProblem | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return 'required';
  if (!Number.isSafeInteger(amount)) return 'notWhole';
  if (amount < limits.min) return 'tooLow';
  if (amount > limits.max) return 'tooHigh';
  return null;
}
