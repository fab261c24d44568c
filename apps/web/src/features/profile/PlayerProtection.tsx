import { App as AntApp, Button, DatePicker, Form, Input, InputNumber, Radio, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_FIELDS,
  MINUTES_MAX,
  REALITY_CHECK_DEFAULT_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
  SELF_EXCLUSION_PERIODS,
  STATEMENT_MAX_DAYS,
  TIMEOUT_PERIODS,
  type LimitField,
} from '@tenger/protocol/rules';
import type { ExclusionKind, ExclusionPeriod, PlayerLimits } from '@tenger/protocol';
import { serverErrorText } from '../../api/serverErrors';
import { formatDateTime } from '../../app/dates';
import { downloadText } from '../../app/download';
import { useAppDispatch } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { logout } from '../../app/store';
import {
  useExcludeMutation,
  useGetLimitsQuery,
  useSetLimitsMutation,
  useStatementMutation,
} from './protectionApi';

const MONEY_FIELDS = LIMIT_FIELDS.filter((f) => f.startsWith('deposit') || f.startsWith('loss'));
type UsedField = Exclude<LimitField, 'sessionMinutes' | 'realityCheckMinutes'>;

/** The Account tab's player protection: limits, a time-out or self-exclusion, and statements. */
export function PlayerProtection() {
  const { t } = useTranslation();
  return (
    <section className="protection" aria-labelledby="protection-title">
      <Typography.Title level={4} id="protection-title">
        {t('protection.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('protection.intro')}</Typography.Paragraph>
      <LimitsForm />
      <StatementDownload />
      <ExclusionForm />
    </section>
  );
}

type LimitValues = Record<LimitField, number | null | undefined>;

/** Every limit in one form: a lower one applies at once, a higher one (or none) after 24 hours. */
export function LimitsForm() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const { data } = useGetLimitsQuery();
  const [save, { isLoading }] = useSetLimitsMutation();
  const [form] = Form.useForm<LimitValues>();
  useEffect(() => {
    if (data) form.setFieldsValue(data.inForce);
  }, [data, form]);

  const onFinish = async (values: LimitValues) => {
    const limits = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, values[f] ?? null])) as PlayerLimits;
    try {
      const answer = await save(limits).unwrap();
      const waiting = Object.keys(answer.pending).length > 0;
      void message.success(t(waiting ? 'protection.limits.savedPending' : 'protection.limits.saved'));
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  const note = (field: LimitField) => {
    const pending = data?.pending[field];
    const used = MONEY_FIELDS.includes(field) ? data?.used[field as UsedField] : undefined;
    return (
      <>
        {used !== undefined && (
          <span className="protection__used">
            {t(field.startsWith('loss') ? 'protection.limits.lost' : 'protection.limits.deposited', {
              amount: formatMoney(used, i18n.language),
            })}
          </span>
        )}
        {pending && (
          <span className="protection__pending" data-testid={`pending-${field}`}>
            {' '}
            {t('protection.limits.pending', {
              value:
                pending.value === null
                  ? t('protection.limits.none')
                  : MONEY_FIELDS.includes(field)
                    ? formatMoney(pending.value, i18n.language)
                    : t('protection.limits.minutes', { count: pending.value }),
              at: formatDateTime(pending.effectiveAt, i18n.language),
            })}
          </span>
        )}
      </>
    );
  };

  return (
    <Form<LimitValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      aria-label={t('protection.limits.title')}
    >
      <Typography.Title level={5}>{t('protection.limits.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('protection.limits.help')}</Typography.Paragraph>
      {LIMIT_FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`protection.limits.fields.${field}`)}
          extra={note(field)}
        >
          <InputNumber
            min={
              field === 'realityCheckMinutes'
                ? REALITY_CHECK_MIN_MINUTES
                : MONEY_FIELDS.includes(field)
                  ? 0
                  : 1
            }
            max={MONEY_FIELDS.includes(field) ? undefined : MINUTES_MAX}
            precision={0}
            style={{ width: '100%' }}
            placeholder={
              field === 'realityCheckMinutes'
                ? t('protection.limits.minutes', { count: REALITY_CHECK_DEFAULT_MINUTES })
                : t('protection.limits.none')
            }
            inputMode="numeric"
          />
        </Form.Item>
      ))}
      {data && data.depositsHeld.count > 0 && (
        <Typography.Paragraph type="warning" data-testid="deposits-held">
          {t('protection.limits.depositsHeld', {
            count: data.depositsHeld.count,
            amount: formatMoney(data.depositsHeld.amount, i18n.language),
          })}
        </Typography.Paragraph>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('protection.limits.save')}
      </Button>
    </Form>
  );
}

