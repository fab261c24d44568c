import { useTranslation } from 'react-i18next';
import { useGetJackpotQuery } from '../../api/userApi';
import { AnimatedAmount } from '../../app/AnimatedAmount';
import { CONTENT_BLOCKS, JACKPOT_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';
import { useContentBlock } from '../../app/useContentBlock';

/**
 * The shared jackpot (GET /jackpot, kept live by JACKPOT_UPDATE) with its rules one tap behind it (the
 * `jackpot-rules` block, their only source), and the lobby's welcome block.
 */
export function JackpotBanner() {
  const { t } = useTranslation();
  useGetJackpotQuery(undefined, { pollingInterval: JACKPOT_POLL_MS });
  const amount = useAppSelector((state) => state.jackpot.amount);
  const banner = useContentBlock(CONTENT_BLOCKS.lobbyBanner);
  const rules = useContentBlock(CONTENT_BLOCKS.jackpotRules);
  return (
    <>
      <section className="jackpot" aria-live="polite">
        <span className="jackpot__label">{t('lobby.jackpot')}</span>
        <span className="jackpot__amount">
          {amount === null ? <span className="jackpot__pending">—</span> : <AnimatedAmount amount={amount} />}
        </span>
        {rules && (
          <details className="jackpot__rules">
            <summary>{t('lobby.jackpotRules')}</summary>
            <p data-testid="jackpot-rules">{rules}</p>
          </details>
        )}
      </section>
      {banner && <p className="lobby__banner">{banner}</p>}
    </>
  );
}
