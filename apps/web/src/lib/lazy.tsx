import { type ComponentType, lazy } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** How to give each lazily loaded component whose import failed a fresh import. */
const pendingResets = new Set<() => void>();

/**
 * Lets every lazily loaded component whose code failed to load import it
 * again the next time it renders. Error boundaries call this once they have
 * caught the failure (not during rendering: React retries a failed render at
 * once, and a fresh import there would loop while offline).
 */
export function retryFailedImports(): void {
  for (const reset of pendingResets) reset();
  pendingResets.clear();
}

/**
 * A lazily loaded component that can try again. React.lazy remembers a failed
 * import for good, so a page whose code could not be fetched (offline, or a
 * deploy replaced the file) would stay broken after 'Try again'; see
 * `retryFailedImports`. `preload()` fetches the code ahead of time (errors are
 * left to the render).
 */
export function lazyRetry<P extends object>(load: Loader<P>): ComponentType<P> & { preload: () => void } {
  const make = () =>
    lazy(() =>
      load().catch((err: unknown) => {
        pendingResets.add(() => {
          current = make();
        });
        throw err;
      }),
    );
  let current = make();
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level
  const Retrying = (props: P) => {
    const C = current as ComponentType<P>;
    return <C {...props} />;
  };
  Retrying.preload = () => {
    load().catch(() => undefined);
  };
  return Retrying;
}

/** Runs `fn` once the browser is idle after the first render (a short timeout where idle callbacks are missing). */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}
