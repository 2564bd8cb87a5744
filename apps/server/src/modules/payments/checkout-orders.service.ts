import {
  CHECKOUT_DEFAULT_PAGE,
  type CheckoutOrderResponse,
  checkoutSuccessUrl,
  formatINR,
  type LedgerVia,
  PAYMENT_MESSAGES as M,
  toRupees,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutPurpose } from '../../db/schema/packages.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, pgCode, pgConstraint } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type CapturedPayment, type CheckoutOrder, checkoutFulfiller, type Fulfilled } from './checkout-fulfilment.ts';
import {
  type CheckoutOrderRow,
  checkoutOrderByProviderOrder,
  insertCheckoutOrder,
  markCheckoutOrderPaid,
} from './checkout-orders.repo.ts';
import { holdAsUnapplied } from './hold-unapplied.ts';
import { moneyTransaction } from './money.service.ts';
import { entryById, entryByProviderPaymentId, type LedgerRow } from './payments.repo.ts';
import { lockLedger } from './payments.service.ts';
import type { ProviderOrder } from './provider.ts';
import { ProviderError } from './providers/errors.ts';

/**
 * Checkout orders (issue 16 "Customers paying online"; docs/decisions.md "Checkout orders are fulfilled exactly
 * once"): an order paid through the provider BEFORE anything is sold (a plan bought online, a wallet top-up). The
 * server sets the amount and keeps what the order buys (`payload`); the purchase is created once, when the payment is
 * verified by the checkout callback (`POST /payments/verify-payment`), the success address
 * (`GET /customer/payment/success`), the webhook or a staff check, whichever comes first (they all reach
 * `fulfilCheckout`, through `settle()`).
 */

export type { CapturedPayment, CheckoutOrder, CheckoutFulfiller, Fulfilled } from './checkout-fulfilment.ts';
/** The module that sells what a purpose buys registers its fulfiller (once, at load) through this service. */
export { registerCheckoutFulfiller } from './checkout-fulfilment.ts';
export type { CheckoutOrderRow };

export interface NewCheckoutOrder {
  purpose: CheckoutPurpose;
  ownerId: string;
  /** Who asked: the customer (or the staff member, for a top-up by card at the desk). */
  userId: string;
  /** The server's amount (never the browser's). */
  amountPaise: number;
  /** What to create when paid (read by the purpose's fulfiller): { petId, planId } … */
  payload: Record<string, string>;
  /** Shown in the checkout under the brand. */
  description: string;
  /** The customer page the success address redirects to (default /customer/subscription) with ?paid=1 … */
  successPath?: string;
  /** Where a dismissed checkout sends the browser (answered as `cancel_url`). */
  cancelPath: string;
}

/** The payload key that keeps a non-default success page. */
const SUCCESS_PAGE_KEY = 'successPage';

const isLocalPath = (p: string) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') && p.length <= 200;

/**
 * Creates the provider order (its notes name the checkout order and purpose, so a webhook can be traced) and then
 * the checkout order, in a money transaction (an Idempotency-Key sent with the request is claimed there: a retry
 * answers the first order). Answers the order fields the customer's checkout opens with.
 */
export async function createCheckoutOrder(ctx: AppContext, o: NewCheckoutOrder): Promise<CheckoutOrderResponse> {
  if (!Number.isSafeInteger(o.amountPaise) || o.amountPaise <= 0) throw badRequest('Amount must be more than ₹0.00');
  if (!isLocalPath(o.cancelPath) || (o.successPath !== undefined && !isLocalPath(o.successPath))) {
    throw new Error('checkout: success and cancel paths are paths of this site');
  }
  const id = newId();
  let order: ProviderOrder;
  try {
    order = await ctx.payments.createOrder({
      amountPaise: o.amountPaise,
      receipt: `co_${id}`,
      notes: { checkoutOrderId: id, purpose: o.purpose },
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    throw new AppError(502, M.orderFailed);
  }
  const payload = { ...o.payload };
  if (o.successPath && o.successPath !== CHECKOUT_DEFAULT_PAGE) payload[SUCCESS_PAGE_KEY] = o.successPath;
  const row = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [o.ownerId]);
    return insertCheckoutOrder(tx, {
      id,
      purpose: o.purpose,
      ownerId: o.ownerId,
      userId: o.userId,
      provider: ctx.payments.name,
      providerOrderId: order.id,
      amountPaise: o.amountPaise,
      payload,
      status: 'created',
      createdAt: ctx.clock.now(),
    });
  });
  return {
    success: true as const,
    id: row.providerOrderId,
    amount: row.amountPaise,
    amountRupees: toRupees(row.amountPaise),
    currency: 'INR' as const,
    keyId: ctx.payments.keyId,
    provider: ctx.payments.name,
    success_url: checkoutSuccessUrl(row.providerOrderId),
    cancel_url: o.cancelPath,
    description: o.description,
    checkoutOrderId: row.id,
  };
}

