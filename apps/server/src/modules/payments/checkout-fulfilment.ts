import type { CheckoutPurpose } from '../../db/schema/packages.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import type { LedgerVia } from '@pawdesk/shared';

/**
 * What a paid checkout order creates (a plan bought online, a wallet top-up), written by the module that sells it.
 * The payments module (checkout-orders.service.ts) calls the fulfiller of the order's purpose exactly once, when
 * the payment is verified (checkout callback, success address, webhook or staff check, whichever comes first),
 * inside a money transaction that already holds the owner's ledger lock, in a savepoint: a fulfiller that throws
 * (the plan was retired, the pet moved to another owner) writes nothing, and the captured money is booked to the
 * owner's unapplied account with a staff notification instead (captured money is never dropped).
 */
export interface CheckoutOrder {
  id: string;
  purpose: CheckoutPurpose;
  ownerId: string;
  userId: string;
  provider: string;
  providerOrderId: string;
  amountPaise: number;
  payload: Record<string, string>;
}

export interface CapturedPayment {
  providerPaymentId: string;
  /** What the provider captured (equal to the order's amount: a different amount never reaches a fulfiller). */
  amountPaise: number;
  via: LedgerVia;
  /** The user whose request verified it (null for a webhook). */
  by: string | null;
  now: Date;
}

export interface Fulfilled {
  /** The completed ledger payment that records the captured money (its providerPaymentId is the payment's). */
  paymentId: string;
  /** What was created, for the order's answer and the success address: { visitId, subscriptionId } … */
  result: Record<string, string>;
}

export type CheckoutFulfiller = (ctx: AppContext, tx: DbOrTx, order: CheckoutOrder, paid: CapturedPayment) => Promise<Fulfilled>;

const fulfillers = new Map<CheckoutPurpose, CheckoutFulfiller>();

/**
 * Registers the fulfiller of a purpose (once, at module load of the module that sells it). Returns what puts the
 * one before back: a test's stand-in must not outlive its test (test files share loaded modules).
 */
export function registerCheckoutFulfiller(purpose: CheckoutPurpose, fulfiller: CheckoutFulfiller): () => void {
  const before = fulfillers.get(purpose);
  fulfillers.set(purpose, fulfiller);
  return () => {
    if (before) fulfillers.set(purpose, before);
    else fulfillers.delete(purpose);
  };
}

export function checkoutFulfiller(purpose: CheckoutPurpose): CheckoutFulfiller | undefined {
  return fulfillers.get(purpose);
}
