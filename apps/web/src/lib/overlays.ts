import { useSyncExternalStore } from 'react';

/**
 * Toasts and confirmation modals are mounted on first use, so their code
 * (and the overlay libraries under it) stays out of the first page load.
 */
type Host = 'notifications' | 'modals';
const wanted = new Set<Host>();
const ready = new Map<Host, () => void>();
const readyPromises = new Map<Host, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

export function requestHost(host: Host): Promise<void> {
  let p = readyPromises.get(host);
  if (!p) {
    p = new Promise<void>((resolve) => ready.set(host, resolve));
    readyPromises.set(host, p);
    wanted.add(host);
    version++;
    for (const l of listeners) l();
  }
  return p;
}

/** Called by a host once it has mounted. */
export function hostMounted(host: Host): void {
  ready.get(host)?.();
}

export function useWantedHosts(): ReadonlySet<Host> {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
  );
  return wanted;
}
