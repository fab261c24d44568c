import { useTranslation } from 'react-i18next';
import type { TournamentDetail, TournamentPlayer } from '../../api/tournamentTypes';
import { formatMoney } from '../../app/money';

/**
 * The caller's own numbers in the tournament lobby's facts (issue 21): entries and rebuys made (where the
 * tournament has re-entry or rebuys), and in a progressive knockout the bounty on their head and the
 * bounty cash they have won.
 */
export function MyEntryFacts({ tournament, me }: { tournament: TournamentDetail; me?: TournamentPlayer }) {
  const { t, i18n } = useTranslation();
  if (!me) return null;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const facts: Array<[string, string, string]> = [];
  if ((tournament.maxEntries ?? 1) > 1 || tournament.rebuyLevels)
    facts.push(['entries', t('tournament.mine.entries'), String(me.entries ?? 1)]);
  if (tournament.rebuyLevels) facts.push(['rebuys', t('tournament.mine.rebuys'), String(me.rebuys ?? 0)]);
  if (tournament.bountyPercent) {
    if (me.place === null) facts.push(['bounty', t('tournament.mine.bounty'), money(me.bounty ?? 0)]);
    facts.push(['won', t('tournament.mine.bountiesWon'), money(me.bountiesWon ?? 0)]);
  }
  return (
    <>
      {facts.map(([key, label, value]) => (
        <div
          className="tournament-facts__item tournament-facts__item--mine"
          key={key}
          data-testid={`my-${key}`}
        >
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </>
  );
}
