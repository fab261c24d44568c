import type { AdjustmentDirection, AdminUser } from '@tenger/protocol';
import { Alert, App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';
import { DEPOSIT_LIMITS_DEFAULT } from './adminConstants';
import { errorText, showServerFieldErrors } from './apiError';
import { useCreateAdjustmentMutation, useGetSettingsQuery } from './adminEndpoints';
import { useSingleFlight } from './useSingleFlight';
import { wholeAmountRule } from './wholeAmount';
import { AmountInput } from '../../app/AmountInput';

interface AdjustmentForm {
  direction: AdjustmentDirection;
  amount?: number | null;
  reason?: string;
}

/**
 * A manual credit or debit of a player's balance with a reason (for example to pay out a closing
 * account). A debit cannot take more than the player has available: the server refuses and the
 * dialog shows its message. One submission carries one Idempotency-Key until it succeeds.
 */
export function AdjustmentDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustmentForm>();
  const [error, setError] = useState<string | null>(null);
  const settings = useGetSettingsQuery();
  const max = (settings.data?.deposit ?? DEPOSIT_LIMITS_DEFAULT).maxAmount;
  const [createAdjustment] = useCreateAdjustmentMutation();
  const key = useRef<string | null>(null);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const guard = useSingleFlight(async (values: AdjustmentForm) => {
    key.current ??= crypto.randomUUID();
    try {
      const done = await createAdjustment({
        userId: user.userId,
        direction: values.direction,
        amount: values.amount as number,
        reason: (values.reason ?? '').trim(),
        idempotencyKey: key.current,
      }).unwrap();
      if ('depositId' in done) {
        // Four-eyes held the credit: it waits for a second administrator.
        void message.info(
          t('admin.money.adjustRequested', { username: user.username, amount: money(done.amount) }),
        );
      } else {
        void message.success(
          t('admin.money.adjusted', { username: user.username, balance: money(done.balance) }),
        );
      }
      onClose();
    } catch (err) {
      showServerFieldErrors(form, err, ['amount'], t, i18n.language);
      setError(errorText(err, t));
    }
  });

  return (
    <Modal
      open
      title={t('admin.money.adjustTitle', { username: user.username })}
      okText={t('admin.money.adjust')}
      cancelText={t('admin.common.cancel')}
      confirmLoading={guard.anyBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('admin.money.balanceNow', { balance: money(user.balance), locked: money(user.locked) })}
      </Typography.Paragraph>
      <Form<AdjustmentForm>
        form={form}
        name="adjustment"
        layout="vertical"
        initialValues={{ direction: 'credit' }}
        onValuesChange={() => {
          key.current = null;
        }}
        onFinish={(values) => guard.run('adjust', values)}
      >
        <Form.Item name="direction" label={t('admin.money.direction')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: t('admin.money.credit') },
              { value: 'debit', label: t('admin.money.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('admin.deposits.amount')}
          rules={[{ required: true, message: t('admin.deposits.amountRequired') }, wholeAmountRule(max, t)]}
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
