import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { conflict, pgCode } from '../../lib/errors.ts';
import { answerOfTakenKey, inKeyScope, keyTransactionEnded } from './idempotency.service.ts';
import type { LedgerRow } from './payments.repo.ts';
import { pendingPayments, voidPayment } from './payments.service.ts';

/** The answer when two money requests still collide after one retry. */
export const LEDGER_BUSY = 'Another payment for this owner was being recorded at the same moment. Please try again.';

/**
 * The transaction of every money-writing request. Inside it, take `lockLedger` of the owner first (the one lock
 * order, payments.service.ts). A serialization failure or deadlock that still happens is retried once, and
 * otherwise answered 409 with a clear message, never 500.
 * A request sent with an Idempotency-Key claims it as the first statement of its first money transaction, so the key
 * is taken exactly when the sale commits; a request whose key was taken by one that committed first rolls back and
 * answers that request's stored answer (modules/idempotency).
 */
export async function moneyTransaction<T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const out = await ctx.db.transaction((tx) => inKeyScope(tx, ctx.clock.now(), () => fn(tx as Tx)));
      keyTransactionEnded(true);
      return out;
    } catch (err) {
      keyTransactionEnded(false);
      const answer = await answerOfTakenKey(ctx, err);
      if (answer) throw answer;
      const code = pgCode(err);
      if (code !== '40001' && code !== '40P01') throw err;
      if (attempt > 0) throw conflict(LEDGER_BUSY);
    }
  }
}

/**
 * Voids every pending payment of the account (a card order, a payment link): the sale was settled another way.
 * Returns the rows voided, for `cancelAtProvider` after the commit.
 */
export async function voidPending(tx: DbOrTx, entries: readonly LedgerRow[], by: string | null, now: Date): Promise<LedgerRow[]> {
  const voided: LedgerRow[] = [];
  for (const p of pendingPayments(entries)) {
    const v = await voidPayment(tx, p, { via: 'desk', by, now });
    if (v) voided.push(v);
  }
  return voided;
}

/**
 * After the commit that voided pending payments (the sale was settled another way, an order for the whole remainder
 * superseded them, the visit was voided): their payment links are cancelled at the provider, so the owner's link
 * no longer takes money. Card orders cannot be cancelled at Razorpay; a payment that still arrives on a voided row
 * is booked to the owner's unapplied account (settle.ts). A provider failure is logged, never thrown: the ledger
 * has already decided.
 */
export async function cancelAtProvider(ctx: AppContext, voided: readonly LedgerRow[], log?: FastifyBaseLogger): Promise<void> {
  for (const row of voided) {
    if (row.method !== 'payment_link' || !row.providerLinkId || row.provider !== ctx.payments.name) continue;
    try {
      await ctx.payments.cancelPaymentLink(row.providerLinkId);
    } catch (err) {
      log?.warn({ payment: row.id, link: row.providerLinkId, err }, 'payment link: could not be cancelled at the provider');
    }
  }
}
