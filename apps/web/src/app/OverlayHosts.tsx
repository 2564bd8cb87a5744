import { lazy, Suspense } from 'react';
import { useWantedHosts } from '../lib/overlays';

const NotificationsHost = lazy(() => import('./hosts/NotificationsHost'));
const ModalsHost = lazy(() => import('./hosts/ModalsHost'));

/** Mounts the toast and modal containers the first time something asks for them. */
export function OverlayHosts() {
  const hosts = useWantedHosts();
  return (
    <Suspense fallback={null}>
      {hosts.has('notifications') ? <NotificationsHost /> : null}
      {hosts.has('modals') ? <ModalsHost /> : null}
    </Suspense>
  );
}
