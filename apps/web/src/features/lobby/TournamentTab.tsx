import { useTranslation } from 'react-i18next';
import { useGetBlockQuery } from '../../api/userApi';
import { CONTENT_BLOCKS, CONTEST_PRIZE } from '../../app/constants';
import { formatMoney } from '../../app/money';

/** Tournaments are coming soon; the contest teaser comes from the `contest` content block when it exists. */
export function TournamentTab() {
  const { t, i18n } = useTranslation();
  const { data: block } = useGetBlockQuery(CONTENT_BLOCKS.contest);
  const teaser = block?.block?.trim();
  return (
    <section className="tournament">
      <h2 className="tournament__title">{t('lobby.tournament.comingSoon')}</h2>
      <div className="contest">
        <div className="contest__prize-label">{t('lobby.tournament.prizeLabel')}</div>
        <div className="contest__prize">{formatMoney(CONTEST_PRIZE, i18n.language)}</div>
        {teaser ? (
          <p className="contest__body">{teaser}</p>
        ) : (
          <p className="contest__body">{t('lobby.tournament.registrationSoon')}</p>
        )}
      </div>
    </section>
  );
}
