import type { SeatOptions } from '@tenger/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';

/**
 * A seated player's standing choices (SEAT_OPTIONS): sit out next hand, sit out next big blind, and
 * auto top-up to a chosen stack. What the server last confirmed (the snapshot's viewer.options) is shown.
 */
export function SeatOptionsPanel({
  options,
  topUp = true,
  minBuyIn,
  maxBuyIn,
  onChange,
}: {
  options: Required<SeatOptions> | undefined;
  /** Offer auto top-up (cash tables; a tournament's chips are never topped up). */
  topUp?: boolean;
  minBuyIn: number;
  maxBuyIn: number;
  onChange: (options: SeatOptions) => void;
}) {
  const { t, i18n } = useTranslation();
  const [topUpTo, setTopUpTo] = useState(options?.autoTopUp ?? maxBuyIn);
  const [local, setLocal] = useState<SeatOptions>({});
  const value = { ...options, ...local };
  const change = (next: SeatOptions) => {
    setLocal((l) => ({ ...l, ...next }));
    onChange(next);
  };
  return (
    <details className="seat-options" data-testid="seat-options">
      <summary>{t('moments.options')}</summary>
      <label>
        <input
          type="checkbox"
          checked={value.sitOutNextHand ?? false}
          onChange={(e) => change({ sitOutNextHand: e.target.checked })}
        />{' '}
        {t('moments.sitOutNextHand')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={value.sitOutNextBigBlind ?? false}
          onChange={(e) => change({ sitOutNextBigBlind: e.target.checked })}
        />{' '}
        {t('moments.sitOutNextBigBlind')}
      </label>
      {topUp && (
        <>
          <label>
            <input
              type="checkbox"
              checked={value.autoTopUp != null}
              onChange={(e) => change({ autoTopUp: e.target.checked ? topUpTo : null })}
            />{' '}
            {t('moments.autoTopUp', { amount: formatMoney(topUpTo, i18n.language) })}
          </label>
          <input
            type="range"
            min={minBuyIn}
            max={maxBuyIn}
            step={Math.max(1, Math.round((maxBuyIn - minBuyIn) / 20))}
            value={topUpTo}
            aria-label={t('moments.autoTopUpAmount')}
            onChange={(e) => {
              const amount = Number(e.target.value);
              setTopUpTo(amount);
              if (value.autoTopUp != null) change({ autoTopUp: amount });
            }}
          />
        </>
      )}
    </details>
  );
}
