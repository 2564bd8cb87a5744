import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { useAuth } from '../lib/auth';
import { lazyRetry, whenIdle } from '../lib/lazy';
import { modalsFailed, requestModals, useModalsWanted } from '../lib/overlays';

const ModalsHost = lazyRetry(() => import('./hosts/ModalsHost'));

/**
 * The confirmation modal host (see lib/overlays.ts). Toasts need no host here:
 * their container is part of the shell (app/providers.tsx).
 */
export function OverlayHosts() {
  const { isAuthenticated } = useAuth();
  const wanted = useModalsWanted();
  // Signed in: load the modal code while the browser is idle, so a confirmation opens offline too.
  useEffect(() => (isAuthenticated ? whenIdle(() => void requestModals().catch(() => undefined)) : undefined), [isAuthenticated]);
  if (!wanted) return null;
  return (
    <ErrorBoundary fallback={null} onError={modalsFailed}>
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
    </ErrorBoundary>
  );
}
