import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TournamentDetail, TournamentPlayer } from '../../api/tournamentTypes';
import { useTournamentChipsMutation } from '../../api/userApi';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { tournamentErrorText } from './tournamentRules';

/**
 * The scheduled formats in the tournament lobby (issue 21): when registration opens, the guarantee,
 * late registration and re-entry, rebuys and the add-on with their state now, the live pool and the
 * overlay, progressive knockout bounties. Each term is a fact of the page's facts list.
 */
export function ScheduledFormatFacts({ tournament }: { tournament: TournamentDetail }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const open = (isOpen: boolean | undefined) =>
    t(isOpen ? 'tournament.formats.open' : 'tournament.formats.closed');
  const facts: Array<[string, string]> = [];
  if (tournament.status === 'scheduled' && tournament.registrationOpensAt)
    facts.push([
      t('tournament.formats.registrationOpens'),
      formatDateTime(tournament.registrationOpensAt, i18n.language),
    ]);
  if (tournament.guarantee) facts.push([t('tournament.formats.guarantee'), money(tournament.guarantee)]);
  if (tournament.lateRegLevels)
    facts.push([
      t('tournament.formats.lateRegistration'),
      `${t('tournament.formats.untilLevel', { level: tournament.lateRegLevels })} · ${open(tournament.lateRegistrationOpen)}`,
    ]);
  if ((tournament.maxEntries ?? 1) > 1)
    facts.push([
      t('tournament.formats.reEntry'),
      t('tournament.formats.entriesEach', { count: tournament.maxEntries }),
    ]);
  if (tournament.rebuyLevels)
    facts.push([
      t('tournament.formats.rebuys'),
      `${t('tournament.formats.rebuysEach', { count: tournament.maxRebuys, level: tournament.rebuyLevels })} · ${open(tournament.rebuysOpen)}`,
    ]);
  if (tournament.addOn) facts.push([t('tournament.formats.addOn'), open(tournament.addOnOpen)]);
  if (tournament.recurrence)
    facts.push([t('tournament.formats.recurrence'), t(`tournament.formats.every.${tournament.recurrence}`)]);
  if (tournament.guarantee && tournament.collected !== undefined)
    facts.push([t('tournament.formats.collected'), money(tournament.collected)]);
  if (tournament.overlay) facts.push([t('tournament.formats.overlay'), money(tournament.overlay)]);
  if (tournament.bountyPercent)
    facts.push([
      t('tournament.formats.bounty'),
      t('tournament.formats.bountyEach', {
        percent: tournament.bountyPercent,
        amount: money(Math.floor((tournament.buyIn * tournament.bountyPercent) / 100)),
      }),
    ]);
  if (tournament.bountyPercent && tournament.bountyPool !== undefined)
    facts.push([t('tournament.formats.bountyPool'), money(tournament.bountyPool)]);
  return (
    <>
      {facts.map(([label, value]) => (
        <div className="tournament-facts__item" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * Re-enter, Rebuy and Add-on for the caller, shown only while the server says they are open and the
 * caller may use them; each sends its own count so a retried request is not charged twice.
 */
export function ScheduledFormatActions({
  tournament,
  me,
}: {
  tournament: TournamentDetail;
  me?: TournamentPlayer;
}) {
  const { t, i18n } = useTranslation();
  const [buy, buying] = useTournamentChipsMutation();
  const [error, setError] = useState<string | null>(null);
  if (!me) return null;
  const cost = formatMoney(tournament.buyIn + tournament.fee, i18n.language);
  const entries = me.entries ?? 1;
  const rebuys = me.rebuys ?? 0;
  const stillIn = me.place === null && !me.busted;
  const actions: Array<{ key: string; label: string; run: () => ReturnType<typeof buy> }> = [];
  const id = tournament.tournamentId;
  if (me.busted && tournament.lateRegistrationOpen && entries < (tournament.maxEntries ?? 1))
    actions.push({
      key: 'reenter',
      label: t('tournament.formats.reEnter'),
      run: () => buy({ tournamentId: id, what: 'register', entryNumber: entries + 1 }),
    });
  const lowEnough = me.busted || (stillIn && me.stack <= tournament.startingStack);
  if (tournament.rebuysOpen && lowEnough && rebuys < (tournament.maxRebuys ?? 0))
    actions.push({
      key: 'rebuy',
      label: t('tournament.formats.rebuy'),
      run: () => buy({ tournamentId: id, what: 'rebuy', rebuyNumber: rebuys + 1 }),
    });
  if (tournament.addOnOpen && stillIn && !me.addOn)
    actions.push({
      key: 'addon',
      label: t('tournament.formats.takeAddOn'),
      run: () => buy({ tournamentId: id, what: 'addon' }),
    });
  if (actions.length === 0) return null;
  return (
    <span className="register-button">
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className="btn btn--primary"
          disabled={buying.isLoading}
          title={t('tournament.registerCost', { cost })}
          onClick={() =>
            void action.run().then((result) => {
              setError('error' in result && result.error ? tournamentErrorText(result.error, t) : null);
            })
          }
        >
          {action.label} ({cost})
        </button>
      ))}
      {error && (
        <span className="register-button__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
