import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from './PageSpinner';
import { useAppSelector } from './hooks';

/**
 * Spec §6: admin routes need a signed-in user with role ADMIN or the isAdmin flag; others go to / (replace).
 * An administrator whose session still owes the second factor goes to /auth/second-factor.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { checkedAuth, isAuthenticated, userInfo, secondFactorStep } = useAppSelector((state) => state.auth);
  if (!checkedAuth || (isAuthenticated && !userInfo)) return <PageSpinner />;
  const isAdmin = isAuthenticated && (userInfo?.role === 'ADMIN' || userInfo?.isAdmin === true);
  if (!isAdmin) return <Navigate to="/" replace />;
  // The session has not passed the administrator's second factor yet: enter (or set up) the code first.
  if (secondFactorStep) return <Navigate to="/auth/second-factor" replace />;
  return <>{children}</>;
}
