import { useTranslation } from 'react-i18next';
import type { ShowChoiceView } from './tableState';

/**
 * After the hand: Show or Muck for a loser whose hand was mucked (auto muck off), Show (both cards or
 * one in Hold'em) or keep them hidden for a winner nobody called. The server decides when time runs out.
 */
export function ShowChoicePanel({
  choice,
  cards,
  holdem,
  onShow,
  onMuck,
}: {
  choice: ShowChoiceView;
  cards: string[];
  holdem: boolean;
  onShow: (cards?: string[]) => void;
  onMuck: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tp-hint show-choice" role="group" aria-label={t('moments.showChoice')}>
      <span>{choice.kind === 'loser' ? t('moments.youLost') : t('moments.youWonUncalled')}</span>
      <button type="button" className="btn btn--primary" onClick={() => onShow()}>
        {t('moments.show')}
      </button>
      {choice.kind === 'winner' &&
        holdem &&
        cards.map((card) => (
          <button key={card} type="button" className="btn" onClick={() => onShow([card])}>
            {t('moments.showOne', { card })}
          </button>
        ))}
      <button type="button" className="btn" onClick={onMuck}>
        {choice.kind === 'loser' ? t('moments.muck') : t('moments.dontShow')}
      </button>
    </div>
  );
}
