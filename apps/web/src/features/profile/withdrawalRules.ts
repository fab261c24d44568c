import { DEFAULT_WITHDRAWAL_MIN } from '../../app/constants';
import type { WithdrawalLimits } from '../../api/types';

export type WithdrawalAmountProblem = 'required' | 'notWhole' | 'tooLow' | 'tooHigh';

/**
 * The limits the form checks before asking the server (which checks again): the server's own
 * (GET /withdrawal/limits) when known, else the default minimum; never more than the available balance.
 */
export function withdrawalLimits(server: WithdrawalLimits | undefined, balance: number): WithdrawalLimits {
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
