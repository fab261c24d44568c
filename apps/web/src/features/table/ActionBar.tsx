import { useEffect, useId, useMemo, useState } from 'react';
import type { LegalActions } from '@tenger/protocol';
import { useTranslation } from 'react-i18next';
import { useTableFocused } from './multi/tableSlot';
import { useTableAmount } from './tableAmounts';
import {
  amountProblem,
  clampAmount,
  presets,
  raiseAction,
  readChoices,
  type ChosenAction,
  type PreAction,
} from './betting';

export interface ActionBarProps {
  legal: LegalActions;
  /** Every chip in the middle, bets included (for the pot presets). */
  potTotal: number;
  onAction: (action: ChosenAction) => void;
  /** While a sent action waits for its answer. */
  busy?: boolean;
}

/** The preset buttons, always in these places (a preset that does not apply now is disabled). */
const PRESET_SLOTS = ['min', 'half', 'threeQuarters', 'pot', 'allin'] as const;

/** Keys that act (shown as hints on the buttons). */
export const SHORTCUTS = { fold: 'f', checkCall: 'c', raise: 'r', allin: 'a' } as const;

/**
 * The viewer's turn: Fold, Check/Call (with the amount), Bet/Raise with a slider, a number field and presets
 * (min, ½ pot, ¾ pot, pot, all-in — never above the max the legal actions allow, which is the pot limit in
 * pot-limit games), and keyboard shortcuts F, C, R, A.
 */
