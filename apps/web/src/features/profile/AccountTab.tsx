import { Button, Form, Input, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText, serverFieldErrors } from '../../api/serverErrors';
import { useGetBanksQuery, useGetMeQuery, useUpdateMeMutation } from '../../api/userApi';
import { bankName } from '../../app/bankName';
import { accountRule, requiredRule } from '../auth/accountRules';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PlayerProtection } from './PlayerProtection';

type Outcome = { kind: 'saved' | 'error'; text: string } | null;

/**
 * The Account tab: change the password, the email, or the payout bank and account number. Each change
 * needs the current password (PATCH /me refuses it otherwise), so each form asks for it. Below: the
 * player's own protection (limits, statements, a time-out or self-exclusion).
 */
export function AccountTab() {
  const { t } = useTranslation();
  const { data: me } = useGetMeQuery();
  const { data: options } = useGetBanksQuery();
  const banks = options?.banks ?? [];
  return (
    <div className="account">
      <Typography.Paragraph type="secondary">{t('account.currentPasswordHelp')}</Typography.Paragraph>
      <ChangeForm
        id="password"
        title={t('account.passwordSection')}
        toRequest={(v) => ({ newPassword: v.newPassword })}
        savedText={t('account.passwordSaved')}
      >
        <NewPasswordFields
          name="newPassword"
          label={t('account.newPassword')}
          repeatLabel={t('account.repeatPassword')}
        />
      </ChangeForm>
      {me && (
        <ChangeForm
          id="email"
          key={`email-${me.email}`}
          title={t('account.emailSection')}
          initial={{ email: me.email }}
          toRequest={(v) => ({ email: v.email.trim() })}
        >
          <Form.Item name="email" label={t('account.email')} rules={[accountRule('email', t)]}>
            <Input inputMode="email" autoComplete="email" />
          </Form.Item>
        </ChangeForm>
      )}
      {me && (
        <ChangeForm
          id="payout"
          key={`payout-${me.bank ?? ''}-${me.accountNumber ?? ''}`}
          title={t('account.bankSection')}
          initial={{ bank: me.bank ?? '', accountNumber: me.accountNumber ?? '' }}
          toRequest={(v) => ({ bank: v.bank, accountNumber: v.accountNumber.trim() })}
        >
          <Form.Item name="bank" label={t('account.bank')} rules={[accountRule('bank', t)]}>
            <Select
              options={banks.map((bank) => ({ value: bank, label: bankName(bank, t) }))}
              placeholder={t('account.chooseBank')}
            />
          </Form.Item>
          <Form.Item
            name="accountNumber"
            label={t('account.accountNumber')}
            rules={[accountRule('accountNumber', t)]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </ChangeForm>
      )}
      <PlayerProtection />
    </div>
  );
}

type Values = Record<string, string>;

/** One change: its fields, the current password, Save, and what happened (saved, or why not). */
function ChangeForm({
  id,
  title,
  initial,
  toRequest,
  savedText,
  children,
}: {
  id: string;
  title: string;
  initial?: Values;
  toRequest: (values: Values) => Record<string, string>;
  savedText?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [updateMe, { isLoading }] = useUpdateMeMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onFinish = async (values: Values) => {
    setOutcome(null);
    try {
      await updateMe({ ...toRequest(values), currentPassword: values.currentPassword }).unwrap();
      form.setFieldsValue({ currentPassword: '', newPassword: '', repeatPassword: '' });
      setOutcome({ kind: 'saved', text: savedText ?? t('account.saved') });
    } catch (error) {
      const fields = serverFieldErrors(error, t, i18n.language);
      form.setFields(Object.entries(fields).map(([name, text]) => ({ name, errors: [text] })));
      setOutcome({ kind: 'error', text: serverErrorText(error, t) });
    }
  };

  return (
    <section className="account__section" aria-labelledby={`account-${id}`} data-testid={`account-${id}`}>
      <Typography.Title level={4} id={`account-${id}`}>
        {title}
      </Typography.Title>
      <Form<Values>
        form={form}
        name={`account-${id}`}
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        requiredMark={false}
      >
        {children}
        <Form.Item name="currentPassword" label={t('account.currentPassword')} rules={[requiredRule(t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t('account.save')}
        </Button>
        {outcome && (
          <Typography.Paragraph
            role={outcome.kind === 'error' ? 'alert' : 'status'}
            type={outcome.kind === 'error' ? 'danger' : 'success'}
            className="account__outcome"
          >
            {outcome.text}
          </Typography.Paragraph>
        )}
      </Form>
    </section>
  );
}
