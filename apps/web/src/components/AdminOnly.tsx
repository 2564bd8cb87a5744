import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useAuth } from '../lib/auth';
import { EmptyState } from './states';

/** What a staff member who is not an admin sees on an admin screen. */
export function AdminOnlyState({ hint }: { hint: string }) {
  return <EmptyState icon={<IconLock size={26} />} title="Only an admin can do this" hint={hint} />;
}

/** Renders `children` for a signed-in admin, else `fallback` (the server checks again on every call). */
export function RequireAdmin({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { user } = useAuth();
  return <>{user?.role === 'staff' && user.isAdmin ? children : fallback}</>;
}
