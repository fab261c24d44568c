import { useTranslation } from 'react-i18next';
import { CONTENT_BLOCKS, CONTEST_PRIZE } from '../../app/constants';
import { formatMoney } from '../../app/money';
import { useContentBlock } from '../../app/useContentBlock';

/**
 * Tournaments are coming soon, with the contest teaser (prize 10 million). Texts come from the
 * content blocks when the site has them, else from the translations.
 */
export function TournamentTab() {
  const { t, i18n } = useTranslation();
  const comingSoon = useContentBlock(CONTENT_BLOCKS.tournamentComingSoon);
  const teaser = useContentBlock(CONTENT_BLOCKS.contestTeaser);
  return (
    <section className="tournament">
      <h2 className="tournament__title">{comingSoon ?? t('lobby.tournament.comingSoon')}</h2>
      <div className="contest">
        <div className="contest__prize-label">{t('lobby.tournament.prizeLabel')}</div>
        <div className="contest__prize">{formatMoney(CONTEST_PRIZE, i18n.language)}</div>
        <p className="contest__body">{teaser ?? t('lobby.tournament.registrationSoon')}</p>
      </div>
    </section>
  );
}
