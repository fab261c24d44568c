import type { AdminWithdrawal, WithdrawalStatus } from '@tenger/protocol';
import { App, Button, Form, Input, Modal, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { ADMIN_PAGE_SIZE, WITHDRAWAL_POLL_MS } from './adminConstants';
import { errorText } from './apiError';
import { BankAccount } from './BankAccount';
import {
  useApproveWithdrawalMutation,
  useGetWithdrawalsQuery,
  useRejectWithdrawalMutation,
} from './adminEndpoints';
import { positiveId } from './ids';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';

type StatusFilter = WithdrawalStatus | 'all';
const FILTERS: StatusFilter[] = ['pending', 'approved', 'rejected', 'cancelled', 'all'];
const STATUS_COLOR: Record<WithdrawalStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

/**
 * Withdrawals: filter by status, the payout's bank and account number, approve or reject (with a reason)
 * behind a confirmation. Each withdrawal's buttons cannot fire twice; the list is re-read every few seconds.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const userId = positiveId(searchParams.get('userId'));
  const [status, setStatus] = useState<StatusFilter>(userId ? 'all' : 'pending');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const { data, isFetching, isLoading, error } = useGetWithdrawalsQuery(
    { status: status === 'all' ? undefined : status, userId, page, pageSize },
    { pollingInterval: WITHDRAWAL_POLL_MS, skipPollingIfUnfocused: true },
  );
  const [approve] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());
  const [rejecting, setRejecting] = useState<AdminWithdrawal | null>(null);
  const [rejectForm] = Form.useForm<{ reason: string }>();

  const doApprove = (w: AdminWithdrawal) =>
    guard.run(String(w.withdrawalId), async () => {
      try {
        const done = await approve(w.withdrawalId).unwrap();
        if (done.status === 'pending') {
          // Four-eyes: this first approval waits for a second administrator.
          void message.info(t('admin.withdrawals.firstApproval', { code: w.code }));
        } else {
          void message.success(t('admin.withdrawals.approved', { code: w.code }));
        }
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const doReject = (w: AdminWithdrawal, reason: string) =>
    guard.run(String(w.withdrawalId), async () => {
      try {
        await reject({ withdrawalId: w.withdrawalId, reason }).unwrap();
        void message.success(t('admin.withdrawals.rejected', { code: w.code }));
        setRejecting(null);
        rejectForm.resetFields();
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  return (
    <section aria-labelledby="admin-withdrawals-title">
      <Typography.Title level={3} id="admin-withdrawals-title">
        {t('admin.withdrawals.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<StatusFilter>
          aria-label={t('admin.withdrawals.filter')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={FILTERS.map((value) => ({ value, label: t(`admin.withdrawals.status.${value}`) }))}
        />
        {userId ? <Tag>{t('admin.common.forUser', { userId })}</Tag> : null}
      </Space>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<AdminWithdrawal>
        rowKey="withdrawalId"
        size="middle"
        loading={isLoading || (isFetching && !data)}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        locale={{ emptyText: t('admin.withdrawals.empty') }}
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
            title: t('admin.columns.bankAccount'),
            key: 'bank',
            render: (_value, w) => <BankAccount bank={w.bank} accountNumber={w.accountNumber} />,
          },
          {
            title: t('admin.columns.requested'),
            dataIndex: 'requestedAt',
            key: 'requestedAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.columns.status'),
            dataIndex: 'status',
            key: 'status',
            render: (value: WithdrawalStatus, w) => (
              <>
                <Tag color={STATUS_COLOR[value]} title={w.reason ?? undefined}>
                  {t(`admin.withdrawals.status.${value}`)}
                </Tag>
                {value === 'pending' && w.firstApprovedBy ? (
                  <Tag color="blue">{t('admin.withdrawals.waitsForSecond', { by: w.firstApprovedBy })}</Tag>
                ) : null}
              </>
            ),
          },
          {
            title: t('admin.columns.resolvedBy'),
            key: 'approvedBy',
            render: (_value, w) =>
              w.approvedBy ? `${w.approvedBy} · ${formatDateTime(w.approvedAt, i18n.language)}` : '—',
          },
          {
            title: t('admin.columns.reason'),
            dataIndex: 'reason',
            key: 'reason',
            render: (value: string | null) => value || '—',
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, w) =>
              w.status === 'pending' ? (
                <Space size="small">
                  <Popconfirm
                    title={t('admin.withdrawals.approveConfirm', {
                      code: w.code,
                      amount: formatMoney(w.amount, i18n.language),
                      username: w.username,
                    })}
                    description={t('admin.withdrawals.approveHelp')}
                    okText={t('admin.withdrawals.approve')}
                    cancelText={t('admin.common.cancel')}
                    onConfirm={() => doApprove(w)}
                    disabled={guard.isBusy(String(w.withdrawalId))}
                  >
                    <Button
                      type="primary"
                      size="small"
                      loading={guard.isBusy(String(w.withdrawalId))}
                      disabled={guard.isBusy(String(w.withdrawalId))}
                    >
                      {t('admin.withdrawals.approve')}
                    </Button>
                  </Popconfirm>
                  <Button
                    danger
                    size="small"
                    disabled={guard.isBusy(String(w.withdrawalId))}
                    onClick={() => setRejecting(w)}
                  >
                    {t('admin.withdrawals.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={rejecting ? t('admin.withdrawals.rejectTitle', { code: rejecting.code }) : ''}
        okText={t('admin.withdrawals.reject')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{
          danger: true,
          loading: rejecting ? guard.isBusy(String(rejecting.withdrawalId)) : false,
        }}
        onOk={() => rejectForm.submit()}
        onCancel={() => {
          setRejecting(null);
          rejectForm.resetFields();
        }}
        forceRender
      >
        <Form
          form={rejectForm}
          layout="vertical"
          onFinish={({ reason }) => (rejecting ? doReject(rejecting, reason.trim()) : undefined)}
        >
          <Form.Item
            name="reason"
            label={t('admin.withdrawals.reason')}
            rules={[{ required: true, whitespace: true, message: t('admin.withdrawals.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
