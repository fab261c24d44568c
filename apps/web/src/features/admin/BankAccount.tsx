import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bankName } from '../../app/bankName';

/** The player's bank and account number for a payout, as the admin withdrawal list carries them. */
export function BankAccount({ bank, accountNumber }: { bank: string; accountNumber: string }) {
  const { t } = useTranslation();
  if (!bank && !accountNumber)
    return <Typography.Text type="secondary">{t('admin.withdrawals.noBank')}</Typography.Text>;
  return (
    <span>
      <Typography.Text strong>{bank ? bankName(bank, t) : '—'}</Typography.Text>{' '}
      <Typography.Text copyable={accountNumber ? { text: accountNumber } : false} code>
        {accountNumber || '—'}
      </Typography.Text>
    </span>
  );
}
