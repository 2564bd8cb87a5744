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

/**
 * Cash about to move through the desk: a completed cash payment or refund, checked inside its transaction BEFORE
 * its receipt number is taken (the takings module registers the cash drawer's check: when the business requires a
 * drawer session, no session open → 409 and nothing is written; else it locks the open session's row so that a
 * close waits for this cash). In the one lock order it comes after the ledger rows and before the receipt counter.
 */
export type CashMoveGuard = (tx: DbOrTx, move: { kind: 'payment' | 'refund'; amountPaise: number; now: Date }) => Promise<void>;

const cashGuards = new Set<CashMoveGuard>();

/** Registers a guard of cash moves (the same function twice is one guard). */
export function onCashMove(guard: CashMoveGuard): void {
  cashGuards.add(guard);
}

export async function guardCashMove(tx: DbOrTx, move: Parameters<CashMoveGuard>[1]): Promise<void> {
  for (const g of cashGuards) await g(tx, move);
}
