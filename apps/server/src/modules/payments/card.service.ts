import {
  type CreateOrderBody,
  formatINR,
  LEDGER_SUBJECTS,
  type CreateOrderResponse,
  PAYMENT_MESSAGES as M,
  type PaymentDoneResponse,
  toPaise,
  toRupees,
  type VerifyPaymentBody,
  type VerifyPendingPaymentBody,
} from '@pawdesk/shared';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { checkoutOrderOf } from './checkout-orders.service.ts';
import { cancelAtProvider, moneyTransaction } from './money.service.ts';
import { attachProviderRef, entryById, entryByProviderPaymentId, type LedgerRow } from './payments.repo.ts';
import { lockLedger, pendingPayments, recordPayment, sweepOverpayment, voidPayment } from './payments.service.ts';
import type { ProviderOrder } from './provider.ts';
import { settle } from './settle.ts';
import { stayBillExtraPaise } from './stay-bill-due.ts';
import { type Account, inAccount, loadAccount, pickSubject, providerFailure, type Subject, toLedgerPayment } from './subjects.ts';

/**
 * Card payments (spec 001 §4 "Online payment"): an order for the amount of the record being paid (never the
 * browser's), the checkout's signed result, and a staff check of a payment the provider already holds.
 */

/**
 * The pending card payment an order pays, decided under the owner's ledger lock:
 * - a pending card payment of the account (of no more than is due) is reused: New Visit's partial card payment;
 * - otherwise the order is for the whole remainder (what is due), and it supersedes every other pending payment of
 *   the account (a payment link sent, an older card order): they are voided in the same transaction, so the owner
 *   cannot pay twice (what still arrives on them is booked to unapplied, never to the sale).
 * The amount the browser showed, when sent, must be the reused payment's or the whole remainder.
 */
async function pendingCardPayment(
  ctx: AppContext,
  s: Subject,
  createdBy: string,
  shownPaise: number | undefined,
): Promise<{ row: LedgerRow; voided: LedgerRow[] }> {
  const { ownerId } = await loadAccount(ctx.db, s);
  return moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [ownerId]);
    const a = await loadAccount(tx, s);
    // A stay's account: its bill's services are paid with it at check-out (issue 18).
    const due = a.balance.duePaise + (await stayBillExtraPaise(tx, a.ids));
    const now = ctx.clock.now();
    if (due <= 0) throw conflict(M.nothingDue);
    const pending = pendingPayments(a.entries);
    const reusable = pending
      .filter((e) => e.method === 'card' && e.amountPaise <= due && (!e.providerOrderId || e.provider === ctx.payments.name))
      .at(-1);
    const whole = pending.find(
      (e) => e.method === 'card' && e.amountPaise === due && (!e.providerOrderId || e.provider === ctx.payments.name),
    );
    let keep: LedgerRow | undefined;
    if (shownPaise === undefined) keep = reusable && (reusable.amountPaise === due || pending.length === 1) ? reusable : whole;
    else if (reusable && shownPaise === reusable.amountPaise) keep = reusable;
    else if (shownPaise === due) keep = whole;
    else {
      const expected = reusable?.amountPaise ?? due;
      throw badRequest(
        M.amountMismatch,
        { amount: `Expected ${formatINR(toRupees(expected))}` },
        { expectedAmount: toRupees(expected) },
      );
    }
    const voided: LedgerRow[] = [];
    if (!keep || keep.amountPaise === due) {
      for (const p of pending) {
        if (p.id === keep?.id) continue;
        const v = await voidPayment(tx, p, { via: 'desk', by: createdBy, now });
        if (v) voided.push(v);
      }
    }
    if (keep) return { row: keep, voided };
    const row = (await recordPayment(tx, {
      ownerId: a.ownerId,
      petId: a.petId,
      for: a.ids,
      amountPaise: due,
      method: 'card',
      status: 'pending',
      provider: ctx.payments.name,
      createdBy,
      tz: ctx.config.tz,
      now,
    }))!;
    return { row, voided };
  });
}

/** The provider order the pending row already has, else a new one for its amount. */
async function orderFor(ctx: AppContext, row: LedgerRow, receipt: string): Promise<ProviderOrder> {
  const p = ctx.payments;
  try {
    if (row.providerOrderId && row.provider === p.name) return await p.fetchOrder(row.providerOrderId);
    const notes: Record<string, string> = { paymentId: row.id };
    for (const k of LEDGER_SUBJECTS) if (row[k]) notes[k] = row[k]!;
    return await p.createOrder({ amountPaise: row.amountPaise, receipt, notes });
  } catch (err) {
    throw providerFailure(err, 'Payment order', M.orderFailed);
  }
}

