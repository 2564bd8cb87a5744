import type { DbOrTx } from '../../db/client.ts';
import type { Subject } from './payments.service.ts';

/**
 * Money arriving on a sale, announced inside the transaction that wrote it, so what waits on the money changes in
 * the same commit (a subscription sold by card or link becomes active when its sale is paid in full). Announced
 * by the ledger's own writes: a completed sale payment (at the desk, or a pending one completing by checkout,
 * webhook, link page or staff check) and an allocation into a sale (unapplied money applied, a wallet payment).
 *
 * Listeners are registered once by the modules that depend on payments (payments depends on none of them: no import
 * cycle); a listener must not write money (it runs inside a ledger write) and must be idempotent (a sale may be
 * announced more than once).
 */
export interface SaleMoney {
  /** The sale account's subject (the ids the ledger row names). */
  subject: Subject;
  ownerId: string;
  now: Date;
}

export type SaleMoneyListener = (tx: DbOrTx, e: SaleMoney) => Promise<void>;

const listeners = new Set<SaleMoneyListener>();

/** Registers a listener (the same function twice is one listener). */
export function onSaleMoney(listener: SaleMoneyListener): void {
  listeners.add(listener);
}

export async function announceSaleMoney(tx: DbOrTx, e: SaleMoney): Promise<void> {
  for (const l of listeners) await l(tx, e);
}
