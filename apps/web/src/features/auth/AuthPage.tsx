import { App as AntApp, Button, Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiErrorStatus } from '../../api/baseQuery';
import { serverErrorCode, serverErrorText, serverFieldErrors } from '../../api/serverErrors';
import { setAccessToken } from '../../api/session';
import type { AuthResponse, LoginRequest, RegisterRequest } from '../../api/types';
import {
  useForgotPasswordMutation,
  useLoginMutation,
  useRegisterMutation,
  useGetBanksQuery,
  userApi,
} from '../../api/userApi';
import { maintenanceText } from '../../app/MaintenanceGate';
import { secondFactorStepSet, setAuthenticated, setUserInfo } from '../../app/authSlice';
import { bankName } from '../../app/bankName';
import { CONTENT_BLOCKS } from '../../app/constants';
import { useContentBlock } from '../../app/useContentBlock';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { accountRule, requiredRule } from './accountRules';
import { ExcludedLogin, excludedOf, type ExcludedAccount } from './ExcludedLogin';
import { NewPasswordFields } from './NewPasswordFields';

export type AuthMode = 'login' | 'register' | 'forgot-password';

const TITLE_KEY: Record<AuthMode, string> = {
  login: 'menu.login',
  register: 'menu.register',
  'forgot-password': 'menu.forgotPassword',
};

/** One auth page in three modes (spec §2): /auth/login, /auth/register, /auth/forgot-password. */
export default function AuthPage({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      <nav className="auth-card__modes" aria-label={t('menu.menu')}>
        <Link to="/auth/login" aria-current={mode === 'login' ? 'page' : undefined}>
          {t('menu.login')}
        </Link>
        <Link to="/auth/register" aria-current={mode === 'register' ? 'page' : undefined}>
          {t('menu.signUp')}
        </Link>
      </nav>
      <h1 id="auth-title">{t(TITLE_KEY[mode])}</h1>
      {mode === 'login' && <LoginForm />}
      {mode === 'register' && <RegisterForm />}
      {mode === 'forgot-password' && <ForgotPasswordForm />}
    </section>
  );
}

function useSignedIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (response: AuthResponse) => {
    setAccessToken(response.accessToken);
    if (response.user) dispatch(setUserInfo(response.user));
    dispatch(setAuthenticated(true));
    // An administrator's second step after the password: the code (or setting up the app) first.
    dispatch(secondFactorStepSet(response.secondFactor));
    void navigate(response.secondFactor ? '/auth/second-factor' : '/', { replace: true });
  };
}

function LoginForm() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const [login, { isLoading }] = useLoginMutation();
  // Read from the cache the maintenance gate keeps fresh; no extra request.
  const { data: maintenance } = useAppSelector(userApi.endpoints.getMaintenance.select());
  const signedIn = useSignedIn();
  // A time-out or self-exclusion: the login says until when and offers what is still possible.
  const [excluded, setExcluded] = useState<ExcludedAccount | null>(null);

  const onFinish = async (values: LoginRequest) => {
    setExcluded(null);
    try {
      const response = await login(values).unwrap();
      void message.success(t('auth.loginSuccess'));
      signedIn(response);
    } catch (error) {
      const status = apiErrorStatus(error);
      if (status === 503) {
        // Maintenance: only administrators may sign in; show why in the reader's language.
        const reason = maintenanceText(maintenance, i18n.language) || t('maintenance.defaultMessage');
        void message.error(t('auth.maintenanceLogin', { reason }));
      } else if (status === 429) {
        void message.error(t('auth.tooManyAttempts'));
      } else if (excludedOf(error)) {
        setExcluded({ ...excludedOf(error)!, ...values });
      } else {
        // login_failed, account_blocked, …: the code's message in the reader's language.
        void message.error(serverErrorCode(error) ? serverErrorText(error, t) : t('auth.loginFailed'));
      }
    }
  };

  return (
    <Form<LoginRequest> layout="vertical" onFinish={onFinish} requiredMark={false} autoComplete="on">
      <Form.Item name="username" label={t('auth.username')} rules={[requiredRule(t)]}>
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[requiredRule(t)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('menu.login')}
      </Button>
      {excluded && <ExcludedLogin account={excluded} />}
      <p className="auth-card__aside">
        <Link to="/auth/forgot-password">{t('menu.forgotPassword')}</Link>
      </p>
    </Form>
  );
}

