import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './money';

/** A money amount that briefly pulses (up green, down red) whenever it changes live. */
export function AnimatedAmount({ amount, className }: { amount: number; className?: string }) {
  const { i18n } = useTranslation();
  const previous = useRef(amount);
  const [change, setChange] = useState<{ direction: 'up' | 'down'; key: number } | null>(null);

  useEffect(() => {
    if (amount === previous.current) return;
    const direction = amount > previous.current ? 'up' : 'down';
    previous.current = amount;
    setChange((last) => ({ direction, key: (last?.key ?? 0) + 1 }));
  }, [amount]);

  return (
    <span
      key={change?.key ?? 0}
      className={['amount', change ? `amount--${change.direction}` : '', className ?? ''].join(' ').trim()}
    >
      {formatMoney(amount, i18n.language)}
    </span>
  );
}
