import { DEFAULT_BAD_BEAT_SHARES, type Settings } from '@tenger/protocol';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import type { FormItemProps, InputNumberProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_LIMITS_DEFAULT, MAX_AMOUNT } from './adminConstants';
import { errorText } from './apiError';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './adminEndpoints';
import { BlocksPanel } from './BlocksPanel';
import { useSingleFlight } from './useSingleFlight';
import { AmountInput } from '../../app/AmountInput';
import { DepositAccountsFields } from './DepositAccountsFields';

type Notice = { kind: 'success' | 'error'; text: string } | null;
type BadBeatShares = NonNullable<Settings['jackpot']['badBeatShares']>;
const SHARE_NAMES = ['loser', 'winner', 'table'] as const;
const MAX_SHARES_PERCENT = 100;

/** The percent of the jackpot the shares leave in it (two decimals), or a negative number when over 100. */
export function sharesRemainder(shares: Partial<BadBeatShares> | undefined): number {
  const sum = SHARE_NAMES.reduce((total, name) => total + Math.round((shares?.[name] ?? 0) * 100), 0);
  return (MAX_SHARES_PERCENT * 100 - sum) / 100;
}

const WHOLE = { precision: 0, style: { width: '100%' } } as const;

/** A whole number of tugrik, from 1 to the largest amount a request may carry. */
function MoneyInput(props: InputNumberProps<number>) {
  return <AmountInput min={1} max={MAX_AMOUNT} prefix="₮" {...WHOLE} {...props} />;
}

/** A percentage from 0 to `max`, to two decimals. */
function PercentInput({ max, step, ...props }: InputNumberProps<number> & { max: number }) {
  return (
    <InputNumber<number>
      min={0}
      max={max}
      step={step}
      precision={2}
      suffix="%"
      style={{ width: '100%' }}
      {...props}
    />
  );
}

/** One setting in the form's grid: a column `md` of 24 wide holding a form item. */
function Field({ md, children, ...item }: FormItemProps<Settings> & { md: number }) {
  return (
    <Col xs={24} md={md}>
      <Form.Item<Settings> {...item}>{children}</Form.Item>
    </Col>
  );
}

/** Settings as the form edits them: the bad-beat shares are always filled in. */
function formValuesOf(settings: Settings): Settings {
  return {
    ...settings,
    // A server from before the deposit limits sends none: show the defaults it applies.
    deposit: settings.deposit ?? DEPOSIT_LIMITS_DEFAULT,
    // A server from before four-eyes on payouts sends none: show the defaults it would apply.
    withdrawal: {
      ...settings.withdrawal,
      dualApprovalAbove: settings.withdrawal.dualApprovalAbove ?? 1_000_000,
    },
    fourEyes: settings.fourEyes ?? { approverMinAdminHours: 24 },
    // A server from before the receiving accounts sends none.
    depositAccounts: settings.depositAccounts ?? { en: [], mn: [] },
    jackpot: {
      ...settings.jackpot,
      badBeatShares: settings.jackpot.badBeatShares ?? DEFAULT_BAD_BEAT_SHARES,
    },
  };
}

