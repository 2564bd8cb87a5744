import type { LedgerMethod, LedgerVia } from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { pgCode } from '../../lib/errors.ts';
import { fulfilCheckout } from './checkout-orders.service.ts';
import { holdAsUnapplied } from './hold-unapplied.ts';
import { moneyTransaction } from './money.service.ts';
import { entryByProviderPaymentId, type LedgerRow, pendingByProviderRef, rowByProviderRef } from './payments.repo.ts';
import { completePayment, lockLedger, subjectOf, sweepOverpayment } from './payments.service.ts';

export type SettleOutcome = 'processed' | 'duplicate' | 'unapplied';
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
  /** Who settles and how: the checkout, a webhook (no user), the link page, a staff check. */
  via: LedgerVia;
  by?: string | null;
}

/**
 * Records money a provider captured on one of our orders or links, once, whoever reports it first (the browser's
 * checkout result, a webhook, the link page, a staff check). Under the owner's ledger lock:
 * - the pending payment waiting on that order or link, for that amount, completes (`processed`);
 * - a payment id already in the ledger answers its row (`duplicate`);
 * - money that pays no pending payment (the payment was voided because the sale was settled another way, the order
 *   was superseded, the amount differs, the order was already paid) is booked to the owner's unapplied account and
 *   staff are notified (`unapplied`): captured money is never dropped, never counted as paying a sale twice.
 * A provider order of a checkout order (a plan bought online, a wallet top-up: nothing was sold before the money)
 * is fulfilled instead, exactly once (checkout-orders.service.ts `fulfilCheckout`).
 * Null: the order or link is not ours.
 */
export async function settle(ctx: AppContext, input: SettleInput): Promise<Settled | null> {
  if ('orderId' in input.ref) {
    const done = await fulfilCheckout(ctx, {
      providerOrderId: input.ref.orderId,
      providerPaymentId: input.providerPaymentId,
      amountPaise: input.amountPaise,
      via: input.via,
      by: input.by ?? null,
    });
    if (done) return { row: done.row, outcome: done.outcome };
  }
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

const refText = (ref: SettleInput['ref']) => ('orderId' in ref ? `order ${ref.orderId}` : `payment link ${ref.linkId}`);

function settleOnce(ctx: AppContext, input: SettleInput): Promise<Settled | null> {
  return moneyTransaction(ctx, async (tx) => {
    const ours = await rowByProviderRef(tx, input.ref);
    if (!ours) {
      const done = await entryByProviderPaymentId(tx, input.providerPaymentId);
      return done ? { row: done, outcome: 'duplicate' as const } : null;
    }
    await lockLedger(tx, [ours.ownerId]);
    const already = await entryByProviderPaymentId(tx, input.providerPaymentId);
    if (already) return { row: already, outcome: 'duplicate' as const };
    const now = ctx.clock.now();
    const pending = await pendingByProviderRef(tx, input.ref);
    if (pending && (input.amountPaise === undefined || input.amountPaise === pending.amountPaise)) {
      const row = await completePayment(tx, pending, {
        providerPaymentId: input.providerPaymentId,
        via: input.via,
        by: input.by ?? null,
        tz: ctx.config.tz,
        now,
      });
      if (!row) throw new Error('ledger: a locked pending payment was decided by another request');
      await sweepOverpayment(tx, { ownerId: row.ownerId, petId: row.petId, subject: subjectOf(row), by: input.by ?? null, now });
      return { row, outcome: 'processed' as const };
    }
    const meantFor = Object.entries(subjectOf(ours))
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    const row = await holdAsUnapplied(tx, {
      ownerId: ours.ownerId,
      petId: ours.petId,
      amountPaise: input.amountPaise ?? ours.amountPaise,
      method: input.method ?? ours.method ?? 'card',
      via: input.via,
      by: input.by ?? null,
      provider: ours.provider,
      ref: input.ref,
      providerPaymentId: input.providerPaymentId,
      note: `Captured on ${refText(input.ref)} (${meantFor}) when no payment was waiting on it: held as unapplied`,
      why: 'after the sale was settled another way (or for another amount)',
      tz: ctx.config.tz,
      now,
    });
    return { row, outcome: 'unapplied' as const };
  });
}
