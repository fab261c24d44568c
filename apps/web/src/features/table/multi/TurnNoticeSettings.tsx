import { Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateTableSettings, useTableSettings, type TableSettings } from '../settings';
import { notificationPermission, requestNotificationPermission } from './turnNotice';

type TurnSetting = keyof Pick<TableSettings, 'turnTitleFlash' | 'turnNotification' | 'turnVibrate'>;

/**
 * The settings dialog's "your turn at another table" switches: title flash, browser notification and
 * vibration. Turning the notification on is the only place the browser's permission is asked for.
 */
export function TurnNoticeSettings({
  remember,
}: {
  remember: (preferences: Record<string, boolean>) => void;
}) {
  const { t } = useTranslation();
  const settings = useTableSettings();
  const [permission, setPermission] = useState(notificationPermission);
  const change = (name: TurnSetting, value: boolean) => {
    updateTableSettings({ [name]: value });
    remember({ [name]: value });
  };
  const changeNotification = async (value: boolean) => {
    if (!value) return change('turnNotification', false);
    const answer = await requestNotificationPermission();
    setPermission(answer);
    change('turnNotification', answer === 'granted');
  };
  const vibrates = typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
  const row = (name: TurnSetting, checked: boolean, onChange: (value: boolean) => void, disabled = false) => (
    <label className="settings__row">
      <span>{t(`table.settings.${name}`)}</span>
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-label={t(`table.settings.${name}`)}
      />
    </label>
  );
  return (
    <section className="settings__turn" aria-label={t('table.settings.turnNotice')}>
      <h3>{t('table.settings.turnNotice')}</h3>
      {row('turnTitleFlash', settings.turnTitleFlash, (value) => change('turnTitleFlash', value))}
      {row(
        'turnNotification',
        settings.turnNotification && permission === 'granted',
        (value) => void changeNotification(value),
        permission === 'unsupported' || permission === 'denied',
      )}
      {(permission === 'denied' || permission === 'unsupported') && (
        <small className="settings__hint" data-testid="notification-permission">
          {t(`table.settings.notification.${permission}`)}
        </small>
      )}
      {row('turnVibrate', settings.turnVibrate, (value) => change('turnVibrate', value), !vibrates)}
    </section>
  );
}
