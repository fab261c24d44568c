import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '../../app/PageSpinner';
import { AdminLayout } from './AdminLayout';
import { AuditPage } from './AuditPage';
import { DepositsPage } from './DepositsPage';
import { SecurityPage } from './SecurityPage';
import { SettingsPage } from './SettingsPage';
import { SystemPage } from './SystemPage';
import { TableSessionPage } from './TableSessionPage';
import { TablesPage } from './TablesPage';
import { TournamentsPage } from './TournamentsPage';
import { UserHistoryPage } from './UserHistoryPage';
import { UsersPage } from './UsersPage';
import { WithdrawalsPage } from './WithdrawalsPage';
import NotFoundPage from './AdminNotFound';

/** The charts library is heavy; only the Data page needs it. */
const DataPage = lazy(() => import('./DataPage'));

/** The admin routes of spec §2, mounted at /admin/* behind the guard, all inside the admin layout. */
export default function AdminRoutes() {
  return (
    <AdminLayout>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route index element={<UsersPage />} />
          <Route path="user/history" element={<UserHistoryPage />} />
          <Route path="user/*" element={<UsersPage />} />
          <Route path="withdraw/*" element={<WithdrawalsPage />} />
          <Route path="deposit/*" element={<DepositsPage />} />
          <Route path="data/*" element={<DataPage />} />
          <Route path="settings/*" element={<SettingsPage />} />
          <Route path="audit/*" element={<AuditPage />} />
          <Route path="security/*" element={<SecurityPage />} />
          <Route path="system/*" element={<SystemPage />} />
          <Route path="table/:id" element={<TableSessionPage />} />
          <Route path="table/*" element={<TablesPage />} />
          <Route path="tournament/*" element={<TournamentsPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
