import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';

/**
 * Busted at a cash table: the seat is kept until `deadline` (the seat's bustOfferDeadline) with an offer
 * to add chips (a RECHARGE of at least the table minimum, at most the maximum, from the balance). A
 * balance below the minimum shows what is missing; Add chips is then off. Leave stands up at once.
 */
export function BustOfferPanel({
  deadline,
  minBuyIn,
  maxBuyIn,
  balance,
  onAdd,
  onLeave,
}: {
  deadline: number;
  minBuyIn: number;
  maxBuyIn: number;
  /** The available balance, when known. */
  balance: number | null;
  onAdd: (amount: number) => Promise<void>;
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, i18n.language);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const most = balance === null ? maxBuyIn : Math.min(maxBuyIn, balance);
  const [amount, setAmount] = useState(() => Math.max(minBuyIn, most));
  const [busy, setBusy] = useState(false);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const shortfall = balance !== null && balance < minBuyIn ? minBuyIn - balance : 0;
  const valid = shortfall === 0 && Number.isInteger(amount) && amount >= minBuyIn && amount <= most;

  const add = async () => {
    setBusy(true);
    try {
      await onAdd(amount);
    } catch {
      // The refusal is shown in the table's notice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="tp-hint bust-offer"
      role="group"
      aria-label={t('table.bustOffer.title')}
      data-testid="bust-offer"
    >
      <span>{t('table.bustOffer.text', { min: money(minBuyIn), max: money(maxBuyIn) })}</span>
      <span role="timer" data-testid="bust-offer-seconds">
        {t('table.bustOffer.secondsLeft', { seconds })}
      </span>
      {shortfall > 0 ? (
        <span data-testid="bust-offer-shortfall">
          {t('table.bustOffer.shortfall', { balance: money(balance ?? 0), missing: money(shortfall) })}
        </span>
      ) : (
        <label>
          {t('table.bustOffer.amount')}{' '}
          <input
            type="number"
            data-testid="bust-offer-amount"
            min={minBuyIn}
            max={most}
            step={1}
            value={amount}
            onChange={(e) => setAmount(Number(e.target.value))}
          />
        </label>
      )}
      <button type="button" className="btn btn--primary" disabled={!valid || busy} onClick={() => void add()}>
        {t('table.bustOffer.add')}
      </button>
      <button type="button" className="btn" onClick={onLeave}>
        {t('table.bustOffer.leave')}
      </button>
    </div>
  );
}
