import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The Idempotency-Key of the request being handled, carried through its async calls (AsyncLocalStorage), so that
 * `moneyTransaction` claims the key in the sale's own transaction and the ledger reports the rows it writes
 * (docs/decisions.md "Idempotent money writes"). This file imports nothing: the payments repo reports to it.
 */
export interface IdempotencyScope {
  userId: string;
  /** Method and route pattern: `POST /api/v1/visit/addhostelvisit`. */
  route: string;
  key: string;
  /** sha256 of the canonical body, params and query. */
  requestHash: string;
  /** The claimed row, once the transaction that claimed it has committed. */
  claimedId: string | null;
  /** The money transaction running now: its claim (until it commits) and the ledger rows it wrote. */
  open: { claimId: string | null; ledgerRowIds: string[] } | null;
  /** The answer has been sent: later work of the request (after the response) claims and records nothing. */
  finished: boolean;
}

const storage = new AsyncLocalStorage<IdempotencyScope>();

/** Runs `fn` (the route's handler) with the request's key as the scope of every money transaction it runs. */
export function runInScope<T>(scope: IdempotencyScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the request being handled, when it sent an Idempotency-Key to a route that takes one. */
export function currentScope(): IdempotencyScope | undefined {
  const s = storage.getStore();
  return s && !s.finished ? s : undefined;
}

/** The ledger wrote (or changed) this row inside the current money transaction: a replay answers its state then. */
export function noteLedgerRow(id: string): void {
  const open = currentScope()?.open;
  if (open && !open.ledgerRowIds.includes(id)) open.ledgerRowIds.push(id);
}
