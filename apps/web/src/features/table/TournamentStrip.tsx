import type { TableInfo, TableTournament } from '@tenger/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatChips } from '../../app/money';
import { formatCountdown } from '../tournament/tournamentRules';
import { useCountdown } from '../tournament/useCountdown';

/**
 * A tournament table's strip under the header: the level and its blinds and ante (those of the next
 * hand), the time to the next level or the end of the break, players left of the entrants, the average
 * stack, hand-for-hand on the bubble; once the winner is known, that it is over. Chips are counted, not
 * priced: no ₮ sign.
 */
export function TournamentStrip({
  tournament,
  table,
  children,
}: {
  tournament: TableTournament;
  table: Pick<TableInfo, 'smallBlind' | 'bigBlind'>;
  /** More cells at the end (the final-table deal). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const chips = (value: number) => formatChips(value, i18n.language);
  const left = useCountdown(tournament.levelEndsAt);
  const blinds = `${chips(table.smallBlind)}/${chips(table.bigBlind)}`;
  const next = tournament.nextLevel;
  const nextText = next
    ? next.isBreak
      ? t('tableTournament.nextBreak')
      : t('tableTournament.nextBlinds', {
          blinds: `${chips(next.smallBlind)}/${chips(next.bigBlind)}`,
          ante: next.ante > 0 ? ` (${chips(next.ante)})` : '',
        })
    : null;
  return (
    <section
      className={`tt-strip${tournament.isBreak ? ' tt-strip--break' : ''}`}
      aria-label={t('tableTournament.title')}
      data-testid="tournament-strip"
    >
      <Cell label={t('tableTournament.level')}>
        <Link to={`/tournament/${tournament.tournamentId}`} className="tt-strip__level">
          {tournament.level}
        </Link>
      </Cell>
      <Cell label={tournament.isBreak ? t('tableTournament.break') : t('tableTournament.blinds')}>
        {tournament.isBreak ? (
          t('tableTournament.onBreak')
        ) : (
          <>
            {blinds}
            {tournament.ante > 0 && (
              <span className="tt-strip__ante" title={t('tableTournament.ante')}>
                {' '}
                ({chips(tournament.ante)})
              </span>
            )}
          </>
        )}
      </Cell>
      {tournament.playersLeft === 0 ? (
        <Cell label={t('tableTournament.players')}>{t('tableTournament.over')}</Cell>
      ) : (
        <>
          <Cell
            label={tournament.isBreak ? t('tableTournament.breakEndsIn') : t('tableTournament.nextLevelIn')}
          >
            <span role="timer" aria-live="off">
              {left === null ? '—' : formatCountdown(left)}
            </span>
          </Cell>
          {nextText && (
            <Cell label={t('tableTournament.nextLevel')} wide>
              {nextText}
            </Cell>
          )}
          <Cell label={t('tableTournament.players')}>
            {t('tableTournament.playersLeft', {
              left: tournament.playersLeft,
              entrants: tournament.entrants,
            })}
          </Cell>
          <Cell label={t('tableTournament.averageStack')}>{chips(tournament.averageStack)}</Cell>
        </>
      )}
      {tournament.handForHand && (
        <span className="tt-strip__badge" role="status">
          {t('tableTournament.handForHand')}
        </span>
      )}
      {children}
    </section>
  );
}

/** One figure with its label above; a `wide` one only where there is room (desktop). */
function Cell({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`tt-strip__cell${wide ? ' tt-strip__cell--wide' : ''}`}>
      <span className="tt-strip__label">{label}</span>
      <span className="tt-strip__value">{children}</span>
    </div>
  );
}
