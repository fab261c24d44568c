import { useTranslation } from 'react-i18next';
import { useGetJackpotQuery } from '../../api/userApi';
import { AnimatedAmount } from '../../app/AnimatedAmount';
import { JACKPOT_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';

/** The shared jackpot: read from GET /jackpot and kept live by JACKPOT_UPDATE. */
export function JackpotBanner() {
  const { t } = useTranslation();
  useGetJackpotQuery(undefined, { pollingInterval: JACKPOT_POLL_MS });
  const amount = useAppSelector((state) => state.jackpot.amount);
  return (
    <section className="jackpot" aria-live="polite">
      <span className="jackpot__label">{t('lobby.jackpot')}</span>
      <span className="jackpot__amount">
        {amount === null ? <span className="jackpot__pending">—</span> : <AnimatedAmount amount={amount} />}
      </span>
    </section>
  );
}
