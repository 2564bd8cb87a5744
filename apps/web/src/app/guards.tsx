import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { afterLogin, useAuth } from '../lib/auth';

/**
 * Guard of the login paths (spec 000 §6): an authenticated user on a login
 * path goes to their own dashboard.
 */
export function LoginGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const { state } = useLocation();
  // Signed in (also the moment login succeeds): back to the page the guard sent them from, if it is theirs.
  if (isAuthenticated) return <Navigate to={afterLogin(user?.role, (state as { from?: unknown } | null)?.from)} replace />;
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
  const { pathname, search, hash } = useLocation();
  const area = pathname.toLowerCase().split('/')[1] ?? '';
  // The attempted location (a deep link, or the page whose session just expired) survives login.
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: pathname + search + hash }} />;
  if (user?.role === 'staff' && area.startsWith('customer')) return <Navigate to="/login" replace />;
  if (user?.role === 'customer' && area.startsWith('staff')) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
