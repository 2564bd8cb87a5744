import { AsyncLocalStorage } from 'node:async_hooks';
import type { DnsOverride } from '@pawdesk/shared';
import type { Principal } from '../../plugins/auth.ts';

/**
 * The caller of a sale or booking request and the `dnsOverride` it sent, carried through the request's async calls
 * (AsyncLocalStorage, as the Idempotency-Key is: payments/idempotency-scope.service.ts), so `assertMayServe` deep in
 * a sale (sellVisitIn, reached from New Visit, subscriptions, packages and reservation check-in) knows whether an
 * admin overrode a flag for this one request without every service in between passing it along. The override
 * plugin (override.plugin.ts) opens the scope; this file imports nothing of the module.
 */
export interface ServeScope {
  principal: Principal | null;
  /** Sent and checked (an admin's, well-formed) by the plugin; undefined when the request sent none. */
  override?: DnsOverride;
}

const storage = new AsyncLocalStorage<ServeScope>();

export function runServeScope<T>(scope: ServeScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the sale or booking request being handled, if any. */
export function currentServeScope(): ServeScope | undefined {
  return storage.getStore();
}
