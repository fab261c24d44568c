import { Alert, App as AntApp, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/serverErrors';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';
import { useEndExclusionMutation, useExcludedWithdrawalMutation } from '../profile/protectionApi';

/** An excluded account's login: what the 403 said, and the username and password typed. */
export interface ExcludedAccount {
  kind: 'timeout' | 'self-exclusion';
  /** ISO time, or 'indefinite'. */
  until: string;
  username: string;
  password: string;
}

/** The `excluded` refusal of a login (403 with `fields.until` and `fields.kind`), if it is one. */
export function excludedOf(error: unknown): Pick<ExcludedAccount, 'kind' | 'until'> | null {
  const body = (error as { data?: { error?: { code?: string; fields?: Record<string, string> } } })?.data
    ?.error;
  if (body?.code !== 'excluded') return null;
  const kind = body.fields?.kind === 'timeout' ? 'timeout' : 'self-exclusion';
  return { kind, until: body.fields?.until ?? 'indefinite' };
}

/**
 * The login of an account in a time-out or self-exclusion: until when, and what is still possible
 * without a session (withdraw the balance; ask a self-exclusion to end, which takes 7 days).
 */
export function ExcludedLogin({ account }: { account: ExcludedAccount }) {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const [withdraw, withdrawing] = useExcludedWithdrawalMutation();
  const [endExclusion, ending] = useEndExclusionMutation();
  const credentials = { username: account.username, password: account.password };
  const text =
    account.until === 'indefinite'
      ? t('protection.excludedLogin.indefinite')
      : t(`protection.excludedLogin.${account.kind}`, {
          until: formatDateTime(account.until, i18n.language),
        });

  /** One password-only call, and what it did (or why not) in the reader's language. */
  const attempt = async (call: () => Promise<string>) => {
    try {
      void message.success(await call());
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };
  const onWithdraw = () =>
    attempt(async () => {
      const done = await withdraw(credentials).unwrap();
      return t('protection.excludedLogin.withdrawn', { amount: formatMoney(done.amount, i18n.language) });
    });
  const onEnd = () =>
    attempt(async () => {
      const done = await endExclusion(credentials).unwrap();
      return t('protection.excludedLogin.endAsked', { at: formatDateTime(done.endsAt, i18n.language) });
    });

  return (
    <Alert
      type="warning"
      role="alert"
      style={{ marginTop: 16 }}
      message={text}
      description={
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
          <Button onClick={() => void onWithdraw()} loading={withdrawing.isLoading}>
            {t('protection.excludedLogin.withdraw')}
          </Button>
          {account.kind === 'self-exclusion' && (
            <Button onClick={() => void onEnd()} loading={ending.isLoading}>
              {t('protection.excludedLogin.askEnd')}
            </Button>
          )}
        </div>
      }
    />
  );
}