/** Settings: maintenance, withdrawal limits, deposit limits, rake, jackpot, action time, banks; then content blocks. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data, error, isLoading } = useGetSettingsQuery();
  const [updateSettings] = useUpdateSettingsMutation();
  const [form] = Form.useForm<Settings>();
  const [notice, setNotice] = useState<Notice>(null);
  const guard = useSingleFlight(async (values: Settings) => {
    try {
      const saved = await updateSettings({
        ...values,
        withdrawal: {
          min: values.withdrawal.min,
          max: values.withdrawal.max ?? null,
          dualApprovalAbove: values.withdrawal.dualApprovalAbove,
        },
        banks: values.banks.map((bank) => bank.trim()).filter(Boolean),
        depositAccounts: {
          en: values.depositAccounts?.en ?? [],
          mn: values.depositAccounts?.mn ?? [],
        },
      }).unwrap();
      form.setFieldsValue(formValuesOf(saved));
      setNotice({ kind: 'success', text: t('admin.settings.saved') });
    } catch (err) {
      setNotice({ kind: 'error', text: errorText(err, t) });
    }
  });

  useEffect(() => {
    if (data) form.setFieldsValue(formValuesOf(data));
  }, [data, form]);

  // Turning maintenance on stops every player; turning it off lets them back: both are asked first.
  const submit = (values: Settings) => {
    const enabled = Boolean(values.maintenance?.enabled);
    if (!data || enabled === Boolean(data.maintenance.enabled)) return void guard.run('save', values);
    modal.confirm({
      title: t(enabled ? 'admin.maintenanceConfirm.on' : 'admin.maintenanceConfirm.off'),
      content: t(enabled ? 'admin.maintenanceConfirm.onHelp' : 'admin.maintenanceConfirm.offHelp'),
      okText: t(enabled ? 'admin.maintenanceConfirm.turnOn' : 'admin.maintenanceConfirm.turnOff'),
      okButtonProps: { danger: enabled },
      cancelText: t('admin.common.cancel'),
      onOk: () => guard.run('save', values),
    });
  };

  const required = { required: true, message: t('admin.common.required') };

  return (
    <section aria-labelledby="admin-settings-title">
      <Typography.Title level={3} id="admin-settings-title">
        {t('admin.settings.title')}
      </Typography.Title>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <Card loading={isLoading} style={{ marginBottom: 24 }}>
        <Form<Settings> form={form} layout="vertical" onFinish={submit}>
          <Typography.Title level={5}>{t('admin.settings.maintenance')}</Typography.Title>
          <Row gutter={16}>
            <Field
              md={6}
              name={['maintenance', 'enabled']}
              label={t('admin.settings.maintenanceOn')}
              valuePropName="checked"
            >
              <Switch />
            </Field>
            <Col xs={24} md={18}>
              <Form.Item name={['maintenance', 'message']} label={t('admin.settings.maintenanceMessage')}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
              <Form.Item
                name={['maintenance', 'messages', 'mn']}
                label={t('admin.settings.maintenanceMessageMn')}
              >
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>{t('admin.settings.withdrawals')}</Typography.Title>
          <Row gutter={16}>
            <Field
              md={12}
              name={['withdrawal', 'min']}
              label={t('admin.settings.withdrawalMin')}
              rules={[required]}
            >
              <MoneyInput />
            </Field>
            <Field
              md={12}
              name={['withdrawal', 'max']}
              label={t('admin.settings.withdrawalMax')}
              extra={t('admin.settings.withdrawalMaxHelp')}
              dependencies={[['withdrawal', 'min']]}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_rule, value: number | null | undefined) => {
                    const min = getFieldValue(['withdrawal', 'min']) as number | null;
                    return value === null || value === undefined || min === null || value >= min
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('admin.settings.maxBelowMin')));
                  },
                }),
              ]}
            >
              <MoneyInput />
            </Field>
          </Row>

          <Typography.Title level={5}>{t('admin.settings.deposits')}</Typography.Title>
          <Row gutter={16}>
            <Field
              md={12}
              name={['deposit', 'maxAmount']}
              label={t('admin.settings.depositMax')}
              rules={[required]}
            >
              <MoneyInput />
            </Field>
            <Field
              md={12}
              name={['deposit', 'dualApprovalAbove']}
              label={t('admin.settings.depositDualApproval')}
              extra={t('admin.settings.depositDualApprovalHelp')}
              rules={[required]}
            >
              <MoneyInput />
            </Field>
          </Row>

          <DepositAccountsFields />

          <Typography.Title level={5}>{t('admin.settings.fourEyes')}</Typography.Title>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name={['withdrawal', 'dualApprovalAbove']}
                label={t('admin.settings.withdrawalDualApproval')}
                extra={t('admin.settings.withdrawalDualApprovalHelp')}
                rules={[required]}
              >
                <MoneyInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['fourEyes', 'approverMinAdminHours']}
                label={t('admin.settings.approverMinAdminHours')}
                extra={t('admin.settings.approverMinAdminHoursHelp')}
                rules={[required]}
              >
                <InputNumber<number> min={0} max={720} {...WHOLE} />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>{t('admin.settings.rakeAndJackpot')}</Typography.Title>
          <Row gutter={16}>
            <Field
              md={8}
              name={['rake', 'percent']}
              label={t('admin.settings.rakePercent')}
              rules={[required]}
            >
              <PercentInput max={10} step={0.5} />
            </Field>
            <Field
              md={8}
              name={['rake', 'capBigBlinds']}
              label={t('admin.settings.rakeCap')}
              extra={t('admin.settings.rakeCapHelp')}
              rules={[required]}
            >
              <InputNumber<number> min={0} max={100} {...WHOLE} />
            </Field>
            <Field
              md={8}
              name={['jackpot', 'contributionPercent']}
              label={t('admin.settings.jackpotContribution')}
              rules={[required]}
            >
              <PercentInput max={5} step={0.1} />
            </Field>
          </Row>
          <Typography.Text strong>{t('admin.settings.badBeatShares')}</Typography.Text>
          <Row gutter={16} style={{ marginTop: 8 }}>
            {SHARE_NAMES.map((name) => (
              <Col xs={24} md={8} key={name}>
                <Form.Item
                  name={['jackpot', 'badBeatShares', name]}
                  label={t(`admin.settings.share${name[0].toUpperCase()}${name.slice(1)}`)}
                  dependencies={SHARE_NAMES.filter((other) => other !== name).map((other) => [
                    'jackpot',
                    'badBeatShares',
                    other,
                  ])}
                  rules={[
                    required,
                    ({ getFieldValue }) => ({
                      validator: () =>
                        sharesRemainder(getFieldValue(['jackpot', 'badBeatShares']) as BadBeatShares) < 0
                          ? Promise.reject(new Error(t('admin.settings.sharesTooMuch')))
                          : Promise.resolve(),
                    }),
                  ]}
                >
                  <PercentInput max={100} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Form.Item noStyle shouldUpdate>
            {({ getFieldValue }) => {
              const left = sharesRemainder(getFieldValue(['jackpot', 'badBeatShares']) as BadBeatShares);
              return left > 0 ? (
                <Typography.Paragraph type="secondary">
                  {t('admin.settings.sharesRemainder', { percent: left })}
                </Typography.Paragraph>
              ) : null;
            }}
          </Form.Item>
          <Typography.Paragraph type="secondary">
            {t('admin.settings.jackpotRulesBlock')}
          </Typography.Paragraph>

          <Typography.Title level={5}>{t('admin.settings.play')}</Typography.Title>
          <Row gutter={16}>
            <Field md={12} name="actionTimeSeconds" label={t('admin.settings.actionTime')} rules={[required]}>
              <InputNumber<number> min={5} max={120} suffix={t('admin.settings.seconds')} {...WHOLE} />
            </Field>
            <Field md={12} name="timeBankSeconds" label={t('admin.settings.timeBank')} rules={[required]}>
              <InputNumber<number> min={0} max={600} suffix={t('admin.settings.seconds')} {...WHOLE} />
            </Field>
          </Row>
          <Form.Item
            name="banks"
            label={t('admin.settings.banks')}
            extra={t('admin.settings.banksHelp')}
            rules={[{ ...required, type: 'array', min: 1 }]}
          >
            <Select mode="tags" tokenSeparators={[',']} open={false} suffixIcon={null} />
          </Form.Item>

          {notice ? (
            <Alert
              role={notice.kind === 'error' ? 'alert' : 'status'}
              type={notice.kind}
              title={notice.text}
              showIcon
              closable={{ onClose: () => setNotice(null) }}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Button type="primary" htmlType="submit" loading={guard.anyBusy} disabled={!data}>
            {t('admin.common.save')}
          </Button>
        </Form>
      </Card>
      <BlocksPanel />
    </section>
  );
}
