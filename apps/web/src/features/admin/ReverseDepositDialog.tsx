import type { AdminDeposit } from '@tenger/protocol';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';
import { errorText, showServerFieldErrors } from './apiError';
import { useReverseDepositMutation, useSearchUsersQuery } from './adminEndpoints';
import { useSingleFlight } from './useSingleFlight';
import { wholeAmountRule } from './wholeAmount';
import { AmountInput } from '../../app/AmountInput';

interface ReverseForm {
  amount?: number | null;
  reason?: string;
}

/**
 * Takes a credited deposit back, once: the amount (at most the deposit, and the server also refuses
 * more than the player has available, which the dialog shows) and a reason.
 */
export function ReverseDepositDialog({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<ReverseForm>();
  const [error, setError] = useState<string | null>(null);
  const [reverseDeposit] = useReverseDepositMutation();
  const player = useSearchUsersQuery({ q: String(deposit.userId), page: 1, pageSize: 20 });
  const available = player.data?.items.find((u) => u.userId === deposit.userId)?.balance;
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const guard = useSingleFlight(async (values: ReverseForm) => {
    try {
      await reverseDeposit({
        depositId: deposit.depositId,
        amount: values.amount ?? undefined,
        reason: (values.reason ?? '').trim(),
      }).unwrap();
      onClose();
    } catch (err) {
      showServerFieldErrors(form, err, ['amount'], t, i18n.language);
      setError(errorText(err, t));
    }
  });

  return (
    <Modal
      open
      title={t('admin.deposits.reverseTitle', { code: deposit.code })}
      okText={t('admin.deposits.reverse')}
      okButtonProps={{ danger: true }}
      cancelText={t('admin.common.cancel')}
      confirmLoading={guard.anyBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('admin.deposits.reverseHelp', {
          username: deposit.username,
          amount: money(deposit.amount),
          available: available === undefined ? '…' : money(available),
        })}
      </Typography.Paragraph>
      <Form<ReverseForm>
        form={form}
        name="reverse"
        layout="vertical"
        initialValues={{ amount: deposit.amount }}
        onFinish={(values) => guard.run('reverse', values)}
      >
        <Form.Item
          name="amount"
          label={t('admin.deposits.amount')}
          rules={[
            { required: true, message: t('admin.deposits.amountRequired') },
            wholeAmountRule(deposit.amount, t),
          ]}
        >
          <AmountInput prefix="₮" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin.money.reason')}
          rules={[{ required: true, whitespace: true, message: t('admin.money.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {error ? <Alert role="alert" type="error" showIcon title={error} /> : null}
    </Modal>
  );
}
