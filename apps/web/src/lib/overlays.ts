import { useSyncExternalStore } from 'react';

/**
 * The confirmation modal's code (Mantine's Modal and @mantine/modals) is kept
 * out of the first page: with it the public home page would pass its 150 KB
 * budget. The host that mounts it is requested right after the shell renders
 * for a signed-in user (every page that asks for a confirmation is signed in),
 * and otherwise on first use. A host that cannot load (offline) rejects the
 * request and is asked for again next time, so nothing waits forever.
 */
export interface ModalsApi {
  openConfirmModal: typeof import('@mantine/modals').modals.openConfirmModal;
}

let wanted = false;
let api: ModalsApi | null = null;
let pending: { promise: Promise<ModalsApi>; resolve: (m: ModalsApi) => void; reject: (e: unknown) => void } | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Mounts the modals host (if it is not yet) and resolves with its API once it is mounted. */
export function requestModals(): Promise<ModalsApi> {
  if (api) return Promise.resolve(api);
  if (!pending) {
    let resolve!: (m: ModalsApi) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<ModalsApi>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    pending = { promise, resolve, reject };
  }
  if (!wanted) {
    wanted = true;
    emit();
  }
  return pending.promise;
}

/** Called by the host once it has mounted. */
export function modalsMounted(m: ModalsApi): void {
  api = m;
  pending?.resolve(m);
  pending = null;
}

/** Called when the host's code could not be loaded: the waiting request fails and the next one tries again. */
export function modalsFailed(err: unknown): void {
  pending?.reject(err);
  pending = null;
  wanted = false;
  emit();
}

export function useModalsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
  );
}
