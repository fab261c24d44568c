import { App as AntApp, Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/serverErrors';
import { useCreateWithdrawalMutation, useGetMeQuery, useGetWithdrawalLimitsQuery } from '../../api/userApi';
import { bankName } from '../../app/bankName';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { checkWithdrawalAmount, withdrawalLimits } from './withdrawalRules';
import { AmountInput } from '../../app/AmountInput';

interface WithdrawValues {
  amount: number | null;
}

/**
 * The withdrawal request (spec §5): 'Please enter amount!' when empty; out of range shows the short
 * 'Too low' / 'Too much' and 'Amount must be between {{min}} and {{max}}'. It says which account is
 * paid and asks for confirmation before sending.
 */
export function WithdrawForm() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<WithdrawValues>();
  const balance = useAppSelector((state) => state.auth.userBalance);
  const { data: serverLimits } = useGetWithdrawalLimitsQuery();
  const limits = withdrawalLimits(serverLimits, balance);
  const [createWithdrawal, { isLoading }] = useCreateWithdrawalMutation();
  const { data: me } = useGetMeQuery();
  const destination =
    me?.bank && me.accountNumber ? { bank: bankName(me.bank, t), account: me.accountNumber } : null;
  const [modal, modalHolder] = Modal.useModal();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const rangeMessage = t('profile.withdraw.range', { min: money(limits.min), max: money(limits.max) });
  const belowMinimum = limits.max < limits.min;
  const cannotWithdraw = belowMinimum || !destination;

  const send = async (amount: number) => {
    try {
      await createWithdrawal({ amount }).unwrap();
      void message.success(t('profile.withdraw.created'));
      form.resetFields();
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  const onFinish = ({ amount }: WithdrawValues) => {
    if (amount === null || !destination) return;
    void modal.confirm({
      title: t('account.confirmTitle', { amount: money(amount) }),
      content: t('account.confirmBody', destination),
      okText: t('account.confirm'),
      cancelText: t('account.cancel'),
      onOk: () => send(amount),
    });
  };

  return (
    <Form<WithdrawValues> form={form} layout="vertical" className="withdraw__form" onFinish={onFinish}>
      {modalHolder}
      <Typography.Paragraph className="withdraw__destination" data-testid="withdraw-destination">
        {destination ? t('account.destination', destination) : t('account.noDestination')}
      </Typography.Paragraph>
      <Form.Item
        name="amount"
        label={t('profile.columns.amount')}
        extra={belowMinimum ? t('profile.withdraw.balanceTooLow', { min: money(limits.min) }) : undefined}
        rules={[
          {
            validator: (_rule, value: number | null | undefined) =>
              checkWithdrawalAmount(value, limits) === 'required'
                ? Promise.reject(new Error(t('profile.withdraw.required')))
                : Promise.resolve(),
          },
          {
            validator: (_rule, value: number | null | undefined) => {
              const problem = checkWithdrawalAmount(value, limits);
              if (problem === 'tooLow') return Promise.reject(new Error(t('profile.withdraw.tooLow')));
              if (problem === 'tooHigh') return Promise.reject(new Error(t('profile.withdraw.tooMuch')));
              return Promise.resolve();
            },
          },
          {
            validator: (_rule, value: number | null | undefined) => {
              const problem = checkWithdrawalAmount(value, limits);
              return problem === 'tooLow' || problem === 'tooHigh' || problem === 'notWhole'
                ? Promise.reject(new Error(rangeMessage))
                : Promise.resolve();
            },
          },
        ]}
      >
        <AmountInput
          className="withdraw__amount"
          min={0}
          precision={0}
          step={1000}
          prefix="₮"
          inputMode="numeric"
          disabled={cannotWithdraw}
          aria-label={t('profile.columns.amount')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading} disabled={cannotWithdraw}>
        {t('profile.withdraw.submit')}
      </Button>
    </Form>
  );
}
