import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { formatMoney } from './money';
import { logout } from './store';

interface MenuAction {
  key: string;
  label: string;
  danger?: boolean;
}

/**
 * The user menu of spec §2: sign-in links for visitors; info (username, balance), profile, admin and
 * logout for players. Hand-built (a disclosure menu with arrow keys and Escape) to keep antd off the shell.
 */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { isAuthenticated, userInfo, userBalance } = useAppSelector((state) => state.auth);
  const isAdmin = userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const actions: MenuAction[] = isAuthenticated
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

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (key: string) => {
    setOpen(false);
    if (key === 'logout') void dispatch(logout());
    else void navigate(key);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">☰</span>
        <span className="menu-button__label">{t('menu.menu')}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="user-menu__popup"
          role="menu"
          aria-label={t('menu.menu')}
          onKeyDown={onMenuKeyDown}
        >
          {isAuthenticated && (
            <div className="user-menu__info" role="group" aria-label={t('menu.info')}>
              <div className="user-menu__info-title">{t('menu.info')}</div>
              <div>
                <span className="user-menu__key">{t('menu.username')}:</span> {userInfo?.username}
              </div>
              <div>
                <span className="user-menu__key">{t('menu.balance')}:</span>{' '}
                {formatMoney(userBalance, i18n.language)}
              </div>
            </div>
          )}
          {actions.map((action, index) => (
            <button
              key={action.key}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              className={`user-menu__item${action.danger ? ' user-menu__item--danger' : ''}`}
              onClick={() => choose(action.key)}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
