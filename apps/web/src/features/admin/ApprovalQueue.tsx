import type { ApprovalQueue as Queue } from '@tenger/protocol';
import { App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { errorText } from './apiError';
import {
  useApproveDepositMutation,
  useApproveWithdrawalMutation,
  useCancelDepositMutation,
  useCancelRoleGrantMutation,
  useCancelWithdrawalApprovalMutation,
  useConfirmRoleGrantMutation,
  useGetApprovalsQuery,
  useRejectDepositMutation,
  useRejectRoleGrantMutation,
  useRejectWithdrawalMutation,
} from './adminEndpoints';
import { ListTable } from './ListTable';
import { useSingleFlight } from './useSingleFlight';

/** One waiting item as the queue shows it, whatever its kind. */
interface Waiting {
  key: string;
  what: string;
  who: string;
  amount: number | null;
  note: string | null;
  maker: string;
  at: string;
  youMayApprove: boolean;
  youMayCancel: boolean;
  approve: () => Promise<unknown>;
  cancel: (reason: string) => Promise<unknown>;
  reject: (reason: string) => Promise<unknown>;
}

/**
 * Four-eyes: everything that waits for a second administrator — credits (deposits and credit
 * adjustments), payouts with a first approval, and grants of ADMIN — with who made each and what the
 * reader may do: approve (when the server says they are independent of the maker), cancel (their own)
 * or reject (someone else's), each closing with a reason.
 */
export function ApprovalQueue({ userId }: { userId?: number }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queue = useGetApprovalsQuery();
  const [approveDeposit] = useApproveDepositMutation();
  const [cancelDeposit] = useCancelDepositMutation();
  const [rejectDeposit] = useRejectDepositMutation();
  const [approveWithdrawal] = useApproveWithdrawalMutation();
  const [cancelWithdrawalApproval] = useCancelWithdrawalApprovalMutation();
  const [rejectWithdrawal] = useRejectWithdrawalMutation();
  const [confirmGrant] = useConfirmRoleGrantMutation();
  const [cancelGrant] = useCancelRoleGrantMutation();
  const [rejectGrant] = useRejectRoleGrantMutation();
  const [closing, setClosing] = useState<{ item: Waiting; how: 'cancel' | 'reject' } | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const guard = useSingleFlight(async (action: () => Promise<unknown>, done: string, after?: () => void) => {
    try {
      await action();
      void message.success(done);
      after?.();
    } catch (err) {
      void message.error(errorText(err, t));
    }
  });

  const items = toWaiting(queue.data, userId, {
    deposit: (id) => ({
      approve: () => approveDeposit(id).unwrap(),
      cancel: (reason) => cancelDeposit({ id, reason }).unwrap(),
      reject: (reason) => rejectDeposit({ id, reason }).unwrap(),
    }),
    withdrawal: (id) => ({
      approve: () => approveWithdrawal(id).unwrap(),
      cancel: (reason) => cancelWithdrawalApproval({ id, reason }).unwrap(),
      reject: (reason) => rejectWithdrawal({ withdrawalId: id, reason }).unwrap(),
    }),
    grant: (id) => ({
      approve: () => confirmGrant(id).unwrap(),
      cancel: (reason) => cancelGrant({ id, reason }).unwrap(),
      reject: (reason) => rejectGrant({ id, reason }).unwrap(),
    }),
  });
  if (items.length === 0) return null;
  const label = (item: Waiting) => t(`admin.approvals.kinds.${item.what}`);
  const approve = (item: Waiting) =>
    modal.confirm({
      title:
        item.amount === null
          ? t('admin.approvals.approveGrantConfirm', { who: item.who })
          : t('admin.approvals.approveConfirm', {
              what: label(item),
              who: item.who,
              amount: formatMoney(item.amount, i18n.language),
            }),
      content: item.note || undefined,
      okText: t('admin.approvals.approve'),
      cancelText: t('admin.common.cancel'),
      onOk: () =>
        guard.run(`approve-${item.key}`, item.approve, t('admin.approvals.approved', { what: label(item) })),
    });

  return (
    <section aria-labelledby="admin-approvals" style={{ marginBottom: 24 }}>
      <Typography.Title level={4} id="admin-approvals">
        {t('admin.approvals.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.approvals.help')}</Typography.Paragraph>
      <ListTable<Waiting>
        rowKey="key"
        size="middle"
        pagination={false}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('admin.approvals.what'), key: 'what', render: (_v, item) => label(item) },
          { title: t('admin.columns.username'), dataIndex: 'who', key: 'who' },
          {
            title: t('admin.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number | null) => (amount === null ? '—' : formatMoney(amount, i18n.language)),
          },
          {
            title: t('admin.deposits.note'),
            dataIndex: 'note',
            key: 'note',
            render: (value: string | null) => value || '—',
          },
          { title: t('admin.approvals.maker'), dataIndex: 'maker', key: 'maker' },
          {
            title: t('admin.columns.date'),
            dataIndex: 'at',
            key: 'at',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.approvals.waitsFor'),
            key: 'waitsFor',
            render: (_v, item) =>
              item.youMayApprove ? (
                <Tag color="green">{t('admin.approvals.waitsForYou')}</Tag>
              ) : (
                <Tag>{t(item.youMayCancel ? 'admin.approvals.yours' : 'admin.approvals.notYou')}</Tag>
              ),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_v, item) => (
              <Space>
                {item.youMayApprove ? (
                  <Button
                    type="primary"
                    size="small"
                    loading={guard.isBusy(`approve-${item.key}`)}
                    onClick={() => approve(item)}
                  >
                    {t('admin.approvals.approve')}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  danger
                  onClick={() => setClosing({ item, how: item.youMayCancel ? 'cancel' : 'reject' })}
                >
                  {t(item.youMayCancel ? 'admin.approvals.cancel' : 'admin.approvals.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {closing ? (
        <Modal
          open
          title={t(closing.how === 'cancel' ? 'admin.approvals.cancelTitle' : 'admin.approvals.rejectTitle', {
            what: label(closing.item),
            who: closing.item.who,
          })}
          okText={t(closing.how === 'cancel' ? 'admin.approvals.cancel' : 'admin.approvals.reject')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin.common.cancel')}
          confirmLoading={guard.anyBusy}
          onOk={() => form.submit()}
          onCancel={() => setClosing(null)}
        >
          <Form<{ reason: string }>
            form={form}
            layout="vertical"
            onFinish={({ reason }) => {
              const { item, how } = closing;
              void guard.run(
                `${how}-${item.key}`,
                () => item[how](reason.trim()),
                t(how === 'cancel' ? 'admin.approvals.cancelled' : 'admin.approvals.rejected', {
                  what: label(item),
                }),
                () => {
                  setClosing(null);
                  form.resetFields();
                },
              );
            }}
          >
            <Form.Item
              name="reason"
              label={t('admin.approvals.reason')}
              rules={[{ required: true, whitespace: true, message: t('admin.approvals.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
    </section>
  );
}

type Actions = Pick<Waiting, 'approve' | 'cancel' | 'reject'>;

/** The three kinds of waiting items as one list, oldest first (deposits only for `userId` when given). */
function toWaiting(
  queue: Queue | undefined,
  userId: number | undefined,
  actions: {
    deposit: (id: number) => Actions;
    withdrawal: (id: number) => Actions;
    grant: (id: number) => Actions;
  },
): Waiting[] {
  if (!queue) return [];
  const mine = (id: number) => userId === undefined || id === userId;
  return [
    ...queue.deposits
      .filter((d) => mine(d.userId))
      .map((d) => ({
        key: `deposit-${d.depositId}`,
        what: d.kind,
        who: d.username,
        amount: d.amount,
        note: d.note,
        maker: d.createdBy,
        at: d.createdAt,
        youMayApprove: d.youMayApprove,
        youMayCancel: d.youMayCancel,
        ...actions.deposit(d.depositId),
      })),
    ...queue.withdrawals
      .filter((w) => mine(w.userId))
      .map((w) => ({
        key: `withdrawal-${w.withdrawalId}`,
        what: 'withdrawal',
        who: w.username,
        amount: w.amount,
        note: `${w.bank} ${w.accountNumber}`,
        maker: w.firstApprovedBy ?? '',
        at: w.requestedAt,
        youMayApprove: w.youMayApprove,
        youMayCancel: w.youMayCancel,
        ...actions.withdrawal(w.withdrawalId),
      })),
    ...queue.roleGrants
      .filter((g) => mine(g.userId))
      .map((g) => ({
        key: `grant-${g.grantId}`,
        what: 'roleGrant',
        who: g.username,
        amount: null,
        note: null,
        maker: g.requestedBy,
        at: g.requestedAt,
        youMayApprove: g.youMayApprove,
        youMayCancel: g.youMayCancel,
        ...actions.grant(g.grantId),
      })),
  ];
}
