import type { AdminDeposit } from '@tenger/protocol';
import { Alert, Button, Card, Form, Input, Modal, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { ADMIN_PAGE_SIZE, DEPOSIT_LIMITS_DEFAULT } from './adminConstants';
import { errorText, showServerFieldErrors } from './apiError';
import {
  useCreateDepositMutation,
  useGetDepositsQuery,
  useGetSettingsQuery,
  useSearchUsersQuery,
} from './adminEndpoints';
import { positiveId } from './ids';
import { ApprovalQueue } from './ApprovalQueue';
import { ReverseDepositDialog } from './ReverseDepositDialog';
import { UserPicker } from './UserPicker';
import { useSingleFlight } from './useSingleFlight';
import { wholeAmountRule } from './wholeAmount';
import { ListTable } from './ListTable';
import { AmountInput } from '../../app/AmountInput';

interface DepositForm {
  userId?: number;
  amount?: number | null;
  note?: string;
}

type Outcome = { kind: 'success' | 'info' | 'error'; text: string } | null;

const STATUS_COLOURS: Record<AdminDeposit['status'], string> = {
  pending: 'gold',
  credited: 'green',
  reversed: 'red',
  cancelled: 'default',
  rejected: 'default',
};

/**
 * Deposits: credit a player (find the user, amount, note), confirm what will be credited, and the
 * lists of deposits waiting for a second administrator and of all deposits (with reversal). The
 * amount is never corrected silently: what the admin typed is checked against 1…`deposit.maxAmount`
 * and shown as an error. One confirmed submission carries one Idempotency-Key, kept until it succeeds
 * or the form changes, so a double submit or a retry after a lost answer credits once.
 */
export function DepositsPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const userId = positiveId(searchParams.get('userId'));
  const [form] = Form.useForm<DepositForm>();
  const settings = useGetSettingsQuery();
  const limits = settings.data?.deposit ?? DEPOSIT_LIMITS_DEFAULT;
  const [createDeposit] = useCreateDepositMutation();
  const idempotencyKey = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState<DepositForm | null>(null);
  const [reversing, setReversing] = useState<AdminDeposit | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const guard = useSingleFlight(async (values: DepositForm) => {
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const deposit = await createDeposit({
        userId: values.userId as number,
        amount: values.amount as number,
        note: values.note?.trim() || undefined,
        idempotencyKey: idempotencyKey.current,
      }).unwrap();
      idempotencyKey.current = null;
      setConfirming(null);
      const params = { code: deposit.code, amount: money(deposit.amount), username: deposit.username };
      setOutcome(
        deposit.status === 'pending'
          ? { kind: 'info', text: t('admin.deposits.requested', params) }
          : { kind: 'success', text: t('admin.deposits.created', params) },
      );
      // The next deposit starts empty (only a player named by the page's link, ?userId=, stays chosen).
      form.resetFields();
    } catch (err) {
      setConfirming(null);
      showServerFieldErrors(form, err, ['amount'], t, i18n.language);
      setOutcome({ kind: 'error', text: errorText(err, t) });
    }
  });

  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const list = useGetDepositsQuery({ userId, page, pageSize });

  return (
    <section aria-labelledby="admin-deposits-title">
      <Typography.Title level={3} id="admin-deposits-title">
        {t('admin.deposits.title')}
      </Typography.Title>
      <Card title={t('admin.deposits.new')} style={{ maxWidth: 560, marginBottom: 24 }}>
        <Form<DepositForm>
          form={form}
          layout="vertical"
          initialValues={{ userId }}
          onValuesChange={() => {
            // Different values are a different deposit: the next submission gets a new key.
            idempotencyKey.current = null;
          }}
          onFinish={(values) => {
            setOutcome(null);
            setConfirming(values);
          }}
        >
          <Form.Item
            name="userId"
            label={t('admin.deposits.user')}
            rules={[{ required: true, message: t('admin.deposits.userRequired') }]}
          >
            <UserPicker />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('admin.deposits.amount')}
            extra={t('admin.deposits.limits', {
              max: money(limits.maxAmount),
              dual: money(limits.dualApprovalAbove),
            })}
            rules={[
              { required: true, message: t('admin.deposits.amountRequired') },
              wholeAmountRule(limits.maxAmount, t),
            ]}
          >
            {/* No min, max or precision: antd would silently turn 0 into 1 and 1.5 into 2. */}
            <AmountInput step={1000} prefix="₮" />
          </Form.Item>
          <Form.Item name="note" label={t('admin.deposits.note')}>
            <Input.TextArea rows={2} maxLength={500} showCount />
          </Form.Item>
          {outcome ? (
            <Alert
              role={outcome.kind === 'error' ? 'alert' : 'status'}
              type={outcome.kind}
              title={outcome.text}
              showIcon
              closable={{ onClose: () => setOutcome(null) }}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Button type="primary" htmlType="submit" loading={guard.anyBusy}>
            {t('admin.deposits.submit')}
          </Button>
        </Form>
      </Card>

      {confirming ? (
        <ConfirmDeposit
          values={confirming}
          needsApproval={(confirming.amount ?? 0) > limits.dualApprovalAbove}
          busy={guard.anyBusy}
          onConfirm={() => guard.run('deposit', confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}

      <ApprovalQueue userId={userId} />

      <Typography.Title level={4}>
        {t('admin.deposits.history')} {userId ? <Tag>{t('admin.common.forUser', { userId })}</Tag> : null}
      </Typography.Title>
      {list.error ? (
        <Typography.Paragraph type="danger">{errorText(list.error, t)}</Typography.Paragraph>
      ) : null}
      <ListTable<AdminDeposit>
        rowKey="depositId"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        locale={{ emptyText: t('admin.deposits.empty') }}
        columns={[
          { title: t('admin.columns.code'), dataIndex: 'code', key: 'code' },
          { title: t('admin.columns.username'), dataIndex: 'username', key: 'username' },
          {
            title: t('admin.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number) => money(amount),
          },
          {
            title: t('admin.columns.status'),
            key: 'status',
            render: (_value, deposit) => (
              <Tag color={STATUS_COLOURS[deposit.status]}>
                {t(`admin.deposits.statuses.${deposit.status}`)}
                {deposit.reversal ? ` ${money(deposit.reversal.amount)}` : ''}
              </Tag>
            ),
          },
          {
            title: t('admin.deposits.note'),
            key: 'note',
            render: (_value, deposit) => {
              const note =
                deposit.kind === 'adjustment'
                  ? `${t('admin.approvals.kinds.adjustment')}: ${deposit.note ?? ''}`
                  : deposit.note;
              if (deposit.reversal) {
                return `${note ?? ''} ${t('admin.deposits.reversedBecause', { reason: deposit.reversal.reason, by: deposit.reversal.by })}`.trim();
              }
              if (deposit.closedBy) {
                return `${note ?? ''} ${t('admin.deposits.closedBecause', { reason: deposit.closedReason ?? '', by: deposit.closedBy })}`.trim();
              }
              return note || '—';
            },
          },
          {
            title: t('admin.columns.createdBy'),
            key: 'createdBy',
            render: (_value, deposit) =>
              deposit.approvedBy
                ? t('admin.deposits.createdAndApproved', {
                    by: deposit.createdBy,
                    approver: deposit.approvedBy,
                  })
                : deposit.createdBy,
          },
          {
            title: t('admin.columns.date'),
            key: 'date',
            render: (_value, deposit) =>
              formatDateTime(deposit.approvedAt ?? deposit.createdAt, i18n.language),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, deposit) =>
              deposit.status === 'credited' ? (
                <Button size="small" danger onClick={() => setReversing(deposit)}>
                  {t('admin.deposits.reverse')}
                </Button>
              ) : null,
          },
        ]}
      />
      {reversing ? <ReverseDepositDialog deposit={reversing} onClose={() => setReversing(null)} /> : null}
    </section>
  );
}

/** The confirmation step: the player, the amount and the note, before anything is credited. */
function ConfirmDeposit({
  values,
  needsApproval,
  busy,
  onConfirm,
  onCancel,
}: {
  values: DepositForm;
  needsApproval: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const found = useSearchUsersQuery({ q: String(values.userId), page: 1, pageSize: 20 });
  const user = found.data?.items.find((u) => u.userId === values.userId);
  return (
    <Modal
      open
      title={t('admin.deposits.confirmTitle')}
      okText={needsApproval ? t('admin.deposits.confirmRequest') : t('admin.deposits.confirmCredit')}
      cancelText={t('admin.common.cancel')}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onCancel}
    >
      <dl className="admin-confirm">
        <dt>{t('admin.deposits.user')}</dt>
        <dd>{user ? `${user.username} · ${user.email} · #${user.userId}` : `#${values.userId}`}</dd>
        <dt>{t('admin.deposits.amount')}</dt>
        <dd>
          <strong>{formatMoney(values.amount ?? 0, i18n.language)}</strong>
        </dd>
        <dt>{t('admin.deposits.note')}</dt>
        <dd>{values.note?.trim() || '—'}</dd>
      </dl>
      {needsApproval ? <Alert type="warning" showIcon title={t('admin.deposits.needsApproval')} /> : null}
    </Modal>
  );
}
