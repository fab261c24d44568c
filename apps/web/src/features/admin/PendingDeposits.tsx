import type { AdminDeposit } from '@tenger/protocol';
import { App, Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { errorText } from './apiError';
import { useApproveDepositMutation, useGetDepositsQuery } from './adminEndpoints';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';

/**
 * Deposits waiting for a second administrator. The one who entered a deposit cannot approve it (the
 * server refuses too); anyone else approves it once.
 */
export function PendingDeposits({ userId }: { userId?: number }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const myId = useAppSelector((state) => state.auth.userInfo?.userId);
  const pending = useGetDepositsQuery({ userId, status: 'pending', page: 1, pageSize: 100 });
  const [approveDeposit] = useApproveDepositMutation();
  const guard = useSingleFlight(async (deposit: AdminDeposit) => {
    try {
      const done = await approveDeposit(deposit.depositId).unwrap();
      void message.success(
        t('admin.deposits.created', {
          code: done.code,
          amount: formatMoney(done.amount, i18n.language),
          username: done.username,
        }),
      );
    } catch (err) {
      void message.error(errorText(err, t));
    }
  });
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;

  const approve = (deposit: AdminDeposit) =>
    modal.confirm({
      title: t('admin.deposits.approveConfirm', {
        code: deposit.code,
        amount: formatMoney(deposit.amount, i18n.language),
        username: deposit.username,
      }),
      content: deposit.note || undefined,
      okText: t('admin.deposits.approve'),
      cancelText: t('admin.common.cancel'),
      onOk: () => guard.run(`approve-${deposit.depositId}`, deposit),
    });

  return (
    <section aria-labelledby="admin-pending-deposits" style={{ marginBottom: 24 }}>
      <Typography.Title level={4} id="admin-pending-deposits">
        {t('admin.deposits.pendingTitle')}
      </Typography.Title>
      <ListTable<AdminDeposit>
        rowKey="depositId"
        size="middle"
        pagination={false}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('admin.columns.code'), dataIndex: 'code', key: 'code' },
          { title: t('admin.columns.username'), dataIndex: 'username', key: 'username' },
          {
            title: t('admin.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number) => formatMoney(amount, i18n.language),
          },
          {
            title: t('admin.deposits.note'),
            dataIndex: 'note',
            key: 'note',
            render: (value: string | null) => value || '—',
          },
          { title: t('admin.columns.createdBy'), dataIndex: 'createdBy', key: 'createdBy' },
          {
            title: t('admin.columns.date'),
            dataIndex: 'createdAt',
            key: 'createdAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, deposit) => {
              const mine = myId !== undefined && String(myId) === String(deposit.createdById);
              const button = (
                <Button
                  type="primary"
                  size="small"
                  disabled={mine}
                  loading={guard.isBusy(`approve-${deposit.depositId}`)}
                  onClick={() => approve(deposit)}
                >
                  {t('admin.deposits.approve')}
                </Button>
              );
              return mine ? <Tooltip title={t('admin.deposits.ownDeposit')}>{button}</Tooltip> : button;
            },
          },
        ]}
      />
    </section>
  );
}
