import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../ErrorBoundary';
import { LoadingState } from '../states';
import { Footer } from './Footer';
import { Header } from './Header';
import classes from './layout.module.css';

/** Header, the page, and the footer on every page. */
export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={classes.main}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
