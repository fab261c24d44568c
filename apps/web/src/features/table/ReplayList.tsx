import { useTranslation } from 'react-i18next';
import type { MyHandSummary } from '@tenger/protocol';
import { formatMoney } from '../../app/money';
import { formatRelativeTime } from '../../app/relativeTime';
import { PlayingCard } from './PlayingCard';

export interface ReplayListProps {
  hands: MyHandSummary[];
  /** Hands seen finishing in this visit that the list does not hold yet, newest first. */
  pending: string[];
  onOpen: (handId: string) => void;
  fourColour: boolean;
}

/** The Replay list: one row per hand with its number, how long ago, your cards, the board and your result. */
export function ReplayList({ hands, pending, onOpen, fourColour }: ReplayListProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="replay-list">
      {pending.map((handId) => (
        <li key={handId}>
          <button type="button" className="replay-list__item" onClick={() => onOpen(handId)}>
            <span>{t('table.replay.thisVisit')}</span>
            <code>{handId.slice(0, 8)}</code>
          </button>
        </li>
      ))}
      {hands.map((hand) => (
        <li key={hand.handId}>
          <button
            type="button"
            className="replay-list__item"
            onClick={() => onOpen(hand.handId)}
            aria-label={t('table.replayList.open', { number: hand.handNumber })}
          >
            <span className="replay-list__number">#{hand.handNumber}</span>
            <time dateTime={hand.startedAt} title={hand.startedAt}>
              {formatRelativeTime(hand.endedAt, i18n.language)}
            </time>
            <span className="replay-list__cards" aria-label={t('table.replayList.yourCards')}>
              {hand.holeCards.map((card) => (
                <PlayingCard key={card} card={card} fourColour={fourColour} size="sm" />
              ))}
            </span>
            <span className="replay-list__cards" aria-label={t('table.replayList.board')}>
              {hand.board.length === 0
                ? t('table.replayList.noBoard')
                : hand.board.map((card) => (
                    <PlayingCard key={card} card={card} fourColour={fourColour} size="sm" />
                  ))}
            </span>
            <span
              className={hand.net < 0 ? 'amount--negative' : hand.net > 0 ? 'amount--positive' : undefined}
            >
              {hand.net > 0 ? '+' : ''}
              {formatMoney(hand.net, i18n.language)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
