import { Input, Modal, Switch } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMeMutation } from '../../api/userApi';
import { SUPPORTED_LANGUAGES } from '../../app/constants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { currentLanguage } from '../../app/i18n';
import { logout } from '../../app/store';
import { setTheme } from '../../app/themeSlice';
import { updateTableSettings, useTableSettings, type TableSwitch } from './settings';
import { playSound } from './sounds';
import { TurnNoticeSettings } from './multi/TurnNoticeSettings';
import { TableLookSettings } from './TableLookSettings';
import { VolumeSetting } from './VolumeSetting';
import { isPlayerSeed, ownSeed, PLAYER_SEED_MAX_LENGTH, setOwnSeed } from './playerSeed';

const SWITCHES: TableSwitch[] = [
  'sounds',
  'animations',
  'autoMuck',
  'fourColourDeck',
  'music',
  'backgroundMusic',
  'hideChat',
];

/**
 * The settings dialog of spec §2: enable sounds, enable animations, auto muck, four colour deck, account
 * information (username, email), language, music, background music, dark theme, logout. Table settings are
 * remembered in localStorage (and sent with the account's preferences when signed in); the theme and the
 * language are the app's own (themeMode, i18nextLng).
 */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const settings = useTableSettings();
  const themeMode = useAppSelector((state) => state.theme.mode);
  const { isAuthenticated, userInfo } = useAppSelector((state) => state.auth);
  const [savePreferences] = useUpdateMeMutation();
  const language = currentLanguage(i18n);

  const change = (name: TableSwitch, value: boolean) => {
    const next = updateTableSettings({ [name]: value });
    if (name === 'sounds' && value) playSound('chip', next);
    remember({ [name]: value });
  };
  // Best effort: the account keeps the preferences too, so they follow the player to another device.
  const remember = (preferences: Record<string, unknown>) => {
    if (isAuthenticated)
      void savePreferences({ preferences })
        .unwrap()
        .catch(() => undefined);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('table.menu.settings')} width={460}>
      <div className="settings">
        {SWITCHES.map((name) => (
          <Fragment key={name}>
            <label className="settings__row">
              <span>{t(`table.settings.${name}`)}</span>
              <Switch
                checked={settings[name]}
                onChange={(value) => change(name, value)}
                aria-label={t(`table.settings.${name}`)}
              />
            </label>
            {name === 'sounds' && <VolumeSetting />}
          </Fragment>
        ))}
        {isAuthenticated && <TableLookSettings />}
        <TurnNoticeSettings remember={remember} />
        <PlayerSeedField />
        <label className="settings__row">
          <span>{t('settings.darkTheme')}</span>
          <Switch
            checked={themeMode === 'dark'}
            aria-label={t('settings.darkTheme')}
            onChange={(dark) => {
              dispatch(setTheme(dark ? 'dark' : 'light'));
              remember({ darkTheme: dark });
            }}
          />
        </label>
        <label className="settings__row">
          <span>{t('settings.language')}</span>
          <select
            className="native-select"
            value={language}
            aria-label={t('settings.language')}
            onChange={(event) => {
              void i18n.changeLanguage(event.target.value);
              remember({ language: event.target.value });
            }}
          >
            {SUPPORTED_LANGUAGES.map((lng) => (
              <option key={lng} value={lng}>
                {t(`languages.${lng}`)}
              </option>
            ))}
          </select>
        </label>
        <section className="settings__account" aria-label={t('table.settings.account')}>
          <h3>{t('table.settings.account')}</h3>
          {isAuthenticated && userInfo ? (
            <dl>
              <div>
                <dt>{t('menu.username')}</dt>
                <dd>{userInfo.username}</dd>
              </div>
              <div>
                <dt>{t('auth.email')}</dt>
                <dd>{userInfo.email}</dd>
              </div>
            </dl>
          ) : (
            <p>{t('table.settings.notSignedIn')}</p>
          )}
        </section>
        {isAuthenticated && (
          <button type="button" className="btn settings__logout" onClick={() => void dispatch(logout())}>
            {t('menu.logout')}
          </button>
        )}
      </div>
    </Modal>
  );
}

/** The player's own seed for the deals of this session (empty: a random one each hand). */
function PlayerSeedField() {
  const { t } = useTranslation();
  const [seed, setSeed] = useState(ownSeed);
  const valid = seed === '' || isPlayerSeed(seed);
  return (
    <label className="settings__row settings__row--stacked">
      <span>{t('table.settings.playerSeed')}</span>
      <Input
        value={seed}
        maxLength={PLAYER_SEED_MAX_LENGTH}
        placeholder={t('table.settings.playerSeedPlaceholder')}
        aria-label={t('table.settings.playerSeed')}
        status={valid ? undefined : 'error'}
        onChange={(event) => {
          setSeed(event.target.value);
          setOwnSeed(event.target.value);
        }}
      />
      <small>{valid ? t('table.settings.playerSeedHelp') : t('table.settings.playerSeedInvalid')}</small>
    </label>
  );
}
