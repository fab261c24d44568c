import { useTranslation } from 'react-i18next';
import { useGetJackpotQuery } from '../../api/userApi';
import { AnimatedAmount } from '../../app/AnimatedAmount';
import { CONTENT_BLOCKS, JACKPOT_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';
import { useContentBlock } from './useContentBlock';

/** The shared jackpot (GET /jackpot, kept live by JACKPOT_UPDATE), and the lobby's welcome block. */
export function JackpotBanner() {
  const { t } = useTranslation();
  useGetJackpotQuery(undefined, { pollingInterval: JACKPOT_POLL_MS });
  const amount = useAppSelector((state) => state.jackpot.amount);
  const banner = useContentBlock(CONTENT_BLOCKS.lobbyBanner);
  return (
    <>
      <section className="jackpot" aria-live="polite">
        <span className="jackpot__label">{t('lobby.jackpot')}</span>
        <span className="jackpot__amount">
          {amount === null ? <span className="jackpot__pending">—</span> : <AnimatedAmount amount={amount} />}
        </span>
      </section>
      {banner && <p className="lobby__banner">{banner}</p>}
    </>
  );
}