/** Downloads every money movement of a period (at most a year) as CSV, with opening and closing balance. */
function StatementDownload() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(30, 'day'), dayjs()]);
  const [statement, { isLoading }] = useStatementMutation();
  const download = async () => {
    const from = range[0].format('YYYY-MM-DD');
    const to = range[1].format('YYYY-MM-DD');
    try {
      const csv = await statement({ from, to }).unwrap();
      downloadText(csv, `tenger-statement-${from}-${to}.csv`, 'text/csv;charset=utf-8');
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };
  return (
    <div className="protection__statement" role="group" aria-label={t('protection.statement.title')}>
      <Typography.Title level={5}>{t('protection.statement.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('protection.statement.help')}</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(day, info) =>
            day.isAfter(dayjs(), 'day') ||
            (info.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= STATEMENT_MAX_DAYS)
          }
          onChange={(values) => {
            if (values?.[0] && values[1]) setRange([values[0], values[1]]);
          }}
          aria-label={t('protection.statement.range')}
        />
        <Button onClick={() => void download()} loading={isLoading}>
          {t('protection.statement.download')}
        </Button>
      </div>
    </div>
  );
}

interface ExclusionValues {
  kind: ExclusionKind;
  period: ExclusionPeriod;
  password: string;
}

/** A time-out or self-exclusion: effective at once, cannot be undone early; the password confirms it. */
export function ExclusionForm() {
  const { t, i18n } = useTranslation();
  const { message, modal } = AntApp.useApp();
  const dispatch = useAppDispatch();
  const [exclude, { isLoading }] = useExcludeMutation();
  const [form] = Form.useForm<ExclusionValues>();
  const kind = Form.useWatch('kind', form) ?? 'timeout';
  const periods = kind === 'timeout' ? TIMEOUT_PERIODS : SELF_EXCLUSION_PERIODS;

  const onFinish = (values: ExclusionValues) => {
    modal.confirm({
      title: t(`protection.exclusion.confirmTitle.${values.kind}`),
      content: t('protection.exclusion.confirmText', {
        period: t(`protection.exclusion.periods.${values.period}`),
      }),
      okText: t('protection.exclusion.confirm'),
      okButtonProps: { danger: true },
      cancelText: t('account.cancel'),
      onOk: async () => {
        try {
          const done = await exclude(values).unwrap();
          modal.info({
            title: t(`protection.exclusion.doneTitle.${done.kind}`),
            content: done.until
              ? t('protection.exclusion.doneUntil', { until: formatDateTime(done.until, i18n.language) })
              : t('protection.exclusion.doneIndefinite'),
            onOk: () => void dispatch(logout(() => window.location.assign('/auth/login'))),
          });
        } catch (error) {
          void message.error(serverErrorText(error, t));
        }
      },
    });
  };

  return (
    <Form<ExclusionValues>
      form={form}
      layout="vertical"
      initialValues={{ kind: 'timeout', period: '24h' }}
      onFinish={onFinish}
      aria-label={t('protection.exclusion.title')}
    >
      <Typography.Title level={5}>{t('protection.exclusion.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('protection.exclusion.help')}</Typography.Paragraph>
      <Form.Item name="kind" label={t('protection.exclusion.kind')}>
        <Radio.Group
          onChange={(e) =>
            form.setFieldValue(
              'period',
              e.target.value === 'timeout' ? TIMEOUT_PERIODS[0] : SELF_EXCLUSION_PERIODS[0],
            )
          }
          options={[
            { value: 'timeout', label: t('protection.exclusion.kinds.timeout') },
            { value: 'self-exclusion', label: t('protection.exclusion.kinds.self-exclusion') },
          ]}
        />
      </Form.Item>
      <Form.Item name="period" label={t('protection.exclusion.period')}>
        <Radio.Group
          options={periods.map((p) => ({ value: p, label: t(`protection.exclusion.periods.${p}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('account.currentPassword')}
        rules={[{ required: true, message: t('validation.required') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button danger htmlType="submit" loading={isLoading}>
        {t('protection.exclusion.submit')}
      </Button>
    </Form>
  );
}
