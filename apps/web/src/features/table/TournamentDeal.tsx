import type { TableDeal, TournamentDealRequest } from '@tenger/protocol';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/serverErrors';
import { useTournamentDealMutation } from '../../api/userApi';
import { formatChips, formatMoney } from '../../app/money';
import { formatCountdown } from '../tournament/tournamentRules';
import { useCountdown } from '../tournament/useCountdown';

/** A player's answers to the proposals, as the dialog's buttons. */
const ANSWERS: ReadonlyArray<{ request: TournamentDealRequest; label: string; primary: boolean }> = [
  { request: { action: 'accept', choice: 'icm' }, label: 'acceptIcm', primary: true },
  { request: { action: 'accept', choice: 'chip-chop' }, label: 'acceptChipChop', primary: true },
  { request: { action: 'decline' }, label: 'decline', primary: false },
];

/**
 * The final-table deal (docs/tournaments.md): a cell of the tournament strip with "Ask for a deal" and
 * how many asked; once everyone has, a dialog for every viewer with both proposals (each player's chips
 * and amount under ICM and chip-chop), the part kept to play for, the countdown, and for the players in
 * it Accept ICM / Accept chip-chop / Decline.
 */
export function TournamentDeal({
  tournamentId,
  deal,
  viewerId,
  names,
}: {
  tournamentId: number;
  deal: TableDeal;
  viewerId: number | null;
  /** userId -> name of the players seated here. */
  names: ReadonlyMap<number, string>;
}) {
  const { t, i18n } = useTranslation();
  const [send, sending] = useTournamentDealMutation();
  const [error, setError] = useState<string | null>(null);
  // A viewer may put the dialog away; it opens again for the next proposal (another endsAt).
  const [hiddenFor, setHiddenFor] = useState<number | null>(null);
  const proposed = deal.phase === 'proposed';
  const left = useCountdown(proposed ? deal.endsAt : null);
  const me = deal.players.find((p) => p.userId === viewerId) ?? null;
  const asked = deal.players.filter((p) => p.asked).length;
  const money = (value: number | null) => (value === null ? '' : formatMoney(value, i18n.language));
  const proposalName = (choice: 'icm' | 'chip-chop') =>
    choice === 'icm' ? t('tableTournament.deal.icm') : t('tableTournament.deal.chipChop');

  const act = async (request: TournamentDealRequest) => {
    setError(null);
    const result = await send({ tournamentId, ...request });
    if ('error' in result && result.error) setError(serverErrorText(result.error, t));
  };

  let control = null;
  if (proposed) {
    control = (
      <button type="button" className="tt-deal__button" onClick={() => setHiddenFor(null)}>
        {t('tableTournament.deal.show')}
      </button>
    );
  } else if (me && deal.phase === 'open') {
    control = (
      <button
        type="button"
        className="tt-deal__button"
        disabled={sending.isLoading}
        aria-pressed={me.asked}
        onClick={() => void act({ action: me.asked ? 'withdraw' : 'ask' })}
      >
        {me.asked ? t('tableTournament.deal.withdraw') : t('tableTournament.deal.ask')}
      </button>
    );
  }

  return (
    <>
      <div className="tt-strip__cell tt-deal" data-testid="tournament-deal">
        <span className="tt-strip__label">{t('tableTournament.deal.label')}</span>
        <span className="tt-strip__value">
          {control}{' '}
          {deal.phase === 'waiting'
            ? t('tableTournament.deal.waiting')
            : t('tableTournament.deal.asked', { asked, players: deal.players.length })}
        </span>
        {error && !proposed && (
          <span className="tt-deal__error" role="alert">
            {error}
          </span>
        )}
      </div>
      <Modal
        open={proposed && hiddenFor !== deal.endsAt}
        title={t('tableTournament.deal.title')}
        onCancel={() => setHiddenFor(deal.endsAt)}
        width={520}
        className="tt-deal-modal"
        footer={
          me && me.accepted === null
            ? ANSWERS.map(({ request, label, primary }) => (
                <button
                  key={label}
                  type="button"
                  className={primary ? 'btn btn--primary' : 'btn'}
                  disabled={sending.isLoading}
                  onClick={() => void act(request)}
                >
                  {t(`tableTournament.deal.${label}`)}
                </button>
              ))
            : null
        }
      >
        <div className="tt-deal__body" data-testid="tournament-deal-proposals">
          <p>{t('tableTournament.deal.intro')}</p>
          <table className="tt-deal__table">
            <thead>
              <tr>
                <th scope="col">{t('tableTournament.deal.player')}</th>
                <th scope="col">{t('tableTournament.deal.chips')}</th>
                <th scope="col">{t('tableTournament.deal.icm')}</th>
                <th scope="col">{t('tableTournament.deal.chipChop')}</th>
                <th scope="col">{t('tableTournament.deal.answer')}</th>
              </tr>
            </thead>
            <tbody>
              {deal.players.map((p) => (
                <tr key={p.userId} className={p.userId === viewerId ? 'tt-deal__me' : undefined}>
                  <th scope="row">{names.get(p.userId) ?? `#${p.userId}`}</th>
                  <td>{formatChips(p.stack, i18n.language)}</td>
                  <td>{money(p.icm)}</td>
                  <td>{money(p.chipChop)}</td>
                  <td>{p.accepted ? proposalName(p.accepted) : t('tableTournament.deal.noAnswer')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="tt-deal__note">{t('tableTournament.deal.explain')}</p>
          <p className="tt-deal__note">
            {deal.kept
              ? t('tableTournament.deal.kept', { kept: money(deal.kept) })
              : t('tableTournament.deal.keptNone')}
          </p>
          {left !== null && (
            <p className="tt-deal__clock" aria-live="polite">
              {t('tableTournament.deal.timeLeft', { time: formatCountdown(left) })}
            </p>
          )}
          {me?.accepted && (
            <p>{t('tableTournament.deal.youAccepted', { proposal: proposalName(me.accepted) })}</p>
          )}
          {error && proposed && (
            <p className="tt-deal__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </Modal>
    </>
  );
}