const REGISTER_FIELDS: (keyof RegisterRequest)[] = [
  'email',
  'username',
  'password',
  'repeatPassword',
  'bank',
  'accountNumber',
  'acceptTerms',
];

function RegisterForm() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<RegisterRequest>();
  const [register, { isLoading }] = useRegisterMutation();
  const { data: options } = useGetBanksQuery();
  const banks = options?.banks ?? [];
  const signedIn = useSignedIn();
  const terms = useContentBlock(CONTENT_BLOCKS.terms);

  const onFinish = async (values: RegisterRequest) => {
    try {
      const response = await register(values).unwrap();
      void message.success(t('auth.registerSuccess'));
      signedIn(response);
    } catch (error) {
      const status = apiErrorStatus(error);
      // The server names the fields it refused; show each (translated) message under its field.
      form.setFields(
        Object.entries(serverFieldErrors(error, t, i18n.language))
          .filter(([name]) => REGISTER_FIELDS.includes(name as keyof RegisterRequest))
          .map(([name, text]) => ({ name: name as keyof RegisterRequest, errors: [text] })),
      );
      if (serverErrorCode(error) && typeof status === 'number' && status >= 400 && status < 500) {
        void message.error(t('auth.registerError', { reason: serverErrorText(error, t) }));
      } else {
        void message.error(t('auth.registerUnknownError'));
      }
    }
  };

  return (
    <Form<RegisterRequest> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <Form.Item name="email" label={t('auth.email')} rules={[accountRule('email', t)]}>
        <Input inputMode="email" autoComplete="email" />
      </Form.Item>
      <Form.Item name="username" label={t('auth.username')} rules={[accountRule('username', t)]}>
        <Input autoComplete="username" />
      </Form.Item>
      <NewPasswordFields name="password" label={t('auth.password')} repeatLabel={t('auth.repeatPassword')} />
      <Form.Item name="bank" label={t('auth.bank')} rules={[accountRule('bank', t)]}>
        {banks.length > 0 ? (
          <Select
            options={banks.map((bank) => ({ value: bank, label: bankName(bank, t) }))}
            placeholder={t('auth.chooseBank')}
          />
        ) : (
          <Input autoComplete="off" />
        )}
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={t('auth.accountNumber')}
        rules={[accountRule('accountNumber', t)]}
      >
        <Input inputMode="numeric" autoComplete="off" />
      </Form.Item>
      {terms && (
        <div className="auth-card__terms" data-testid="register-terms">
          {terms}
        </div>
      )}
      <Form.Item
        name="acceptTerms"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value) =>
              value === true ? Promise.resolve() : Promise.reject(new Error(t('auth.acceptTermsRequired'))),
          },
        ]}
      >
        <Checkbox>{t('auth.acceptTerms')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('menu.register')}
      </Button>
    </Form>
  );
}

function ForgotPasswordForm() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);

  const onFinish = async (values: { email: string }) => {
    try {
      await forgotPassword(values).unwrap();
      setSent(true);
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  if (sent) {
    return (
      <p className="auth-card__notice" role="status">
        {t('auth.resetLinkSent')}
      </p>
    );
  }
  return (
    <Form<{ email: string }> layout="vertical" onFinish={onFinish} requiredMark={false}>
      <p className="auth-card__aside">{t('auth.forgotHelp')}</p>
      <Form.Item name="email" label={t('auth.email')} rules={[accountRule('email', t)]}>
        <Input inputMode="email" autoComplete="email" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('auth.sendResetLink')}
      </Button>
    </Form>
  );
}
