import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/serverErrors';
import { useResetSecondFactorMutation } from './secondFactorReset';

/**
 * Another administrator lost their authenticator: clear it (audited on the server). Their sessions end
 * and they set up a new one at their next login. The server refuses it for one's own account.
 */
export function ResetSecondFactorButton({ user }: { user: { userId: number; username: string } }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [reset, { isLoading }] = useResetSecondFactorMutation();

  const onConfirm = async () => {
    try {
      await reset(user.userId).unwrap();
      void message.success(t('admin.users.secondFactorResetDone', { username: user.username }));
    } catch (error) {
      void message.error(serverErrorText(error, t));
    }
  };

  return (
    <Popconfirm
      title={t('admin.users.secondFactorResetConfirm', { username: user.username })}
      description={t('admin.users.secondFactorResetHelp')}
      okText={t('admin.users.secondFactorReset')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => void onConfirm()}
    >
      <Button size="small" loading={isLoading}>
        {t('admin.users.secondFactorReset')}
      </Button>
    </Popconfirm>
  );
}