/** The checkout order of one of our provider orders (the current provider's), if any. */
export function checkoutOrderOf(ctx: AppContext, providerOrderId: string): Promise<CheckoutOrderRow | undefined> {
  return checkoutOrderByProviderOrder(ctx.db, ctx.payments.name, providerOrderId);
}

export interface FulfilInput {
  providerOrderId: string;
  providerPaymentId: string;
  /** What the provider captured; unknown (the checkout callback carries no amount): asked of the provider. */
  amountPaise?: number;
  via: LedgerVia;
  /** The user whose request verified it (null: a webhook, the success address). */
  by: string | null;
}

export interface CheckoutSettled {
  order: CheckoutOrderRow;
  /** The ledger payment that holds the money: the fulfiller's, or the owner's unapplied row. */
  row: LedgerRow;
  /** processed: fulfilled now; duplicate: it already was; unapplied: the money is held on the owner's unapplied account. */
  outcome: 'processed' | 'duplicate' | 'unapplied';
  /** What the order created ({ visitId, subscriptionId } …, or { unapplied: paymentId }). */
  result: Record<string, string>;
}

const toCheckoutOrder = (o: CheckoutOrderRow): CheckoutOrder => ({
  id: o.id,
  purpose: o.purpose,
  ownerId: o.ownerId,
  userId: o.userId,
  provider: o.provider,
  providerOrderId: o.providerOrderId,
  amountPaise: o.amountPaise,
  payload: o.payload,
});

/** The amount captured for a payment the checkout callback reported (no amount in it), from the provider. */
async function capturedAmount(ctx: AppContext, order: CheckoutOrderRow, providerPaymentId: string): Promise<number> {
  let payment: Awaited<ReturnType<AppContext['payments']['fetchPayment']>>;
  try {
    payment = await ctx.payments.fetchPayment(providerPaymentId);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    // The signature binds the payment to this order, and an order is only paid in full: its amount.
    return order.amountPaise;
  }
  if (payment.orderId && payment.orderId !== order.providerOrderId) {
    throw badRequest(M.failed, { razorpay_payment_id: 'This payment was made on another order' });
  }
  if (payment.status === 'failed') throw badRequest(M.failed, { razorpay_payment_id: 'The payment failed' });
  return payment.amountPaise;
}

/**
 * A verified payment of a checkout order, exactly once, whoever reports it first. Under the owner's ledger lock and
 * the order's row lock:
 * - an order already paid, or a payment id already in the ledger, answers what was recorded (`duplicate`); another
 *   payment on an order already paid is held as unapplied;
 * - otherwise the purpose's fulfiller creates the purchase in a savepoint and the order is marked paid (`processed`);
 * - a fulfiller that throws (the plan was retired, the pet moved to another owner), a missing fulfiller, or a
 *   captured amount other than the order's: the savepoint rolls back, the money is booked to the owner's unapplied
 *   account with a staff notification, and the order is marked paid with result { unapplied } (`unapplied`).
 * Null: not a checkout order of the current provider.
 */
