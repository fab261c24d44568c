import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TournamentDetail, TournamentPlayer } from '../../api/tournamentTypes';
import { useGetTournamentQuery, userApi } from '../../api/userApi';
import { TOURNAMENT_POLL_MS } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { variantFamily } from '../lobby/variant';
import { LevelClock } from './LevelClock';
import { MyEntryFacts } from './MyEntryFacts';
import { RegisterButton } from './RegisterButton';
import { ScheduledFormatActions, ScheduledFormatFacts } from './ScheduledFormats';
import './tournament.css';

/** Polled while something moves: registrations, stacks, places, the level. */
const LIVE_STATUSES = new Set(['scheduled', 'registering', 'running', 'break']);

/**
 * `/tournament/:id`: status and level clock, Register/Unregister, the structure, payouts, players with
 * stacks and places, and the tables to watch (yours first). Loaded on demand, outside the lobby's bundle.
 */
export default function TournamentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const tournamentId = Number(id);
  const valid = Number.isSafeInteger(tournamentId) && tournamentId > 0;
  const known = userApi.endpoints.getTournament.useQueryState(tournamentId, { skip: !valid });
  const live = known.data ? LIVE_STATUSES.has(known.data.status) : false;
  const { data, isError, isLoading } = useGetTournamentQuery(tournamentId, {
    skip: !valid,
    pollingInterval: live ? TOURNAMENT_POLL_MS : 0,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
  });

  let body;
  if (!valid || (isError && !data)) {
    body = (
      <p className="table-list__empty" role="alert">
        {t('tournament.notFound')}
      </p>
    );
  } else if (isLoading || !data) {
    body = <p className="table-list__empty">{t('common.loading')}</p>;
  } else {
    body = <TournamentLobby tournament={data} />;
  }
  return (
    <div className="tournament-page">
      <Link to="/" className="tournament-page__back">
        {t('common.backToLobby')}
      </Link>
      {body}
    </div>
  );
}

