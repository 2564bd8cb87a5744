import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { leavePageToasts } from '../../lib/notify';

/** Hides the toasts meant for another page on every navigation (lib/notify.ts, `notify.success(m, { onlyOn })`). */
export function usePageToasts(): void {
  const { pathname } = useLocation();
  useEffect(() => leavePageToasts(pathname), [pathname]);
}

/** The same as a component, for trees without AppLayout (tests). */
export function PageToasts() {
  usePageToasts();
  return null;
}
