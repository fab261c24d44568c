import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../api/types';
import { useGetDepositsQuery } from '../../api/userApi';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';

/** The player's deposits: code, amount, approved date. */
export function DepositTab() {
  const { t, i18n } = useTranslation();
  const { data = [], isFetching } = useGetDepositsQuery();
  return (
    <Table<Deposit>
      rowKey={(row) => row.depositId ?? row.code}
      dataSource={data}
      loading={isFetching}
      size="middle"
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('profile.deposit.empty') }}
      columns={[
        { title: t('profile.columns.code'), dataIndex: 'code', key: 'code' },
        {
          title: t('profile.columns.amount'),
          dataIndex: 'amount',
          key: 'amount',
          align: 'right',
          render: (amount: number) => formatMoney(amount, i18n.language),
        },
        {
          title: t('profile.columns.approvedDate'),
          key: 'approvedAt',
          render: (_value, row) => formatDateTime(row.approvedAt ?? row.createdAt, i18n.language),
        },
      ]}
    />
  );
}
