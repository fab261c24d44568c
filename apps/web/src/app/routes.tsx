import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AdminGuard } from './AdminGuard';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { PageSpinner } from './PageSpinner';

/**
 * A page loaded on demand together with Ant Design's provider (theme + locale), so antd is only
 * downloaded by the pages that use it.
 */
function lazyAntdPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ AntdProvider }, page] = await Promise.all([import('./AntdProvider'), load()]);
    const Page = page.default;
    function WithAntd(props: P) {
      return (
        <AntdProvider>
          <Page {...props} />
        </AntdProvider>
      );
    }
    return { default: WithAntd };
  });
}

/** Every page is loaded on demand (spec §1), each in its own chunk. The lobby does not use antd. */
const LobbyPage = lazy(() => import('../features/lobby/LobbyPage'));
const TournamentPage = lazy(() => import('../features/tournament/TournamentPage'));
const AuthPage = lazyAntdPage(() => import('../features/auth/AuthPage'));
const ResetPasswordPage = lazyAntdPage(() => import('../features/auth/ResetPasswordPage'));
const SecondFactorPage = lazyAntdPage(() => import('../features/auth/SecondFactorPage'));
const ProfilePage = lazyAntdPage(() => import('../features/profile/ProfilePage'));
// Up to four tables at once, each an ordinary table page (issue 23).
const TablePage = lazyAntdPage(() => import('../features/table/multi/MultiTable'));
const AdminRoutes = lazyAntdPage(() => import('../features/admin/AdminRoutes'));

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
      { path: 'tournament/:id', element: <TournamentPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'auth/login', element: <AuthPage mode="login" /> },
      { path: 'auth/register', element: <AuthPage mode="register" /> },
      { path: 'auth/forgot-password', element: <AuthPage mode="forgot-password" /> },
      { path: 'auth/reset-password', element: <ResetPasswordPage /> },
      { path: 'auth/second-factor', element: <SecondFactorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '/table/:id', element: standalone(TablePage) },
  {
    path: '/admin/*',
    element: <AdminGuard>{standalone(AdminRoutes)}</AdminGuard>,
  },
];
