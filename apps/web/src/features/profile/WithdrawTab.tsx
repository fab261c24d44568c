import { App as AntApp, Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../api/types';
import { serverErrorText } from '../../api/serverErrors';
import { useCancelWithdrawalMutation, useGetWithdrawalsQuery } from '../../api/userApi';
import { PROFILE_LIST_PAGE_SIZE } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { WithdrawForm } from './WithdrawForm';

const STATUS_COLOR: Record<string, string> = {
  approved: 'green',
  rejected: 'red',
  pending: 'gold',
  cancelled: 'default',
};

/** The withdrawal request form, then the player's withdrawals with their statuses (a pending one may be cancelled). */
export function WithdrawTab() {
  const { t, i18n } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, pageSize: PROFILE_LIST_PAGE_SIZE });
  const { data, isFetching } = useGetWithdrawalsQuery(paging);
  const { message } = AntApp.useApp();
  const [cancelWithdrawal, cancelling] = useCancelWithdrawalMutation();
  const cancel = async (withdrawalId: number) => {
    try {
      await cancelWithdrawal(withdrawalId).unwrap();
      void message.success(t('profile.withdraw.cancelled'));
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };
  return (
    <div className="withdraw">
      <WithdrawForm />
      <Table<Withdrawal>
        rowKey={(row) => row.withdrawalId}
        dataSource={data?.items ?? []}
        loading={isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) =>
            setPaging({ page: pageSize !== paging.pageSize ? 1 : page, pageSize }),
        }}
        locale={{ emptyText: t('profile.withdraw.empty') }}
        columns={[
          { title: t('profile.columns.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('profile.columns.requestDate'),
            key: 'requestedAt',
            render: (_value, row) => formatDateTime(row.requestedAt, i18n.language),
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
            // A refusal's reason is written in the row (a hover title is invisible on touch screens).
            render: (status: string, row) => (
              <>
                <Tag color={STATUS_COLOR[status] ?? 'default'}>
                  {t(`profile.withdraw.status.${status in STATUS_COLOR ? status : 'unknown'}`)}
                </Tag>
                {status === 'rejected' && row.reason ? (
                  <span className="withdraw__reason">
                    {t('account.rejectedReason', { reason: row.reason })}
                  </span>
                ) : null}
                {status === 'pending' && (
                  <Popconfirm
                    title={t('profile.withdraw.cancelConfirm', {
                      amount: formatMoney(row.amount, i18n.language),
                    })}
                    okText={t('profile.withdraw.cancelYes')}
                    cancelText={t('profile.withdraw.cancelNo')}
                    onConfirm={() => cancel(row.withdrawalId)}
                  >
                    <Button
                      size="small"
                      danger
                      loading={cancelling.isLoading && cancelling.originalArgs === row.withdrawalId}
                    >
                      {t('profile.withdraw.cancel')}
                    </Button>
                  </Popconfirm>
                )}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