export async function createCardOrder(ctx: AppContext, body: CreateOrderBody, createdBy: string): Promise<CreateOrderResponse> {
  const s = pickSubject(body.notes, M.subjectMissing);
  const { row, voided } = await pendingCardPayment(
    ctx,
    s,
    createdBy,
    body.amount === undefined ? undefined : toPaise(body.amount),
  );
  await cancelAtProvider(ctx, voided);
  let order = await orderFor(ctx, row, body.receipt ?? `order${ctx.clock.now().getTime()}`);
  if (row.providerOrderId !== order.id) {
    // The first order stored wins (a row's order is set once); a concurrent caller answers that one.
    const stored = await moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [row.ownerId]);
      const attached = await attachProviderRef(tx, row.id, { providerOrderId: order.id, provider: ctx.payments.name });
      if (attached) return attached;
      const r = await entryById(tx, row.id);
      if (r?.status !== 'pending' || !r.providerOrderId) throw conflict(M.nothingDue);
      return r;
    });
    if (stored.providerOrderId !== order.id) order = await orderFor(ctx, stored, '');
  }
  return {
    success: true,
    message: M.orderCreated,
    order: { id: order.id, amount: order.amountPaise, currency: 'INR', receipt: order.receipt || null },
    amountRupees: toRupees(order.amountPaise),
    paymentId: row.id,
    provider: ctx.payments.name,
    keyId: ctx.payments.keyId,
  };
}

/**
 * The checkout's result: a valid signature completes the order's pending payment, once; a checkout order (a plan
 * bought online, a wallet top-up) is fulfilled, once (settle → fulfilCheckout). A customer verifies only their own
 * checkout orders (404 for any other order: nothing is said about it).
 */
export async function verifyCheckoutPayment(
  ctx: AppContext,
  body: VerifyPaymentBody,
  by: string | null = null,
  role: 'staff' | 'customer' = 'staff',
): Promise<PaymentDoneResponse> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!ctx.payments.verifyCheckoutSignature(orderId, paymentId, signature)) {
    throw badRequest(M.failed, { razorpay_signature: M.signatureInvalid });
  }
  if (role === 'customer') {
    const order = await checkoutOrderOf(ctx, orderId);
    if (!order || order.userId !== by) throw notFound('Payment order');
  }
  const done = await settle(ctx, { ref: { orderId }, providerPaymentId: paymentId, method: 'card', via: 'checkout', by });
  if (!done) throw notFound('Payment order');
  const checkout = await checkoutOrderOf(ctx, orderId);
  return {
    success: true,
    message: M.done,
    payment: toLedgerPayment(done.row),
    ...(checkout ? { checkout: { purpose: checkout.purpose, status: checkout.status, result: checkout.result ?? {} } } : {}),
  };
}

/** Does the provider's payment belong to this account: one of its orders, or notes naming its visit or boarding? */
function belongs(a: Account, orderId: string | null, notes: Record<string, string>): LedgerRow | 'notes' | null {
  const byOrder = orderId ? a.entries.find((e) => e.providerOrderId === orderId && e.kind === 'payment') : undefined;
  if (byOrder) return byOrder;
  const ids = new Set(a.entries.flatMap((e) => LEDGER_SUBJECTS.map((k) => e[k])));
  const named = [notes.visitId, notes.boardingId, notes.prescriptionId, notes.subscriptionId].filter(Boolean);
  return named.some((id) => ids.has(id!)) ? 'notes' : null;
}

/**
 * Money captured on one of the account's orders or links and already booked to the owner's unapplied account (its
 * pending payment had been voided: the sale was settled another way), e.g. by the webhook just before this staff
 * check: it is this sale's money, held, and the check answers that row.
 */
function heldFrom(a: Account, e: LedgerRow): boolean {
  if (e.account !== 'unapplied' || e.ownerId !== a.ownerId) return false;
  return a.entries.some(
    (x) =>
      x.kind === 'payment' &&
      ((e.providerOrderId && x.providerOrderId === e.providerOrderId) ||
        (e.providerLinkId && x.providerLinkId === e.providerLinkId)),
  );
}

/**
 * A staff check of a customer's online payment that no callback reported (the browser closed, the webhook lost): a
 * payment named without a visit or boarding, captured on a checkout order, fulfils that order once. Null when the
 * payment is not on one of our checkout orders (the caller then asks for the visit).
 */
