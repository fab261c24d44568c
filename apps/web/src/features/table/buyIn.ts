/**
 * The amount rules of the seat dialog. Taking a seat: the buy-in lies in the table's range and within
 * the available balance. Recharge (Add Chips): at least 1 ₮, and never past the table maximum counting
 * the chips already at the seat (and a recharge still waiting for the hand to end).
 */

export type SeatDialogMode = 'sit' | 'recharge';

export interface BuyInRange {
  min: number;
  max: number;
  /** Why nothing can be chosen at all (range empty). */
  blocked: 'balanceTooLow' | 'atTableMax' | null;
}

export interface BuyInContext {
  /** The least this player may buy in with: the table minimum, or more when returning soon after leaving. */
  minBuyIn: number;
  /** The table's own minimum, when the player's minimum is higher (shown beside it). */
  tableMinBuyIn?: number;
  maxBuyIn: number;
  balance: number;
  /** Chips at the seat now (recharge). */
  stack?: number;
  pendingRecharge?: number | null;
}

export function buyInRange(mode: SeatDialogMode, context: BuyInContext): BuyInRange {
  const balance = Math.max(0, Math.floor(context.balance));
  if (mode === 'sit') {
    const min = context.minBuyIn;
    const max = Math.min(context.maxBuyIn, balance);
    return { min, max, blocked: max < min ? 'balanceTooLow' : null };
  }
  const room = context.maxBuyIn - (context.stack ?? 0) - (context.pendingRecharge ?? 0);
  const max = Math.min(room, balance);
  if (room < 1) return { min: 1, max: 0, blocked: 'atTableMax' };
  return { min: 1, max, blocked: max < 1 ? 'balanceTooLow' : null };
}

/** The default amount offered: the table's max buy-in if affordable (sit), else the most allowed. */
export function defaultAmount(range: BuyInRange): number {
  return range.blocked ? range.min : range.max;
}

export type AmountProblem = 'required' | 'notWhole' | 'tooLow' | 'tooHigh' | 'balanceTooLow' | 'atTableMax';

/** What is wrong with the typed amount, or null when it can be sent. */
export function buyInProblem(text: string, range: BuyInRange): AmountProblem | null {
  if (range.blocked) return range.blocked;
  if (text.trim() === '') return 'required';
  const amount = Number(text);
  if (!Number.isSafeInteger(amount)) return 'notWhole';
  if (amount < range.min) return 'tooLow';
  if (amount > range.max) return 'tooHigh';
  return null;
}
