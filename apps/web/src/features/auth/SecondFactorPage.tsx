import { App as AntApp, Button, Form, Input, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { SecondFactorEnrolment } from '@tenger/protocol';
import { serverErrorCode, serverErrorText } from '../../api/serverErrors';
import { secondFactorStepSet } from '../../app/authSlice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../app/PageSpinner';
import {
  useConfirmSecondFactorEnrolmentMutation,
  useGetSecondFactorQuery,
  useStartSecondFactorEnrolmentMutation,
  useVerifySecondFactorMutation,
} from './secondFactorApi';

const ADMIN_HOME = '/admin';

/**
 * `/auth/second-factor`: an administrator's second step after the password. Enrolled: the code from the
 * authenticator app (or a recovery code). Not yet: the secret as a QR code and as text, confirmed by a
 * first code, then the recovery codes, shown this once.
 */
export default function SecondFactorPage() {
  const { t } = useTranslation();
  const { isAuthenticated, checkedAuth, userInfo } = useAppSelector((state) => state.auth);
  const isAdmin = userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true;
  const { data: status, isLoading } = useGetSecondFactorQuery(undefined, { skip: !isAuthenticated });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (checkedAuth && !isAuthenticated) return <Navigate to="/auth/login" replace />;
  if (!checkedAuth || isLoading || !status) return <PageSpinner />;
  return (
    <section className="auth-card" aria-labelledby="second-factor-title">
      <h1 id="second-factor-title">{t('secondFactor.title')}</h1>
      {recoveryCodes ? (
        <RecoveryCodesShown codes={recoveryCodes} />
      ) : status.step === 'verify' ? (
        <CodeForm />
      ) : isAdmin && !status.enrolled ? (
        // Required (step `enrol`), or offered where the site does not require it yet.
        <Enrolment onEnrolled={setRecoveryCodes} />
      ) : (
        <Navigate to={isAdmin ? ADMIN_HOME : '/'} replace />
      )}
    </section>
  );
}

/** The session passed: the admin pages may open again. */
function usePassed() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return () => {
    dispatch(secondFactorStepSet(undefined));
    void navigate(ADMIN_HOME, { replace: true });
  };
}

function CodeForm() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [verify, { isLoading }] = useVerifySecondFactorMutation();
  const passed = usePassed();

  const onFinish = async ({ code }: { code: string }) => {
    try {
      await verify({ code }).unwrap();
      passed();
    } catch (error) {
      const text = serverErrorText(error, t);
      if (serverErrorCode(error) === 'second_factor_wrong')
        form.setFields([{ name: 'code', errors: [text] }]);
      else void message.error(text);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <p>{t('secondFactor.verifyIntro')}</p>
      <Form.Item
        name="code"
        label={t('secondFactor.code')}
        extra={t('secondFactor.recoveryHint')}
        rules={[{ required: true, whitespace: true, message: t('secondFactor.codeRequired') }]}
      >
        <Input autoComplete="one-time-code" inputMode="text" autoFocus maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isLoading}>
        {t('secondFactor.verify')}
      </Button>
      <p className="auth-card__aside">{t('secondFactor.lostDevice')}</p>
    </Form>
  );
}

function Enrolment({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [start, { isLoading: starting }] = useStartSecondFactorEnrolmentMutation();
  const [confirm, { isLoading: confirming }] = useConfirmSecondFactorEnrolmentMutation();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const qr = useQrCode(enrolment?.otpauthUri);

  const begin = async () => {
    try {
      setEnrolment(await start().unwrap());
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  const onFinish = async ({ code }: { code: string }) => {
    try {
      onEnrolled((await confirm({ code }).unwrap()).recoveryCodes);
    } catch (error) {
      const text = serverErrorText(error, t);
      if (serverErrorCode(error) === 'second_factor_wrong')
        form.setFields([{ name: 'code', errors: [text] }]);
      else void message.error(text);
    }
  };

  if (!enrolment) {
    return (
      <div>
        <p>{t('secondFactor.enrolIntro')}</p>
        <Button type="primary" block loading={starting} onClick={() => void begin()}>
          {t('secondFactor.enrolStart')}
        </Button>
      </div>
    );
  }
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
      <p>{t('secondFactor.scan')}</p>
      {qr ? (
        <img className="second-factor__qr" src={qr} alt={t('secondFactor.qrAlt')} width={200} height={200} />
      ) : null}
      <p>{t('secondFactor.secretText')}</p>
      <Typography.Paragraph copyable={{ text: enrolment.secret }}>
        <code data-testid="second-factor-secret">{enrolment.secret}</code>
      </Typography.Paragraph>
      <p>
        <a href={enrolment.otpauthUri}>{t('secondFactor.openInApp')}</a>
      </p>
      <Form.Item
        name="code"
        label={t('secondFactor.firstCode')}
        rules={[{ required: true, whitespace: true, message: t('secondFactor.codeRequired') }]}
      >
        <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={confirming}>
        {t('secondFactor.confirm')}
      </Button>
    </Form>
  );
}

function RecoveryCodesShown({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const passed = usePassed();
  return (
    <div>
      <p role="status">{t('secondFactor.enrolled')}</p>
      <p>{t('secondFactor.recoveryIntro')}</p>
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        <ul className="second-factor__codes" aria-label={t('secondFactor.recoveryCodes')}>
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
      </Typography.Paragraph>
      <Button type="primary" block onClick={passed}>
        {t('secondFactor.savedCodes')}
      </Button>
    </div>
  );
}

/** The otpauth:// URI as a QR code image (a data: URL drawn in the browser; the secret never leaves it). */
function useQrCode(uri: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    if (!uri) return;
    QRCode.toDataURL(uri, { margin: 1, width: 200 })
      .then((url) => current && setImage(url))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [uri]);
  return image;
}
