import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetDepositInfoQuery } from '../../api/userApi';

/** The profile opened on its Deposit tab (the seat dialog's link when the balance is too short). */
export const DEPOSIT_TAB_PATH = '/profile?tab=deposit';

const COPIED_MS = 2000;

/** A button that copies `text` and says so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="btn btn--muted btn--small copy-button"
      aria-label={label}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {copied ? t('profile.deposit.copied') : t('profile.deposit.copy')}
    </button>
  );
}

/**
 * The player's personal deposit reference, with a copy button: written on the bank transfer, it lets the
 * cashier find the account. `compact` for the seat dialog.
 */
export function DepositReference({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useGetDepositInfoQuery();
  if (!data) return null;
  return (
    <div className={compact ? 'deposit-ref deposit-ref--compact' : 'deposit-ref'}>
      <span className="deposit-ref__label">{t('profile.deposit.reference')}</span>
      <span className="deposit-ref__row">
        <code className="deposit-ref__value" data-testid="deposit-reference">
          {data.reference}
        </code>
        <CopyButton text={data.reference} label={t('profile.deposit.copyReference')} />
      </span>
      <small className="deposit-ref__help">{t('profile.deposit.referenceHelp')}</small>
    </div>
  );
}
