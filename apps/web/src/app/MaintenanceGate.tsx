import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Maintenance } from '../api/types';
import { useGetMaintenanceQuery } from '../api/userApi';
import { MAINTENANCE_POLL_MS } from './constants';
import { useAppSelector } from './hooks';

/**
 * When GET /maintenance says enabled, players see the maintenance screen with its message.
 * Administrators pass (they must be able to turn it off), and the login page stays open so they can sign in.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const userInfo = useAppSelector((state) => state.auth.userInfo);
  const { data } = useGetMaintenanceQuery(undefined, { pollingInterval: MAINTENANCE_POLL_MS });
  const isAdmin = userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true;

  if (data?.enabled && !isAdmin && pathname !== '/auth/login') {
    return (
      <section className="maintenance" role="alert">
        <div className="maintenance__icon" aria-hidden="true">
          ⚙
        </div>
        <h1>{t('maintenance.title')}</h1>
        <p>{maintenanceText(data, i18n.language) || t('maintenance.defaultMessage')}</p>
      </section>
    );
  }
  return <>{children}</>;
}

/** The maintenance message in the interface language (the site stores it in English and Mongolian). */
export function maintenanceText(maintenance: Maintenance | undefined, language: string | undefined): string {
  if (!maintenance) return '';
  const own = language?.startsWith('mn') ? maintenance.messages?.mn : maintenance.messages?.en;
  return own || maintenance.message;
}
