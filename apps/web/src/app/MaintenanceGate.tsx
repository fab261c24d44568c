import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useGetMaintenanceQuery } from '../api/userApi';
import { MAINTENANCE_POLL_MS } from './constants';
import { useAppSelector } from './hooks';

/**
 * When GET /maintenance says enabled, players see the maintenance screen with its message.
 * Administrators pass (they must be able to turn it off), and the login page stays open so they can sign in.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
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
        <p>{data.message || t('maintenance.defaultMessage')}</p>
      </section>
    );
  }
  return <>{children}</>;
}
