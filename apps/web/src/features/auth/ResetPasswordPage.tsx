import { App as AntApp, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverErrorText } from '../../api/serverErrors';
import { useResetPasswordMutation } from '../../api/userApi';
import { NewPasswordFields } from './NewPasswordFields';

/** `/auth/reset-password?token=…`: the page the reset mail links to. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading }] = useResetPasswordMutation();

  const onFinish = async (values: { password: string }) => {
    try {
      await resetPassword({ token, password: values.password }).unwrap();
      void message.success(t('auth.passwordChanged'));
      void navigate('/auth/login', { replace: true });
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('auth.resetTitle')}</h1>
      {!token ? (
        <p role="alert">
          {t('auth.resetLinkInvalid')} <Link to="/auth/forgot-password">{t('menu.forgotPassword')}</Link>
        </p>
      ) : (
        <Form<{ password: string; repeatPassword: string }>
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
        >
          <NewPasswordFields
            name="password"
            label={t('auth.newPassword')}
            repeatLabel={t('auth.repeatPassword')}
            autoFocus
          />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            {t('auth.setPassword')}
          </Button>
        </Form>
      )}
    </section>
  );
}