export function ActionBar({ legal, potTotal, onAction, busy }: ActionBarProps) {
  const { t } = useTranslation();
  const choices = useMemo(() => readChoices(legal), [legal]);
  const presetList = useMemo(() => presets(legal, potTotal), [legal, potTotal]);
  const slots = PRESET_SLOTS.map((key) => ({
    key,
    preset: choices.raiseType ? presetList.find((preset) => preset.key === key) : undefined,
  }));
  const [amount, setAmount] = useState(choices.raiseMin);
  const [typed, setTyped] = useState(String(choices.raiseMin));
  const amountId = useId();
  const money = useTableAmount();

  // A new decision starts from the minimum.
  useEffect(() => {
    setAmount(choices.raiseMin);
    setTyped(String(choices.raiseMin));
  }, [choices.raiseMin, choices.raiseMax, legal.seat]);

  const typedAmount = Number(typed);
  const problem = choices.raiseType ? amountProblem(typedAmount, choices.raiseMin, choices.raiseMax) : null;

  const act = (action: ChosenAction | null) => {
    if (action && !busy) onAction(action);
  };
  const fold = () => act(choices.fold ? { type: 'fold' } : null);
  const checkOrCall = () =>
    act(choices.check ? { type: 'check' } : choices.callTo !== null ? { type: 'call' } : null);
  const raise = () => act(problem ? null : raiseAction(legal, typedAmount));
  const allIn = () => act(choices.allInTo !== null ? { type: 'allin' } : null);

  // Several tables at once: the keys act on the focused table only.
  const focused = useTableFocused();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!focused) return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))
        return;
      if (target?.closest('[role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === SHORTCUTS.fold) fold();
      else if (key === SHORTCUTS.checkCall) checkOrCall();
      else if (key === SHORTCUTS.raise) raise();
      else if (key === SHORTCUTS.allin) allIn();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const choose = (value: number) => {
    const next = clampAmount(value, choices.raiseMin, choices.raiseMax);
    setAmount(next);
    setTyped(String(next));
  };

  const raiseLabel = choices.raiseType === 'bet' ? t('table.actions.bet') : t('table.actions.raiseTo');
  const raiseIsAllIn =
    choices.allInTo !== null && Number.isFinite(typedAmount) && typedAmount >= choices.allInTo;

  return (
    <div className="action-bar" role="group" aria-label={t('table.yourTurn')}>
      {/* Sizing is always drawn (disabled when no bet or raise is possible), so nothing moves. */}
      <div className={`action-bar__sizing${choices.raiseType ? '' : ' action-bar__sizing--off'}`}>
        <div className="action-bar__presets" role="group" aria-label={t('table.presets.label')}>
          {slots.map(({ key, preset }) => (
            <button
              key={key}
              type="button"
              className="chip-button"
              disabled={!preset}
              aria-pressed={preset ? amount === preset.amount && String(preset.amount) === typed : false}
              onClick={() => preset && choose(preset.amount)}
              title={preset ? money(preset.amount) : undefined}
            >
              {/* The top preset only sets the amount: "Max"; the one All-in is the action button. */}
              {t(`table.presets.${key === 'allin' ? 'max' : key}`)}
            </button>
          ))}
        </div>
        {choices.raiseType ? (
          <>
            <div className="action-bar__amount">
              <input
                type="range"
                className="action-bar__slider"
                min={choices.raiseMin}
                max={choices.raiseMax}
                step={1}
                value={clampAmount(amount, choices.raiseMin, choices.raiseMax)}
                onChange={(event) => choose(Number(event.target.value))}
                aria-label={t('table.betAmount')}
              />
              <label htmlFor={amountId} className="visually-hidden">
                {t('table.betAmount')}
              </label>
              <input
                id={amountId}
                type="number"
                inputMode="numeric"
                className={`action-bar__number${problem ? ' action-bar__number--bad' : ''}`}
                min={choices.raiseMin}
                max={choices.raiseMax}
                step={1}
                value={typed}
                aria-invalid={problem !== null}
                aria-describedby={problem ? `${amountId}-problem` : undefined}
                onChange={(event) => {
                  setTyped(event.target.value);
                  const value = Number(event.target.value);
                  if (Number.isFinite(value)) setAmount(value);
                }}
                onBlur={() =>
                  choose(Number.isFinite(typedAmount) && typed !== '' ? typedAmount : choices.raiseMin)
                }
                onKeyDown={(event) => {
                  if (event.key === 'Enter') raise();
                }}
              />
            </div>
            {problem && (
              <div id={`${amountId}-problem`} className="action-bar__problem" role="alert">
                {t('table.amountRange', { min: money(choices.raiseMin), max: money(choices.raiseMax) })}
              </div>
            )}
          </>
        ) : (
          <div className="action-bar__amount" aria-hidden="true">
            <input type="range" className="action-bar__slider" disabled tabIndex={-1} />
            <input type="number" className="action-bar__number" disabled tabIndex={-1} />
          </div>
        )}
      </div>
      <div className="action-bar__buttons">
        {choices.fold && (
          <button
            type="button"
            className="act act--fold"
            onClick={fold}
            disabled={busy}
            aria-keyshortcuts="F"
          >
            {t('table.actions.fold')} <kbd>F</kbd>
          </button>
        )}
        {(choices.check || choices.callTo !== null) && (
          <button
            type="button"
            className="act act--call"
            onClick={checkOrCall}
            disabled={busy}
            aria-keyshortcuts="C"
          >
            {choices.check
              ? t('table.actions.check')
              : choices.callIsAllIn
                ? t('table.actions.callAllIn', { amount: money(choices.callAdds ?? 0) })
                : t('table.actions.callAmount', { amount: money(choices.callAdds ?? 0) })}{' '}
            <kbd>C</kbd>
          </button>
        )}
        {choices.raiseType && (
          <button
            type="button"
            className="act act--raise"
            onClick={raise}
            disabled={busy || problem !== null}
            aria-keyshortcuts="R"
          >
            {/* Never an amount that could not be sent ("Raise to ₮0", "−₮5"): then the label alone. */}
            {problem !== null
              ? raiseLabel
              : raiseIsAllIn
                ? t('table.allInAmount', { amount: money(typedAmount) })
                : `${raiseLabel} ${money(typedAmount)}`}{' '}
            <kbd>R</kbd>
          </button>
        )}
        {/* One All-in button: the raise button when raising is possible (Max, or A), else this one. */}
        {choices.allInTo !== null && !choices.callIsAllIn && !choices.raiseType && (
          <button
            type="button"
            className="act act--allin"
            onClick={allIn}
            disabled={busy}
            aria-keyshortcuts="A"
          >
            {t('table.allInAmount', { amount: money(choices.allInTo) })} <kbd>A</kbd>
          </button>
        )}
      </div>
    </div>
  );
}

export interface PreActionBoxesProps {
  value: PreAction | null;
  onChange: (value: PreAction | null) => void;
  /** Chips needed to call right now (for the "call any" hint). */
  facingBet: boolean;
}

/** Boxes ticked while waiting: carried out when the turn comes. Only one at a time. */
export function PreActionBoxes({ value, onChange, facingBet }: PreActionBoxesProps) {
  const { t } = useTranslation();
  const options: PreAction[] = ['checkFold', 'callAny', 'foldToAnyBet'];
  return (
    <div className="pre-actions" role="group" aria-label={t('table.preActions.label')}>
      {options.map((option) => (
        <label key={option} className="pre-actions__box">
          <input
            type="checkbox"
            checked={value === option}
            onChange={(event) => onChange(event.target.checked ? option : null)}
          />
          {option === 'checkFold' && facingBet ? t('table.preActions.fold') : t(`table.preActions.${option}`)}
        </label>
      ))}
    </div>
  );
}
