import {
  type CreateOrderBody,
  formatINR,
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
import { entryById, entryByProviderPaymentId, type LedgerRow, updateEntry } from './payments.repo.ts';
import { failPayment, recordPayment } from './payments.service.ts';
import type { ProviderOrder } from './provider.ts';
import { settle } from './settle.ts';
import {
  type Account,
  inAccount,
  loadAccount,
  lockSubject,
  pickSubject,
  providerFailure,
  type Subject,
  toLedgerPayment,
} from './subjects.ts';

/**
 * Card payments (spec 001 §4 "Online payment"): an order for the amount of the record being paid (never the
 * browser's), the checkout's signed result, and a staff check of a payment the provider already holds.
 */

const isPendingCard = (e: LedgerRow) => e.kind === 'payment' && e.status === 'pending' && e.method === 'card';

/**
 * The pending card payment an order pays: the one already asked for (its amount), else a new one for what is
 * due less what other pending payments (a link sent) already ask for. Runs under the subject's lock, so two
 * create-order calls make one pending row. A pending card payment of more than is now due is failed first.
 */
async function pendingCardPayment(
  ctx: AppContext,
  s: Subject,
  createdBy: string,
  /** The amount the browser showed: another one is refused before anything is written. */
  shownPaise: number | undefined,
): Promise<LedgerRow> {
  return ctx.db.transaction(async (tx) => {
    await lockSubject(tx, s);
    const a = await loadAccount(tx, s);
    let card = a.entries.filter(isPendingCard).at(-1);
    const otherPending = a.balance.pendingPaise - (card?.amountPaise ?? 0);
    const open = a.balance.duePaise - otherPending;
    if (card && card.amountPaise > open) {
      await failPayment(tx, card);
      card = undefined;
    }
    if (!card && open <= 0) throw conflict(M.nothingDue);
    const amountPaise = card?.amountPaise ?? open;
    if (shownPaise !== undefined && shownPaise !== amountPaise) {
      throw badRequest(
        M.amountMismatch,
        { amount: `Expected ${formatINR(toRupees(amountPaise))}` },
        {
          expectedAmount: toRupees(amountPaise),
        },
      );
    }
    if (card) return card;
    return (await recordPayment(tx, {
      petId: a.petId,
      for: a.ids,
      amountPaise: open,
      method: 'card',
      status: 'pending',
      provider: ctx.payments.name,
      createdBy,
      tz: ctx.config.tz,
    }))!;
  });
}

/** The provider order the pending row already has, if it is still for its amount; else a new one. */
async function orderFor(ctx: AppContext, row: LedgerRow, receipt: string): Promise<ProviderOrder> {
  const p = ctx.payments;
  try {
    if (row.providerOrderId && row.provider === p.name) {
      const existing = await p.fetchOrder(row.providerOrderId);
      if (existing.amountPaise === row.amountPaise) return existing;
    }
    const notes: Record<string, string> = { paymentId: row.id };
    for (const k of ['visitId', 'boardingId', 'prescriptionId', 'subscriptionId'] as const) if (row[k]) notes[k] = row[k]!;
    return await p.createOrder({ amountPaise: row.amountPaise, receipt, notes });
  } catch (err) {
    throw providerFailure(err, 'Payment order', M.orderFailed);
  }
}

export async function createCardOrder(ctx: AppContext, body: CreateOrderBody, createdBy: string): Promise<CreateOrderResponse> {
  const s = pickSubject(body.notes, M.subjectMissing);
  const row = await pendingCardPayment(ctx, s, createdBy, body.amount === undefined ? undefined : toPaise(body.amount));
  let order = await orderFor(ctx, row, body.receipt ?? `order${Date.now()}`);
  // The first order stored wins; a concurrent caller answers that one, so only one order can be paid.
  const stored = await ctx.db.transaction(async (tx) => {
    const r = await entryById(tx, row.id, true);
    if (r?.status !== 'pending') throw conflict(M.nothingDue);
    if (r.providerOrderId && r.provider === ctx.payments.name && r.providerOrderId !== order.id) return r.providerOrderId;
    if (r.providerOrderId !== order.id) await updateEntry(tx, r.id, { providerOrderId: order.id, provider: ctx.payments.name });
    return order.id;
  });
  if (stored !== order.id) order = await orderFor(ctx, { ...row, providerOrderId: stored, provider: ctx.payments.name }, '');
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

/** The checkout's result: a valid signature completes the order's pending payment, once. */
export async function verifyCheckoutPayment(ctx: AppContext, body: VerifyPaymentBody): Promise<PaymentDoneResponse> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!ctx.payments.verifyCheckoutSignature(orderId, paymentId, signature)) {
    throw badRequest(M.failed, { razorpay_signature: M.signatureInvalid });
  }
  const done = await settle(ctx, { ref: { orderId }, providerPaymentId: paymentId, method: 'card' });
  if (!done) throw notFound('Payment order');
  return { success: true, message: M.done, payment: toLedgerPayment(done.row) };
}

const moreThanDue = (duePaise: number) =>
  badRequest(
    M.moreThanDue,
    { razorpay_payment_id: `${formatINR(toRupees(duePaise))} is due` },
    {
      expectedAmount: toRupees(duePaise),
    },
  );

/** Does the provider's payment belong to this account: one of its orders, or notes naming its visit or boarding? */
function belongs(a: Account, orderId: string | null, notes: Record<string, string>): LedgerRow | 'notes' | null {
  const byOrder = orderId ? a.entries.find((e) => e.providerOrderId === orderId && e.kind === 'payment') : undefined;
  if (byOrder) return byOrder;
  const ids = new Set(a.entries.flatMap((e) => [e.visitId, e.boardingId, e.prescriptionId, e.subscriptionId]));
  const named = [notes.visitId, notes.boardingId, notes.prescriptionId, notes.subscriptionId].filter(Boolean);
  return named.some((id) => ids.has(id!)) ? 'notes' : null;
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
  const s = pickSubject(body, 'Name the visit (visitId) or boarding (boardingId) being paid');
  const account = await loadAccount(ctx.db, s);
  const recorded = await entryByProviderPaymentId(ctx.db, body.razorpay_payment_id);
  if (recorded) {
    if (!inAccount(account, recorded)) throw badRequest(M.otherSubject);
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
  if (payment.amountPaise > account.balance.duePaise) throw moreThanDue(account.balance.duePaise);

  if (owner !== 'notes' && owner.status === 'pending') {
    const done = await settle(ctx, {
      ref: { orderId: payment.orderId! },
      providerPaymentId: payment.id,
      amountPaise: payment.amountPaise,
      method: 'card',
    });
    if (done) return { success: true, message: M.done, payment: toLedgerPayment(done.row) };
  }
  const row = await ctx.db.transaction(async (tx) => {
    await lockSubject(tx, s);
    const again = await entryByProviderPaymentId(tx, payment.id);
    if (again) return again;
    const a = await loadAccount(tx, s);
    if (payment.amountPaise > a.balance.duePaise) throw moreThanDue(a.balance.duePaise);
    return (await recordPayment(tx, {
      petId: a.petId,
      for: a.ids,
      amountPaise: payment.amountPaise,
      method: 'card',
      provider: ctx.payments.name,
      providerOrderId: payment.orderId,
      providerPaymentId: payment.id,
      note: 'Remaining balance paid through the provider',
      createdBy,
      tz: ctx.config.tz,
    }))!;
  });
  return { success: true, message: M.done, payment: toLedgerPayment(row) };
}
