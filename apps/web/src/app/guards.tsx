import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { dashboardFor, useAuth } from '../lib/auth';

/**
 * Guard of the login paths (spec 000 §6): an authenticated user on a login
 * path goes to their own dashboard.
 */
export function LoginGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  if (isAuthenticated) return <Navigate to={dashboardFor(user?.role)} replace />;
  return <>{children}</>;
}

/**
 * Guard of staff and customer paths (spec 000 §6): unauthenticated users go
 * to login; a staff user in the customer area and a customer in the staff area
 * go to login (which sends them on to their own dashboard). The area is the
 * first path segment: the spec's "path contains 'customer'" would lock staff
 * out of their own /staff/onlinecustomerappointment (see docs/decisions.md).
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const { pathname } = useLocation();
  const area = pathname.toLowerCase().split('/')[1] ?? '';
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: pathname }} />;
  if (user?.role === 'staff' && area.startsWith('customer')) return <Navigate to="/login" replace />;
  if (user?.role === 'customer' && area.startsWith('staff')) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
