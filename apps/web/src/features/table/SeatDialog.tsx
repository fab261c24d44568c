import { Modal } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupAmountText, ungroupAmountText } from '../../app/amountInput';
import { formatMoney } from '../../app/money';
import { DEPOSIT_TAB_PATH, DepositReference } from '../profile/DepositReference';
import { buyInProblem, buyInRange, defaultAmount, type BuyInContext, type SeatDialogMode } from './buyIn';

export interface SeatDialogProps {
  open: boolean;
  mode: SeatDialogMode;
  seat: number | null;
  context: BuyInContext;
  isAuthenticated: boolean;
  /** Resolves when the table accepted; rejects with a message to show. */
  /** postNow: sit mode only; by default a newcomer waits for the big blind. */
  onSubmit: (amount: number, postNow: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * The seat dialog (spec §2: Sit, Take seat, Recharge, Amount): choose the buy-in within the table's range
 * and the balance with a slider or a number, then Take seat — or Add Chips in Recharge mode.
 */
export function SeatDialog({
  open,
  mode,
  seat,
  context,
  isAuthenticated,
  onSubmit,
  onClose,
}: SeatDialogProps) {
  const { t, i18n } = useTranslation();
  const range = useMemo(() => buyInRange(mode, context), [mode, context]);
  const [text, setText] = useState(() => String(defaultAmount(range)));
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const amountId = useId();
  const [postNow, setPostNow] = useState(false);
  const money = (value: number) => formatMoney(value, i18n.language);

  useEffect(() => {
    if (open) {
      setText(String(defaultAmount(range)));
      setServerError(null);
    }
    // Reset when the dialog opens (the range is read at that moment, not on every balance change).
  }, [open, mode, seat]);

  const problem = buyInProblem(text, range);
  const title =
    mode === 'sit'
      ? t('table.seatDialog.sitTitle', { seat: (seat ?? 0) + 1 })
      : t('table.seatDialog.rechargeTitle');

  const submit = async () => {
    if (problem || sending) return;
    setSending(true);
    setServerError(null);
    try {
      await onSubmit(Number(text), postNow);
      onClose();
    } catch (error) {
      setServerError(error instanceof Error ? error.message : t('common.unknownError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={420}>
      {!isAuthenticated ? (
        <div className="seat-dialog">
          <p>{t('table.seatDialog.signInFirst')}</p>
          <Link className="btn btn--primary" to="/auth/login">
            {t('menu.login')}
          </Link>
        </div>
      ) : (
        <form
          className="seat-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <dl className="seat-dialog__facts">
            <div>
              <dt>{t('menu.balance')}</dt>
              <dd data-testid="seat-balance">{money(context.balance)}</dd>
            </div>
            <div>
              <dt>{t('table.info.buyIn')}</dt>
              <dd>
                {money(context.tableMinBuyIn ?? context.minBuyIn)} – {money(context.maxBuyIn)}
              </dd>
            </div>
            {mode === 'sit' &&
              context.tableMinBuyIn !== undefined &&
              context.minBuyIn > context.tableMinBuyIn && (
                <div>
                  <dt>{t('table.seatDialog.yourMinimum')}</dt>
                  <dd data-testid="seat-return-minimum">{money(context.minBuyIn)}</dd>
                </div>
              )}
            {mode === 'recharge' && (
              <div>
                <dt>{t('table.seatDialog.atTable')}</dt>
                <dd>{money(context.stack ?? 0)}</dd>
              </div>
            )}
          </dl>
          {mode === 'sit' &&
            context.tableMinBuyIn !== undefined &&
            context.minBuyIn > context.tableMinBuyIn && (
              <p className="seat-dialog__note">
                {t('table.seatDialog.returnMinimum', { min: money(context.minBuyIn) })}
              </p>
            )}
          {range.blocked ? (
            <p className="seat-dialog__blocked" role="alert">
              {range.blocked === 'balanceTooLow'
                ? t('table.seatDialog.balanceTooLow', { min: money(mode === 'sit' ? context.minBuyIn : 1) })
                : t('table.seatDialog.atTableMax', { max: money(context.maxBuyIn) })}{' '}
              {range.blocked === 'balanceTooLow' && (
                <Link to={DEPOSIT_TAB_PATH}>{t('profile.deposit.howTo')}</Link>
              )}
            </p>
          ) : (
            <>
              <label htmlFor={amountId} className="seat-dialog__label">
                {t('table.seatDialog.amount')}
              </label>
              <input
                type="range"
                className="seat-dialog__slider"
                min={range.min}
                max={range.max}
                step={1}
                value={Math.min(range.max, Math.max(range.min, Number(text) || range.min))}
                onChange={(event) => setText(event.target.value)}
                aria-label={t('table.seatDialog.amount')}
              />
              <input
                id={amountId}
                type="text"
                role="spinbutton"
                inputMode="numeric"
                autoComplete="off"
                className="seat-dialog__number"
                aria-valuemin={range.min}
                aria-valuemax={range.max}
                aria-valuenow={Number(text) || undefined}
                value={groupAmountText(text, i18n.language)}
                onChange={(event) => setText(ungroupAmountText(event.target.value))}
                aria-invalid={problem !== null}
              />
              {problem && (
                <p className="seat-dialog__problem" role="alert">
                  {problem === 'required'
                    ? t('table.seatDialog.required')
                    : t('table.amountRange', { min: money(range.min), max: money(range.max) })}
                </p>
              )}
            </>
          )}
          {range.blocked === 'balanceTooLow' && <DepositReference compact />}
          {mode === 'sit' && !range.blocked && (
            <label className="seat-dialog__post-now">
              <input type="checkbox" checked={postNow} onChange={(e) => setPostNow(e.target.checked)} />{' '}
              {t('moments.postNow')}
              <small>{t('moments.postNowHint')}</small>
            </label>
          )}
          {serverError && (
            <p className="seat-dialog__problem" role="alert">
              {serverError}
            </p>
          )}
          <div className="seat-dialog__buttons">
            <button type="button" className="btn btn--muted" onClick={onClose}>
              {t('table.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={problem !== null || sending}>
              {mode === 'sit' ? t('table.seatDialog.takeSeat') : t('table.seatDialog.recharge')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
