import type { LedgerMethod } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { conflict, pgCode } from '../../lib/errors.ts';
import { entryByProviderOrderId, entryByProviderPaymentId, type LedgerRow, pendingByProviderRef } from './payments.repo.ts';
import { completePayment, recordPayment, type Subject } from './payments.service.ts';

const subjectOf = (e: LedgerRow): Subject =>
  Object.fromEntries(
    (['visitId', 'boardingId', 'prescriptionId', 'subscriptionId', 'appointmentId'] as const).flatMap((k) =>
      e[k] ? [[k, e[k]]] : [],
    ),
  );

export type SettleOutcome = 'processed' | 'duplicate';
export interface Settled {
  row: LedgerRow;
  outcome: SettleOutcome;
}

export interface SettleInput {
  /** The provider order or payment link the pending payment waits on. */
  ref: { orderId: string } | { linkId: string };
  providerPaymentId: string;
  /** What the provider says was paid; a pending payment of another amount is not completed (null). */
  amountPaise?: number;
  method?: LedgerMethod;
}

/**
 * Completes the pending payment waiting on a provider order or link, once, whoever asks first (the browser's
 * checkout result, a webhook, a staff check): the row is locked (SELECT … FOR UPDATE) and must still be pending,
 * and the provider's payment id is unique in the ledger. A second settler of the same payment gets the first
 * one's row (`duplicate`). Null: no payment of ours waits on this order or link (or the amount differs).
 * An order already paid by another payment is a 409.
 */
export async function settle(ctx: AppContext, input: SettleInput): Promise<Settled | null> {
  try {
    return await settleOnce(ctx, input);
  } catch (err) {
    // The unique payment id: another settler recorded this payment between our check and our write.
    if (pgCode(err) !== '23505') throw err;
    const row = await entryByProviderPaymentId(ctx.db, input.providerPaymentId);
    if (!row) throw err;
    return { row, outcome: 'duplicate' };
  }
}

function settleOnce(ctx: AppContext, input: SettleInput): Promise<Settled | null> {
  return ctx.db.transaction(async (tx) => {
    const already = await entryByProviderPaymentId(tx, input.providerPaymentId);
    if (already) return { row: already, outcome: 'duplicate' as const };
    const pending = await pendingByProviderRef(tx, input.ref);
    if (!pending) {
      // A concurrent settler completed it while we waited for the lock: each statement sees what it committed.
      const done = await entryByProviderPaymentId(tx, input.providerPaymentId);
      if (done) return { row: done, outcome: 'duplicate' as const };
      if ('orderId' in input.ref) {
        const earlier = await entryByProviderOrderId(tx, input.ref.orderId);
        if (earlier?.status === 'completed') throw conflict('This order is already paid');
        // The order's pending payment had been replaced (a newer order for a changed amount), yet this one was
        // paid: the money arrived, so it is recorded (any excess shows as the account's credit).
        if (earlier?.status === 'failed') {
          const row = await recordPayment(tx, {
            petId: earlier.petId,
            for: subjectOf(earlier),
            amountPaise: input.amountPaise ?? earlier.amountPaise,
            method: input.method ?? earlier.method ?? 'card',
            provider: earlier.provider,
            providerOrderId: input.ref.orderId,
            providerPaymentId: input.providerPaymentId,
            note: 'Paid on an order that had been replaced',
            tz: ctx.config.tz,
          });
          return { row: row!, outcome: 'processed' as const };
        }
      }
      return null;
    }
    if (input.amountPaise !== undefined && input.amountPaise !== pending.amountPaise) return null;
    const row = await completePayment(tx, pending, {
      providerPaymentId: input.providerPaymentId,
      method: input.method,
      tz: ctx.config.tz,
    });
    return { row, outcome: 'processed' as const };
  });
}
