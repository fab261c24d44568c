import type { AdminDeposit } from '@tenger/protocol';
import { Alert, Button, Card, Form, Input, InputNumber, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { ADMIN_PAGE_SIZE, MAX_AMOUNT } from './adminConstants';
import { errorText } from './apiError';
import { useCreateDepositMutation, useGetDepositsQuery } from './adminEndpoints';
import { positiveId } from './ids';
import { UserPicker } from './UserPicker';
import { useSingleFlight } from './useSingleFlight';

interface DepositForm {
  userId?: number;
  amount?: number | null;
  note?: string;
}

type Outcome = { kind: 'success'; text: string } | { kind: 'error'; text: string } | null;

/**
 * Deposits: credit a player (find the user, amount, note) and the list of deposits. One form
 * submission carries one Idempotency-Key, kept until it succeeds or the form changes, so a double
 * submit or a retry after a lost answer credits once.
 */
export function DepositsPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const userId = positiveId(searchParams.get('userId'));
  const [form] = Form.useForm<DepositForm>();
  const [createDeposit] = useCreateDepositMutation();
  const idempotencyKey = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
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
      setOutcome({
        kind: 'success',
        text: t('admin.deposits.created', {
          code: deposit.code,
          amount: formatMoney(deposit.amount, i18n.language),
          username: deposit.username,
        }),
      });
      form.resetFields(['amount', 'note']);
    } catch (err) {
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
          onFinish={(values) => guard.run('deposit', values)}
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
            rules={[
              { required: true, message: t('admin.deposits.amountRequired') },
              {
                validator: (_rule, value: number | null | undefined) =>
                  value === null || value === undefined || (Number.isSafeInteger(value) && value >= 1)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('admin.deposits.amountWhole'))),
              },
            ]}
          >
            <InputNumber<number>
              min={1}
              max={MAX_AMOUNT}
              precision={0}
              step={1000}
              prefix="₮"
              style={{ width: '100%' }}
            />
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

      <Typography.Title level={4}>
        {t('admin.deposits.history')} {userId ? <Tag>{t('admin.common.forUser', { userId })}</Tag> : null}
      </Typography.Title>
      {list.error ? (
        <Typography.Paragraph type="danger">{errorText(list.error, t)}</Typography.Paragraph>
      ) : null}
      <Table<AdminDeposit>
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
            dataIndex: 'approvedAt',
            key: 'approvedAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
        ]}
      />
    </section>
  );
}
