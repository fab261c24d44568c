import { useTranslation } from 'react-i18next';
import type { OutcomeType } from '../../api/types';
import { formatMoney } from '../../app/money';

/**
 * What a game-history row did to the player's available balance. The server sends the amount moved
 * (a buy-in of ₮10,000 is 10000) and, for a hand, its net result; the player wants the sign of the
 * effect: buy-in and recharge take money (negative), leaving a seat and a bonus give it (positive),
 * a hand is won or lost (±).
 */
export function balanceEffect(type: OutcomeType | string, amount: number): number {
  switch (type) {
    case 'buy_in':
    case 'recharge':
      return -Math.abs(amount);
    case 'leave_seat':
    case 'bonus':
      return Math.abs(amount);
    default:
      return amount;
  }
}

/** A signed amount: "+₮1,000" in the positive colour, "−₮1,000" in the negative one, "₮0" plain. */
export function SignedAmount({ amount }: { amount: number }) {
  const { i18n } = useTranslation();
  const text = formatMoney(amount, i18n.language);
  if (amount > 0) return <span className="amount--positive">+{text}</span>;
  if (amount < 0) return <span className="amount--negative">{text}</span>;
  return <span>{text}</span>;
}