export async function fulfilCheckout(
  ctx: AppContext,
  input: FulfilInput,
  log?: FastifyBaseLogger,
): Promise<CheckoutSettled | null> {
  const pre = await checkoutOrderOf(ctx, input.providerOrderId);
  if (!pre) return null;
  let amountPaise = input.amountPaise;
  if (
    amountPaise === undefined &&
    pre.status === 'created' &&
    !(await entryByProviderPaymentId(ctx.db, input.providerPaymentId))
  ) {
    amountPaise = await capturedAmount(ctx, pre, input.providerPaymentId);
  }
  try {
    return await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [pre.ownerId]);
      const order = (await checkoutOrderByProviderOrder(tx, pre.provider, pre.providerOrderId, true))!;
      const now = ctx.clock.now();
      const recorded = await entryByProviderPaymentId(tx, input.providerPaymentId);
      if (recorded) return { order, row: recorded, outcome: 'duplicate' as const, result: order.result ?? {} };
      const hold = async (why: string, note: string) => {
        const row = await holdAsUnapplied(tx, {
          ownerId: order.ownerId,
          petId: order.payload.petId ?? null,
          amountPaise: amountPaise ?? order.amountPaise,
          method: 'card',
          via: input.via,
          by: input.by,
          provider: order.provider,
          ref: { orderId: order.providerOrderId },
          providerPaymentId: input.providerPaymentId,
          note,
          why,
          tz: ctx.config.tz,
          now,
        });
        const result = { unapplied: row.id };
        const marked = await markCheckoutOrderPaid(tx, order.id, { paymentId: row.id, result, paidAt: now });
        return { order: marked ?? order, row, outcome: 'unapplied' as const, result: marked ? result : (order.result ?? {}) };
      };
      const what = {
        wallet_topup: 'a wallet top-up',
        deposit: 'a reservation deposit',
        appointment: 'an appointment paid online',
        subscription: 'a subscription bought online',
      }[order.purpose];
      if (order.status === 'paid' && order.paymentId) {
        // The once-guard: the order is paid. The same payment reported again answers what it recorded.
        const paidRow = await entryById(tx, order.paymentId);
        if (paidRow && (!paidRow.providerPaymentId || paidRow.providerPaymentId === input.providerPaymentId)) {
          return { order, row: paidRow, outcome: 'duplicate' as const, result: order.result ?? {} };
        }
      }
      if (order.status !== 'created') {
        return hold(
          `on an online order (${what}) that was already ${order.status}`,
          `Captured on order ${order.providerOrderId} (${what}) already ${order.status}: held as unapplied`,
        );
      }
      if (amountPaise !== undefined && amountPaise !== order.amountPaise) {
        const [got, asked] = [formatINR(toRupees(amountPaise)), formatINR(toRupees(order.amountPaise))];
        return hold(
          `on an online order (${what}) of ${asked}, not ${got}`,
          `Captured ${got} on order ${order.providerOrderId} (${what}) of ${asked}: held as unapplied`,
        );
      }
      const fulfiller = checkoutFulfiller(order.purpose);
      const paid: CapturedPayment = {
        providerPaymentId: input.providerPaymentId,
        amountPaise: order.amountPaise,
        via: input.via,
        by: input.by,
        now,
      };
      let done: Fulfilled;
      try {
        if (!fulfiller) throw new Error(`checkout: no fulfiller for ${order.purpose}`);
        done = await tx.transaction((sp) => fulfiller(ctx, sp, toCheckoutOrder(order), paid));
      } catch (err) {
        // The payment recorded meanwhile by another settler: the whole transaction answers the duplicate.
        if (pgCode(err) === '23505' && pgConstraint(err) === 'payments_provider_payment_uq') throw err;
        const reason = err instanceof AppError ? err.message : 'the purchase could not be made';
        if (!(err instanceof AppError)) log?.error({ err, order: order.id }, 'checkout: the fulfiller failed');
        return hold(
          `for ${what} that could not be made (${reason})`,
          `Captured on order ${order.providerOrderId} (${what}) that could not be fulfilled (${reason}): held as unapplied`,
        );
      }
      const marked = await markCheckoutOrderPaid(tx, order.id, { paymentId: done.paymentId, result: done.result, paidAt: now });
      if (!marked) throw new Error('checkout: a locked order was paid by another request');
      const row = await entryById(tx, done.paymentId);
      if (!row) throw new Error('checkout: the fulfiller answered a payment that is not in the ledger');
      return { order: marked, row, outcome: 'processed' as const, result: done.result };
    });
  } catch (err) {
    // The unique payment id: another settler recorded this payment between our check and our write.
    if (pgCode(err) !== '23505') throw err;
    const row = await entryByProviderPaymentId(ctx.db, input.providerPaymentId);
    if (!row) throw err;
    const order = (await checkoutOrderOf(ctx, input.providerOrderId)) ?? pre;
    return { order, row, outcome: 'duplicate', result: order.result ?? {} };
  }
}

/** Where the success address sends the browser, with the flags the customer page reads. */
function landing(order: CheckoutOrderRow | undefined, flag: 'paid' | 'pending' | 'failed'): string {
  const page = order?.payload[SUCCESS_PAGE_KEY] ?? CHECKOUT_DEFAULT_PAGE;
  const topup = order?.purpose === 'wallet_topup' ? '&topup=1' : '';
  return `${page}?${flag}=1${topup}`;
}

const failedOrPaid = (order: CheckoutOrderRow) => landing(order, order.result?.unapplied ? 'failed' : 'paid');

/**
 * GET /customer/payment/success?order_id= (the browser, after the checkout; no token): asks the provider for the
 * order's payments, fulfils a captured one (exactly once, as the webhook would), and answers where to redirect:
 * `?paid=1` (wallet top-ups `&topup=1`), `?pending=1` while nothing is captured (or the provider cannot be reached:
 * the webhook stays the backstop), `?failed=1` for an order that is not ours or could not be fulfilled.
 */
export async function checkoutLanding(
  ctx: AppContext,
  providerOrderId: string | undefined,
  log?: FastifyBaseLogger,
): Promise<string> {
  if (!providerOrderId || !/^[A-Za-z0-9_]{1,64}$/.test(providerOrderId)) return landing(undefined, 'failed');
  const order = await checkoutOrderOf(ctx, providerOrderId);
  if (!order) return landing(undefined, 'failed');
  if (order.status === 'paid') return failedOrPaid(order);
  if (order.status !== 'created') return landing(order, 'failed');
  try {
    const payments = await ctx.payments.fetchOrderPayments(order.providerOrderId);
    const captured = payments.find((p) => p.status === 'captured');
    if (!captured) return landing(order, 'pending');
    const done = await fulfilCheckout(
      ctx,
      {
        providerOrderId: order.providerOrderId,
        providerPaymentId: captured.id,
        amountPaise: captured.amountPaise,
        via: 'checkout',
        by: null,
      },
      log,
    );
    return done ? failedOrPaid(done.order) : landing(order, 'failed');
  } catch (err) {
    log?.warn({ err, order: order.id }, 'checkout: the success address could not check the order; the webhook will');
    return landing(order, 'pending');
  }
}
