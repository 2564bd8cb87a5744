import type { DbOrTx } from '../../db/client.ts';
import type { LedgerRow } from './payments.repo.ts';

/**
 * Every ledger row written (inserted, or a pending row completing, failing or voided), announced inside the
 * transaction that wrote it, so what is derived from the ledger and kept elsewhere changes in the same commit: the
 * Visit History search row's payment state (history), the GST documents of a charge or credit (documents).
 *
 * Listeners are registered once by the modules that depend on payments (payments imports none of them: no cycle).
 * A listener must not write money (it runs inside a ledger write), must be idempotent, and takes no lock that a
 * money path takes before the ledger's (it may take the receipt counter: the last lock of the one order).
 */
export type LedgerWriteListener = (tx: DbOrTx, row: LedgerRow, change: 'inserted' | 'status') => Promise<void>;

const listeners = new Set<LedgerWriteListener>();

/** Registers a listener (the same function twice is one listener). */
export function onLedgerWrite(listener: LedgerWriteListener): void {
  listeners.add(listener);
}

export async function announceLedgerWrite(tx: DbOrTx, row: LedgerRow, change: 'inserted' | 'status'): Promise<void> {
  for (const l of listeners) await l(tx, row, change);
}
