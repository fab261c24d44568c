import { useTranslation } from 'react-i18next';
import { CONTENT_BLOCKS, CONTEST_PRIZE } from '../../app/constants';
import { formatMoney } from '../../app/money';
import { useContentBlock } from '../../app/useContentBlock';
import { TournamentList } from '../tournament/TournamentList';
import { ContestLink } from './ContestLink';

/**
 * The tournaments under the contest teaser (prize 10 million), which stays until the contest exists.
 * Texts come from the content blocks when the site has them, else from the translations.
 */
export function TournamentTab() {
  const { t, i18n } = useTranslation();
  const heading = useContentBlock(CONTENT_BLOCKS.tournamentComingSoon);
  const teaser = useContentBlock(CONTENT_BLOCKS.contestTeaser);
  return (
    <section className="tournament">
      <div className="contest">
        <div className="contest__prize-label">{t('lobby.tournament.prizeLabel')}</div>
        <div className="contest__prize">{formatMoney(CONTEST_PRIZE, i18n.language)}</div>
        <ContestLink fallback={teaser ?? t('lobby.tournament.registrationSoon')} />
      </div>
      <h2 className="tournament__title">{heading ?? t('lobby.tournament.title')}</h2>
      <TournamentList />
    </section>
  );
}
