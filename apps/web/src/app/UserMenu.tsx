import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { formatMoney } from './money';
import { PopupMenu, type PopupMenuItem } from './PopupMenu';
import { logout } from './store';

/**
 * The user menu of spec §2: sign-in links for visitors; info (username, balance), profile, admin and
 * logout for players.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { isAuthenticated, userInfo, userBalance } = useAppSelector((state) => state.auth);
  const isAdmin = userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true;

  const items: PopupMenuItem<string>[] = isAuthenticated
    ? [
        { key: '/profile', label: t('menu.userProfile') },
        ...(isAdmin ? [{ key: '/admin', label: t('menu.adminMenu') }] : []),
        { key: 'logout', label: t('menu.logout'), danger: true },
      ]
    : [
        { key: '/auth/login', label: t('menu.login') },
        { key: '/auth/register', label: t('menu.signUp') },
        { key: '/auth/forgot-password', label: t('menu.forgotPassword') },
      ];

  const choose = (key: string) => {
    if (key === 'logout') void dispatch(logout());
    else void navigate(key);
  };

  const info = isAuthenticated && (
    <div className="user-menu__info" role="group" aria-label={t('menu.info')}>
      <div className="user-menu__info-title">{t('menu.info')}</div>
      <div>
        <span className="user-menu__key">{t('menu.username')}:</span> {userInfo?.username}
      </div>
      <div>
        <span className="user-menu__key">{t('menu.balance')}:</span> {formatMoney(userBalance, i18n.language)}
      </div>
    </div>
  );

  return (
    <PopupMenu
      block="user-menu"
      buttonClass="menu-button"
      label={t('menu.menu')}
      items={items}
      onChoose={choose}
      header={info}
    />
  );
}
