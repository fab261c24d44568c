import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bankName } from '../../app/bankName';
import { useGetSharedPayoutQuery, useSearchUsersQuery } from './adminEndpoints';

/**
 * The head of the admin user page: the player's deposit reference (what their transfers carry) and payout
 * account, flagged when another account has the same payout account (issue 23).
 */
export function UserAccountCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const found = useSearchUsersQuery({ q: String(userId), page: 1, pageSize: 20 });
  const user = found.data?.items.find((item) => item.userId === userId);
  const shared = useGetSharedPayoutQuery(userId);
  const others = shared.data?.accounts ?? [];
  if (!user) return null;
  return (
    <Card
      size="small"
      title={t('admin.userCard.title')}
      style={{ marginBottom: 16 }}
      data-testid="user-account-card"
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'user', label: t('admin.columns.username'), children: `${user.username} · ${user.email}` },
          {
            key: 'reference',
            label: t('admin.userCard.depositReference'),
            children: user.depositReference ? (
              <Typography.Text code copyable data-testid="user-deposit-reference">
                {user.depositReference}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
          {
            key: 'payout',
            label: t('admin.userCard.payoutAccount'),
            children: `${user.bank ? bankName(user.bank, t) : '—'} · ${user.accountNumber || '—'}`,
          },
        ]}
      />
      {others.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginTop: 12 }}
          data-testid="shared-payout"
          title={t('admin.userCard.sharedTitle')}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                {t('admin.userCard.sharedHelp')}
              </Typography.Paragraph>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {others.map((other) => (
                  <li key={`${other.userId}-${other.source}-${other.accountNumber}`}>
                    <Link to={`/admin/user/history?userId=${other.userId}`}>
                      {other.username} #{other.userId}
                    </Link>{' '}
                    · {bankName(other.bank, t)} {other.accountNumber} ·{' '}
                    {t(`admin.userCard.sources.${other.source}`)}
                  </li>
                ))}
              </ul>
            </>
          }
        />
      ) : shared.data ? (
        <Typography.Text type="secondary">{t('admin.userCard.sharedNone')}</Typography.Text>
      ) : null}
    </Card>
  );
}
