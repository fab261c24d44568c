import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { AnimatedAmount } from './AnimatedAmount';
import { useAppSelector } from './hooks';
import { LanguageSwitch } from './LanguageSwitch';
import { MaintenanceGate } from './MaintenanceGate';
import { PageSpinner } from './PageSpinner';
import { SiteFooter } from './SiteFooter';
import { ThemeSwitch } from './ThemeSwitch';
import { UserMenu } from './UserMenu';

/** The site's frame for the lobby, profile and auth pages: a header with the user menu, then the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { isAuthenticated, userBalance } = useAppSelector((state) => state.auth);
  return (
    <div className="site">
      <header className="site-header">
        <Link to="/" className="site-header__brand" aria-label={t('app.name')}>
          <span className="site-header__logo" aria-hidden="true">
            ♠
          </span>
          <span>{t('app.name')}</span>
        </Link>
        <div className="site-header__tools">
          {isAuthenticated && (
            <span className="site-header__balance" aria-label={t('menu.balance')}>
              <AnimatedAmount amount={userBalance} />
            </span>
          )}
          <LanguageSwitch />
          <ThemeSwitch />
          <UserMenu />
        </div>
      </header>
      <main className="site-main">
        <MaintenanceGate>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </MaintenanceGate>
      </main>
      <SiteFooter />
    </div>
  );
}
