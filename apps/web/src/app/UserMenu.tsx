import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { formatMoney } from './money';
import { logout } from './store';

/** The user menu of spec §2: sign-in links for visitors; info, profile, admin and logout for players. */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { isAuthenticated, userInfo, userBalance } = useAppSelector((state) => state.auth);
  const isAdmin = userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true;

  const items: MenuProps['items'] = isAuthenticated
    ? [
        {
          type: 'group',
          key: 'info',
          label: t('menu.info'),
          children: [
            { key: 'username', disabled: true, label: `${t('menu.username')}: ${userInfo?.username ?? ''}` },
            {
              key: 'balance',
              disabled: true,
              label: `${t('menu.balance')}: ${formatMoney(userBalance, i18n.language)}`,
            },
          ],
        },
        { type: 'divider' },
        { key: '/profile', label: t('menu.userProfile') },
        ...(isAdmin ? [{ key: '/admin', label: t('menu.adminMenu') }] : []),
        { key: 'logout', label: t('menu.logout'), danger: true },
      ]
    : [
        { key: '/auth/login', label: t('menu.login') },
        { key: '/auth/register', label: t('menu.signUp') },
        { key: '/auth/forgot-password', label: t('menu.forgotPassword') },
      ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void dispatch(logout());
    else if (key.startsWith('/')) void navigate(key);
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="menu-button" aria-haspopup="menu">
        <span aria-hidden="true">☰</span>
        <span className="menu-button__label">{t('menu.menu')}</span>
      </button>
    </Dropdown>
  );
}
