import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from './PageSpinner';
import { useAppSelector } from './hooks';

/** Spec §6: admin routes need a signed-in user with role ADMIN or the isAdmin flag; others go to / (replace). */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { checkedAuth, isAuthenticated, userInfo } = useAppSelector((state) => state.auth);
  if (!checkedAuth || (isAuthenticated && !userInfo)) return <PageSpinner />;
  const isAdmin = isAuthenticated && (userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true);
  return isAdmin ? <>{children}</> : <Navigate to="/" replace />;
}
