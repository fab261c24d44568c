import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TournamentSummary } from '../../api/tournamentTypes';
import { useGetTournamentsQuery } from '../../api/userApi';
import { LOBBY_POLL_MS } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { variantFamily } from '../lobby/variant';
import { RegisterButton } from './RegisterButton';
import './tournament.css';

/**
 * The lobby's tournaments: name and kind, status, start (in the browser's time zone), buy-in + fee,
 * entrants, prize pool, Register/Unregister and Open. Re-read every few seconds and when the window
 * regains focus. Hand-built like the cash tables' list, so the lobby stays without antd.
 */
export function TournamentList() {
  const { t, i18n } = useTranslation();
  const {
    data: tournaments = [],
    isLoading,
    isError,
  } = useGetTournamentsQuery(undefined, {
    pollingInterval: LOBBY_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });
  const money = (amount: number) => formatMoney(amount, i18n.language);

  if (isError && tournaments.length === 0) {
    return (
      <p className="table-list__empty" role="alert">
        {t('tournament.loadError')}
      </p>
    );
  }
  if (isLoading) return <p className="table-list__empty">{t('common.loading')}</p>;
  if (tournaments.length === 0) return <p className="table-list__empty">{t('tournament.none')}</p>;

  return (
    <div className="tables-scroll">
      <table className="tables tournaments">
        <thead>
          <tr>
            <th scope="col">{t('tournament.columns.name')}</th>
            <th scope="col">{t('tournament.columns.status')}</th>
            <th scope="col">{t('tournament.columns.start')}</th>
            <th scope="col">{t('tournament.columns.buyIn')}</th>
            <th scope="col">{t('tournament.columns.entrants')}</th>
            <th scope="col">{t('tournament.columns.prizePool')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('tournament.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tournaments.map((tournament: TournamentSummary) => (
            <tr key={tournament.tournamentId}>
              <td data-label={t('tournament.columns.name')} className="tables__name">
                {tournament.name}{' '}
                <span className={`variant variant--${variantFamily(tournament.variant)}`}>
                  {t(`tournament.kind.${tournament.kind}`)}
                </span>
                {tournament.registered && (
                  <span className="tournament-registered">{t('tournament.youAreIn')}</span>
                )}
              </td>
              <td data-label={t('tournament.columns.status')} className="tables__meta">
                <span className={`tournament-status tournament-status--${tournament.status}`}>
                  {t(`tournament.status.${tournament.status}`)}
                </span>
              </td>
              <td data-label={t('tournament.columns.start')} className="tables__meta">
                {tournament.startsAt
                  ? formatDateTime(tournament.startsAt, i18n.language)
                  : t('tournament.startsWhenFull')}
                {tournament.status === 'scheduled' && tournament.registrationOpensAt && (
                  <div className="tournament-opens">
                    {t('tournament.formats.opensAt', {
                      time: formatDateTime(tournament.registrationOpensAt, i18n.language),
                    })}
                  </div>
                )}
              </td>
              <td data-label={t('tournament.columns.buyIn')} className="tables__meta">
                {money(tournament.buyIn)} + {money(tournament.fee)}
              </td>
              <td data-label={t('tournament.columns.entrants')} className="tables__meta">
                {tournament.entrants}/{tournament.maxEntrants}
              </td>
              <td data-label={t('tournament.columns.prizePool')} className="tables__meta">
                {money(tournament.prizePool)}
                {tournament.guarantee ? (
                  <div className="tournament-guarantee">{t('tournament.formats.guaranteed')}</div>
                ) : null}
              </td>
              <td className="tables__action">
                <div className="tournaments__actions">
                  <RegisterButton tournament={tournament} />
                  <Link
                    className="btn btn--muted"
                    to={`/tournament/${encodeURIComponent(String(tournament.tournamentId))}`}
                    aria-label={`${t('tournament.open')}: ${tournament.name}`}
                  >
                    {t('tournament.open')}
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