function TournamentLobby({ tournament }: { tournament: TournamentDetail }) {
  const { t, i18n } = useTranslation();
  const myId = useAppSelector((state) => state.auth.userInfo?.userId);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const current = tournament.levels.find((level) => level.level === tournament.level);
  const me = tournament.players.find((player) => player.userId === myId);
  const pko = Boolean(tournament.bountyPercent);
  const clockRuns = tournament.status === 'running' || tournament.status === 'break';

  return (
    <>
      <header className="tournament-head">
        <h1 className="tournament-head__name">{tournament.name}</h1>
        <div className="tournament-head__facts">
          <span className={`tournament-status tournament-status--${tournament.status}`}>
            {t(`tournament.status.${tournament.status}`)}
          </span>
          <span className={`variant variant--${variantFamily(tournament.variant)}`}>
            {t(`tournament.kind.${tournament.kind}`)} ·{' '}
            {t(`lobby.variants.${variantFamily(tournament.variant)}`)}
            {tournament.betting && ` ${t(`lobby.betting.short.${tournament.betting}`, tournament.betting)}`}
          </span>
          {tournament.handForHand && <span className="tournament-hfh">{t('tournament.handForHand')}</span>}
        </div>
        {tournament.satellite && (
          <p className="tournament-satellite">
            <Link to={`/tournament/${encodeURIComponent(String(tournament.satellite.targetId))}`}>
              {t('tournament.satelliteTo', {
                name: tournament.satellite.targetName,
                count: tournament.satellite.seats,
              })}
            </Link>
          </p>
        )}
        <dl className="tournament-facts">
          <Fact label={t('tournament.columns.start')}>
            {tournament.startsAt
              ? formatDateTime(tournament.startsAt, i18n.language)
              : t('tournament.startsWhenFull')}
          </Fact>
          <Fact label={t('tournament.columns.buyIn')}>
            {money(tournament.buyIn)} + {money(tournament.fee)}
          </Fact>
          <Fact label={t('tournament.columns.entrants')}>
            {tournament.entrants}/{tournament.maxEntrants} (
            {t('tournament.minEntrants', { min: tournament.minEntrants })})
          </Fact>
          <Fact label={t('tournament.columns.prizePool')}>{money(tournament.prizePool)}</Fact>
          <Fact label={t('tournament.startingStack')}>
            {tournament.startingStack.toLocaleString('en-US')}
          </Fact>
          <ScheduledFormatFacts tournament={tournament} />
          <MyEntryFacts tournament={tournament} me={me} />
          {current && clockRuns && (
            <Fact label={t('tournament.currentLevel')}>
              {current.isBreak
                ? t('tournament.break')
                : `${current.level}: ${blinds(current.smallBlind, current.bigBlind)}${current.ante ? ` (${t('tournament.structure.ante')} ${chips(current.ante)})` : ''}`}
            </Fact>
          )}
        </dl>
        {clockRuns && <LevelClock endsAt={tournament.levelEndsAt} isBreak={current?.isBreak ?? false} />}
        <div className="tournament-head__actions">
          <RegisterButton tournament={tournament} />
          <ScheduledFormatActions tournament={tournament} me={me} />
          {me?.tableId != null && me.place == null && (
            <Link className="btn btn--primary" to={`/table/${encodeURIComponent(String(me.tableId))}`}>
              {t('tournament.yourTable')}
            </Link>
          )}
        </div>
        {me?.place != null && (
          <p className="tournament-head__result">
            {t('tournament.yourResult', { place: me.place })}
            {me.prize ? ` ${t('tournament.yourPrize', { prize: money(me.prize) })}` : ''}
          </p>
        )}
      </header>

      <div className="tournament-sections">
        <Section title={t('tournament.structure.title')}>
          <table className="grid-table">
            <thead>
              <tr>
                <th scope="col">{t('tournament.structure.level')}</th>
                <th scope="col">{t('tournament.structure.blinds')}</th>
                <th scope="col">{t('tournament.structure.ante')}</th>
                <th scope="col">{t('tournament.structure.minutes')}</th>
              </tr>
            </thead>
            <tbody>
              {tournament.levels.map((level) => (
                <tr
                  key={level.level}
                  className={
                    level.level === tournament.level && clockRuns ? 'grid-table__current' : undefined
                  }
                  aria-current={level.level === tournament.level && clockRuns ? 'step' : undefined}
                >
                  {level.isBreak ? (
                    <td colSpan={3}>{t('tournament.break')}</td>
                  ) : (
                    <>
                      <td>{level.level}</td>
                      <td>{blinds(level.smallBlind, level.bigBlind)}</td>
                      <td>{level.ante ? chips(level.ante) : '—'}</td>
                    </>
                  )}
                  <td>{minutes(level.seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section title={t('tournament.payouts.title')}>
          {tournament.payouts.length === 0 ? (
            <p className="muted">{t('tournament.payouts.none')}</p>
          ) : (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">{t('tournament.payouts.place')}</th>
                  <th scope="col">{t('tournament.payouts.prize')}</th>
                </tr>
              </thead>
              <tbody>
                {tournament.payouts.map((payout) => (
                  <tr key={payout.place}>
                    <td>{payout.place}</td>
                    <td>{money(payout.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>

        <Section title={t('tournament.players.title', { count: tournament.players.length })} wide>
          {tournament.players.length === 0 ? (
            <p className="muted">{t('tournament.players.none')}</p>
          ) : (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">{t('tournament.players.player')}</th>
                  <th scope="col">{t('tournament.players.stack')}</th>
                  <th scope="col">{t('tournament.players.table')}</th>
                  <th scope="col">{t('tournament.players.place')}</th>
                  <th scope="col">{t('tournament.players.prize')}</th>
                  {pko && <th scope="col">{t('tournament.players.bounty')}</th>}
                </tr>
              </thead>
              <tbody>
                {byStanding(tournament.players).map((player) => (
                  <tr key={player.userId} className={player.userId === myId ? 'grid-table__me' : undefined}>
                    <td>
                      {player.username}
                      {player.bot && <span className="tournament-bot">{t('tournament.players.bot')}</span>}
                    </td>
                    <td>{player.place == null ? chips(player.stack) : '—'}</td>
                    <td>
                      {player.tableId != null && player.place == null ? (
                        <Link to={`/table/${encodeURIComponent(String(player.tableId))}`}>
                          {t('tournament.tables.table', { id: player.tableId })}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>{player.place ?? '—'}</td>
                    <td>{player.prize ? money(player.prize) : '—'}</td>
                    {pko && (
                      <td>
                        {player.place == null && player.bounty ? money(player.bounty) : '—'}
                        {player.bountiesWon
                          ? ` (${t('tournament.players.bountiesWon', { amount: money(player.bountiesWon) })})`
                          : ''}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>

        <Section title={t('tournament.tables.title')}>
          {tournament.tables.length === 0 ? (
            <p className="muted">{t('tournament.tables.none')}</p>
          ) : (
            <ul className="tournament-tables">
              {tournament.tables.map((table) => (
                <li key={table.tableId}>
                  <Link to={`/table/${encodeURIComponent(String(table.tableId))}`}>
                    {t('tournament.tables.table', { id: table.tableId })}
                  </Link>{' '}
                  <span className="muted">{t('tournament.tables.players', { count: table.players })}</span>
                  {me?.tableId === table.tableId && me.place == null && (
                    <span className="tournament-registered">{t('tournament.yourTable')}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="tournament-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? 'tournament-section tournament-section--wide' : 'tournament-section'}>
      <h2 className="tournament-section__title">{title}</h2>
      <div className="tournament-section__body">{children}</div>
    </section>
  );
}

/** Players still in by stack (largest first), then those out by place. */
function byStanding(players: readonly TournamentPlayer[]): TournamentPlayer[] {
  return [...players].sort((a, b) => {
    if (a.place == null && b.place == null) return b.stack - a.stack;
    if (a.place == null) return -1;
    if (b.place == null) return 1;
    return a.place - b.place;
  });
}

/** Tournament chips are not tugrik: plain grouped numbers. */
function chips(amount: number): string {
  return amount.toLocaleString('en-US');
}

function blinds(small: number, big: number): string {
  return `${chips(small)}/${chips(big)}`;
}

function minutes(seconds: number): string {
  const value = seconds / 60;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
