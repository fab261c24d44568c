import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchUsersQuery } from './adminEndpoints';

/**
 * The player's bank and account number for a payout. Withdrawals carry only the user id, so the user
 * is looked up by id (the admin search matches an exact id); one request per user, cached.
 */
export function BankAccount({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useSearchUsersQuery({ q: String(userId), page: 1, pageSize: 100 });
  if (isLoading) return <span aria-busy="true">…</span>;
  const user = data?.items.find((item) => item.userId === userId);
  if (isError || !user)
    return <Typography.Text type="secondary">{t('admin.withdrawals.noBank')}</Typography.Text>;
  return (
    <span>
      <Typography.Text strong>{user.bank || '—'}</Typography.Text>{' '}
      <Typography.Text copyable={user.accountNumber ? { text: user.accountNumber } : false} code>
        {user.accountNumber || '—'}
      </Typography.Text>
    </span>
  );
}
