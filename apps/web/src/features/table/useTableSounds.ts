import { useEffect, useRef } from 'react';
import type { TableSettings } from './settings';
import { playSound } from './sounds';
import { viewerLegal, type TableViewState } from './tableState';

/**
 * Plays the table's sounds as the state changes: cards dealt (a new hand, a new street), chips (bets,
 * calls, raises, the bets gathered into the pot), checks and folds, the viewer's turn, the last seconds of the viewer's clock, and a win.
 */
export function useTableSounds(
  state: TableViewState,
  settings: Pick<TableSettings, 'sounds' | 'soundVolume'>,
): void {
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (!settings.sounds || before === state) return;
    const hand = state.hand;
    if (hand && hand.handId !== before.hand?.handId) playSound('deal', settings);
    else if (hand && hand.board.length > (before.hand?.board.length ?? 0)) playSound('deal', settings);
    for (const [seat, action] of Object.entries(state.lastActions)) {
      if (before.lastActions[Number(seat)] === action) continue;
      if (action.action === 'fold') playSound('fold', settings);
      else if (action.action === 'check') playSound('check', settings);
      else playSound('chip', settings);
    }
    // The street's bets gathered into the pot.
    if (hand && hand.handId === before.hand?.handId && potsOf(hand) > potsOf(before.hand))
      playSound('chip', settings);
    if (viewerLegal(state) && !viewerLegal(before)) playSound('turn', settings);
    if (state.winners.length > before.winners.length) playSound('win', settings);
  }, [state, settings]);

  // The viewer's last five seconds tick.
  const clock = state.clock;
  const mine = clock !== null && clock.seat === state.viewer.seat;
  useEffect(() => {
    if (!mine || !clock || !settings.sounds) return;
    const id = setInterval(() => {
      const left = clock.deadline - Date.now();
      if (left > 0 && left <= 5000) playSound('tick', settings);
    }, 1000);
    return () => clearInterval(id);
  }, [mine, clock, settings]);
}

function potsOf(hand: TableViewState['hand']): number {
  return hand ? hand.pots.reduce((sum, pot) => sum + pot.amount, 0) : 0;
}