async function checkoutCheck(ctx: AppContext, providerPaymentId: string, by: string): Promise<PaymentDoneResponse | null> {
  let payment: Awaited<ReturnType<typeof ctx.payments.fetchPayment>>;
  try {
    payment = await ctx.payments.fetchPayment(providerPaymentId);
  } catch (err) {
    throw providerFailure(err, 'Payment', M.providerUnavailable);
  }
  const order = payment.orderId ? await checkoutOrderOf(ctx, payment.orderId) : undefined;
  if (!order) return null;
  if (payment.status === 'authorized' || payment.status === 'created') throw conflict(M.notCaptured);
  if (payment.status !== 'captured') throw badRequest(M.failed, { razorpay_payment_id: `The payment is ${payment.status}` });
  const done = await settle(ctx, {
    ref: { orderId: order.providerOrderId },
    providerPaymentId: payment.id,
    amountPaise: payment.amountPaise,
    method: 'card',
    via: 'staff_check',
    by,
  });
  if (!done) return null;
  const after = (await checkoutOrderOf(ctx, order.providerOrderId)) ?? order;
  return {
    success: true,
    message: M.done,
    payment: toLedgerPayment(done.row),
    checkout: { purpose: after.purpose, status: after.status, result: after.result ?? {} },
  };
}

/**
 * A remaining balance paid through the provider (spec: `verify-pending-payment` {razorpay_payment_id, visitId}):
 * the provider is asked for the payment's status and amount; a captured payment of this visit (or boarding),
 * for no more than is due, is recorded once.
 */
export async function verifyPendingPayment(
  ctx: AppContext,
  body: VerifyPendingPaymentBody,
  createdBy: string,
): Promise<PaymentDoneResponse> {
  if (!body.visitId && !body.boardingId) {
    const checkout = await checkoutCheck(ctx, body.razorpay_payment_id, createdBy);
    if (checkout) return checkout;
  }
  const s = pickSubject(body, 'Name the visit (visitId) or boarding (boardingId) being paid');
  const account = await loadAccount(ctx.db, s);
  const recorded = await entryByProviderPaymentId(ctx.db, body.razorpay_payment_id);
  if (recorded) {
    if (!inAccount(account, recorded) && !heldFrom(account, recorded)) throw badRequest(M.otherSubject);
    return { success: true, message: M.done, payment: toLedgerPayment(recorded) };
  }
  let payment: Awaited<ReturnType<typeof ctx.payments.fetchPayment>>;
  try {
    payment = await ctx.payments.fetchPayment(body.razorpay_payment_id);
  } catch (err) {
    throw providerFailure(err, 'Payment', M.providerUnavailable);
  }
  if (payment.status === 'authorized' || payment.status === 'created') throw conflict(M.notCaptured);
  if (payment.status !== 'captured') throw badRequest(M.failed, { razorpay_payment_id: `The payment is ${payment.status}` });
  const owner = belongs(account, payment.orderId, payment.notes);
  if (!owner) throw badRequest(M.otherSubject);
  // A payment on one of the account's orders settles that order: its pending payment completes, or (voided because
  // the sale was settled another way, superseded) the money is booked to the owner's unapplied balance.
  if (owner !== 'notes') {
    const done = await settle(ctx, {
      ref: { orderId: payment.orderId! },
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      method: 'card',
      via: 'staff_check',
      by: createdBy,
    });
    if (done) return { success: true, message: M.done, payment: toLedgerPayment(done.row) };
  }
  // Captured money of this sale that no pending payment waited for: it pays the sale; any excess moves to the
  // owner's unapplied balance (captured money is never refused: the provider holds it already).
  const row = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [account.ownerId]);
    const again = await entryByProviderPaymentId(tx, payment.id);
    if (again) return again;
    const a = await loadAccount(tx, s);
    const now = ctx.clock.now();
    const paid = (await recordPayment(tx, {
      ownerId: a.ownerId,
      petId: a.petId,
      for: a.ids,
      amountPaise: payment.amountPaise,
      method: 'card',
      via: 'staff_check',
      provider: ctx.payments.name,
      providerOrderId: payment.orderId,
      providerPaymentId: payment.id,
      note: 'Remaining balance paid through the provider',
      createdBy,
      tz: ctx.config.tz,
      now,
    }))!;
    await sweepOverpayment(tx, { ownerId: a.ownerId, petId: a.petId, subject: a.ids, by: createdBy, now });
    return paid;
  });
  return { success: true, message: M.done, payment: toLedgerPayment(row) };
}
