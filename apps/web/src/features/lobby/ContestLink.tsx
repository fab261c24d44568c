import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetTournamentsQuery } from '../../api/userApi';
import { formatDateTime } from '../../app/dates';
import { registrationOpen } from '../tournament/tournamentRules';

/**
 * The contest teaser's line: once an administrator has created the contest (the featured tournament),
 * a link to it when registration is open (or it runs), and until then when registration opens, in the
 * reader's time zone; before that, the content block's text (`fallback`).
 */
export function ContestLink({ fallback }: { fallback: string }) {
  const { t, i18n } = useTranslation();
  const { data: tournaments = [] } = useGetTournamentsQuery();
  const contest = tournaments.find(
    (tournament) =>
      tournament.featured && tournament.status !== 'finished' && tournament.status !== 'cancelled',
  );
  if (!contest) return <p className="contest__body">{fallback}</p>;
  const to = `/tournament/${encodeURIComponent(String(contest.tournamentId))}`;
  if (contest.status === 'scheduled' && !registrationOpen(contest)) {
    return (
      <p className="contest__body">
        {t('lobby.tournament.contestOpensAt', {
          name: contest.name,
          time: formatDateTime(contest.registrationOpensAt ?? contest.startsAt, i18n.language),
        })}
      </p>
    );
  }
  return (
    <p className="contest__body">
      <Link className="btn btn--primary contest__link" to={to}>
        {t(registrationOpen(contest) ? 'lobby.tournament.contestRegister' : 'lobby.tournament.contestOpen', {
          name: contest.name,
        })}
      </Link>
    </p>
  );
}
