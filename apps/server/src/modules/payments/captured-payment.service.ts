import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import type { CapturedPayment, CheckoutOrder } from './checkout-fulfilment.ts';
import { type LedgerRow, type NewPayment, recordPayment } from './payments.service.ts';

/** The account a checkout's money goes to, and what it is held for there (deposit: the reservation or appointment). */
export type CapturedTo = Pick<NewPayment, 'account' | 'reservationId' | 'appointmentId' | 'petId'> & { note: string };

/**
 * A checkout fulfiller's ledger row: a completed card payment of what the provider CAPTURED for the order the
 * server created (never an amount a client sent), with the provider's ids, on the account and link the fulfiller
 * names. Runs in the fulfiller's transaction (the owner's ledger lock is held by the payments module).
 */
export async function recordCapturedPayment(
  ctx: AppContext,
  tx: DbOrTx,
  order: CheckoutOrder,
  paid: CapturedPayment,
  to: CapturedTo,
): Promise<LedgerRow> {
  return (await recordPayment(tx, {
    ownerId: order.ownerId,
    ...to,
    for: {},
    amountPaise: paid.amountPaise,
    method: 'card',
    via: paid.via,
    createdBy: paid.by,
    provider: order.provider,
    providerOrderId: order.providerOrderId,
    providerPaymentId: paid.providerPaymentId,
    tz: ctx.config.tz,
    now: paid.now,
  }))!;
}
