import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../api/types';
import { useGetWithdrawalsQuery } from '../../api/userApi';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { WithdrawForm } from './WithdrawForm';

const STATUS_COLOR: Record<string, string> = { approved: 'green', rejected: 'red', pending: 'gold' };

/** The withdrawal request form, then the player's withdrawals with their statuses. */
export function WithdrawTab() {
  const { t, i18n } = useTranslation();
  const { data = [], isFetching } = useGetWithdrawalsQuery();
  return (
    <div className="withdraw">
      <WithdrawForm />
      <Table<Withdrawal>
        rowKey={(row) => row.withdrawalId ?? row.code}
        dataSource={data}
        loading={isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('profile.withdraw.empty') }}
        columns={[
          { title: t('profile.columns.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('profile.columns.requestDate'),
            key: 'requestedAt',
            render: (_value, row) => formatDateTime(row.requestedAt ?? row.createdAt, i18n.language),
          },
          {
            title: t('profile.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number) => formatMoney(amount, i18n.language),
          },
          {
            title: t('profile.columns.approvedBy'),
            dataIndex: 'approvedBy',
            key: 'approvedBy',
            render: (value: string | null | undefined) => value || '—',
          },
          {
            title: t('profile.columns.approveDate'),
            key: 'approvedAt',
            render: (_value, row) => formatDateTime(row.approvedAt, i18n.language),
          },
          {
            title: t('profile.columns.status'),
            dataIndex: 'status',
            key: 'status',
            render: (status: string, row) => (
              <Tag color={STATUS_COLOR[status] ?? 'default'} title={row.reason ?? undefined}>
                {t(`profile.withdraw.status.${status in STATUS_COLOR ? status : 'unknown'}`)}
              </Tag>
            ),
          },
        ]}
      />
    </div>
  );
}
