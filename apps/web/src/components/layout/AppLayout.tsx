import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../ErrorBoundary';
import { LoadingState } from '../states';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './layout.module.css';
import { usePageToasts } from './PageToasts';

/**
 * Header, the page, and the footer on every page. A page that fails is caught
 * around the page only, so the header and navigation stay usable; the boundary
 * is keyed by path, so navigating away resets it.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  usePageToasts();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={classes.main}>
        {/* Try again drops the failed page's cached answers (no longer observed), so it fetches afresh. */}
        <ErrorBoundary key={pathname} onRetry={() => queryClient.removeQueries({ type: 'inactive' })}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
