import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AdminGuard } from './AdminGuard';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';

/** Every page is loaded on demand (spec §1), each in its own chunk. */
const LobbyPage = lazy(() => import('../features/lobby/LobbyPage'));
const AuthPage = lazy(() => import('../features/auth/AuthPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const TablePage = lazy(() => import('../features/table/TablePage'));
const AdminRoutes = lazy(() => import('../features/admin/AdminRoutes'));

function standalone(Page: ComponentType) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <LobbyPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'auth/login', element: <AuthPage mode="login" /> },
      { path: 'auth/register', element: <AuthPage mode="register" /> },
      { path: 'auth/forgot-password', element: <AuthPage mode="forgot-password" /> },
      { path: 'auth/reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/table/:id', element: standalone(TablePage) },
  {
    path: '/admin/*',
    element: <AdminGuard>{standalone(AdminRoutes)}</AdminGuard>,
  },
];
