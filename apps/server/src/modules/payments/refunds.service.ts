import {
  type CancelSaleResponse,
  dateInTz,
  formatINR,
  type LedgerAccount,
  ledgerBalance,
  NOTHING_REFUNDABLE,
  REFUND_MESSAGES as M,
  type RefundPaymentResponse,
  type RefundQuote,
  type RefundQuoteView,
  refundQuote,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { boardingsOfVisits } from '../boarding/boarding.service.ts';
import { endSoldSubscriptions } from '../subscriptions/subscriptions.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from './money.service.ts';
import { entriesOfAccount, entryById, refundsOf } from './payments.repo.ts';
import {
  accountOf,
  completeRefund,
  failPayment,
  type LedgerRow,
  lockLedger,
  postCredit,
  recordRefund,
  type Subject,
  subjectOf,
  sweepOverpayment,
  toLedgerPayment,
} from './payments.service.ts';
import { ProviderError } from './providers/errors.ts';
import { notesOf } from './providers/razorpay.ts';
import { attachProviderRefundId, refundByProviderRefundId } from './refunds.repo.ts';

/**
 * Refunds, cancellations and the money side of voids (issue 15; docs/decisions.md "Cancellations and refunds under
 * the policy"). Every write runs in `moneyTransaction` with the owner's ledger lock first; provider calls run after
 * the commit. The refund policy's arithmetic is the shared `refundQuote`.
 */

/** The sale a quote or a cancellation names. */
export interface SaleRef {
  visitId?: string;
  prescriptionId?: string;
  subscriptionId?: string;
}

const SALE_KEYS = ['visitId', 'prescriptionId', 'subscriptionId'] as const;
const SALE_LABEL: Record<(typeof SALE_KEYS)[number], string> = {
  visitId: 'Visit',
  prescriptionId: 'Prescription',
  subscriptionId: 'Subscription',
};

interface Sale {
  key: (typeof SALE_KEYS)[number];
  id: string;
  /** The subject ids new rows of this sale carry (a visit's stay too). */
  subject: Subject;
  ownerId: string;
  petId: string | null;
  /** Every sale entry of the account (a visit with its stay), oldest first. */
  entries: LedgerRow[];
  /** Refunds (any account, pending or completed) of the sale's payments. */
  refunds: LedgerRow[];
}

/** The sale's account as the ledger holds it; 404 when the ledger knows nothing of it (nothing was sold). */
async function loadSale(db: DbOrTx, ref: SaleRef): Promise<Sale> {
  const key = SALE_KEYS.find((k) => ref[k]);
  if (!key) throw badRequest(M.saleMissing);
  const id = ref[key]!;
  const { entries } = await accountOf(db, { [key]: id });
  if (entries.length === 0) throw notFound(SALE_LABEL[key]);
  const first = entries[0]!;
  const subject: Subject = {
    [key]: id,
    ...(first.visitId ? { visitId: first.visitId } : {}),
    ...(first.boardingId ? { boardingId: first.boardingId } : {}),
  };
  const paymentIds = entries.filter((e) => e.kind === 'payment' && e.status === 'completed').map((e) => e.id);
  const refunds = (await refundsOf(db, paymentIds)).filter((r) => r.status === 'pending' || r.status === 'completed');
  return {
    key,
    id,
    subject,
    ownerId: first.ownerId,
    petId: entries.find((e) => e.petId)?.petId ?? null,
    entries,
    refunds,
  };
}

const done = (e: LedgerRow) => e.status === 'completed';
const sum = (rows: readonly LedgerRow[]) => rows.reduce((s, r) => s + r.amountPaise, 0);

/** What the policy says of cancelling what is left of the sale, in paise, with the sale's payments. */
interface SaleQuote {
  saleDate: string;
  requestDate: string;
  /** Charges less credits. */
  remainingPaise: number;
  /** Deductions earlier cancellations kept on the charges (once per sale). */
  keptByEarlierPaise: number;
  cancelledPaise: number;
  paidPaise: number;
  /** The policy today, and the policy without its window (an admin's override with a reason). */
  policy: RefundQuote;
  override: RefundQuote;
  /** Completed payments of the sale, newest first, with what is left of each. */
  payments: { row: LedgerRow; refundedPaise: number; refundablePaise: number }[];
}

function quoteSale(sale: Sale, requestDate: string, tz: string): SaleQuote {
  const entries = sale.entries;
  const charges = entries.filter((e) => e.kind === 'charge' && done(e));
  const credits = entries.filter((e) => e.kind === 'credit' && done(e));
  const remainingPaise = Math.max(0, sum(charges) - sum(credits));
  const keptByEarlierPaise = credits.reduce((s, c) => s + (c.deductionPaise ?? 0), 0);
  const cancelledPaise = Math.max(0, remainingPaise - keptByEarlierPaise);
  // Money under a pending refund is leaving the sale: it is not paid toward what is cancelled now.
  const pendingRefunds = sum(entries.filter((e) => e.kind === 'refund' && e.status === 'pending'));
  const paidPaise = Math.max(0, ledgerBalance(entries).paidPaise - pendingRefunds);
  const firstCharge = charges[0] ?? entries[0]!;
  const saleDate = dateInTz(firstCharge.paidAt ?? firstCharge.createdAt, tz);
  const input = {
    saleDate,
    requestDate,
    cancelledPaise,
    paidPaise,
    chargedPaise: remainingPaise,
    deductionTakenPaise: keptByEarlierPaise,
  };
  const payments = entries
    .filter((e) => e.kind === 'payment' && done(e))
    .reverse()
    .map((row) => {
      const refundedPaise = sum(sale.refunds.filter((r) => r.refundOf === row.id));
      return { row, refundedPaise, refundablePaise: Math.max(0, row.amountPaise - refundedPaise) };
    });
  return {
    saleDate,
    requestDate,
    remainingPaise,
    keptByEarlierPaise,
    cancelledPaise,
    paidPaise,
    policy: refundQuote(input),
    override: refundQuote({ ...input, requestDate: saleDate }),
    payments,
  };
}

interface Figures {
  deductionPaise: number;
  creditPaise: number;
  refundPaise: number;
  keptPaise: number;
}

const figuresView = (f: Figures) => ({
  deduction: toRupees(f.deductionPaise),
  credit: toRupees(f.creditPaise),
  refund: toRupees(f.refundPaise),
  kept: toRupees(f.keptPaise),
});

function quoteView(q: SaleQuote, applied: Figures = q.policy): RefundQuoteView {
  return {
    saleDate: q.saleDate,
    requestDate: q.requestDate,
    lastDay: q.policy.lastDay,
    withinPolicy: q.policy.withinPolicy,
    daysAfterSale: q.policy.daysAfterSale,
    cancelled: toRupees(q.cancelledPaise),
    paid: toRupees(q.paidPaise),
    ...figuresView(applied),
    message: applied.refundPaise === 0 ? NOTHING_REFUNDABLE : null,
    payments: q.payments.map((p) => ({
      _id: p.row.id,
      method: p.row.method ?? null,
      amount: toRupees(p.row.amountPaise),
      refunded: toRupees(p.refundedPaise),
      refundable: toRupees(p.refundablePaise),
      receiptNo: p.row.receiptNo,
    })),
    override: figuresView(q.override),
  };
}

/** GET /payments/refund-quote: the policy's figures for cancelling what is left of the sale today. */
export async function refundQuoteOf(ctx: AppContext, ref: SaleRef): Promise<RefundQuoteView> {
  const sale = await loadSale(ctx.db, ref);
  return quoteView(quoteSale(sale, ctx.clock.today(), ctx.config.tz));
}

/** Card and payment-link money goes back through the provider that took it; cash (and the rest) at the desk. */
export const throughProvider = (p: LedgerRow) =>
  Boolean(p.providerPaymentId) && (p.method === 'card' || p.method === 'payment_link');

export function checkProvider(ctx: AppContext, p: LedgerRow) {
  if (throughProvider(p) && p.provider !== ctx.payments.name) throw conflict(M.otherProvider(p.provider ?? 'another provider'));
}

/** A refund written now and sent to the provider after the commit. */
export interface ToSend {
  refund: LedgerRow;
  payment: LedgerRow;
}

/** Another refund of the same payment won the race (the database's own check): a clear 409, never a 500. */
export function raceOrThrow(err: unknown): never {
  if (pgCode(err) === '23514')
    throw conflict('Another refund of this payment was recorded at the same moment. Please try again.');
  throw err;
}

/**
 * Refunds up to `amountPaise` of the money held on an account (a reservation's or an appointment's deposit, a
 * wallet's top-ups), newest completed payments first (the oldest were spent first), never more than is left of
 * each after the refunds already live: cash completes now (an R/… receipt), card and link money through the
 * provider (pending until it confirms; sent after the commit with `sendToProvider`). Answers what it could not
 * refund (`left`: no payment of its own held it) for the caller to decide (an error, or a move to unapplied).
 * Inside the caller's money transaction, after its ledger lock.
 */
export async function refundHeldPayments(
  ctx: AppContext,
  tx: DbOrTx,
  h: {
    rows: readonly LedgerRow[];
    account: LedgerAccount;
    amountPaise: number;
    by: string;
    note: string;
  },
): Promise<{ refunds: LedgerRow[]; toSend: ToSend[]; left: number }> {
  const now = ctx.clock.now();
  const total = (rows: readonly LedgerRow[]) => rows.reduce((n, r) => n + r.amountPaise, 0);
  const live = h.rows.filter((r) => r.kind === 'refund' && (r.status === 'pending' || r.status === 'completed'));
  const paid = h.rows.filter((r) => r.kind === 'payment' && r.status === 'completed' && r.account === h.account).reverse();
  const refunds: LedgerRow[] = [];
  const toSend: ToSend[] = [];
  let left = h.amountPaise;
  for (const p of paid) {
    if (left === 0) break;
    const amount = Math.min(left, p.amountPaise - total(live.filter((r) => r.refundOf === p.id)));
    if (amount <= 0) continue;
    checkProvider(ctx, p);
    const viaProvider = throughProvider(p);
    const row = await recordRefund(tx, {
      payment: p,
      amountPaise: amount,
      status: viaProvider ? 'pending' : 'completed',
      via: 'desk',
      by: h.by,
      note: h.note,
      account: h.account,
      tz: ctx.config.tz,
      now,
    }).catch(raceOrThrow);
    left -= amount;
    refunds.push(row);
    if (viaProvider) toSend.push({ refund: row, payment: p });
  }
  return { refunds, toSend, left };
}

/**
 * POST /payments/cancel-sale. One money transaction: credits on the sale's charges (newest first) of what is
 * cancelled less the deduction (or what an admin's refund amount implies), pending payments voided, refunds of the
 * refund amount on the sale's completed payments (newest first; cash completes with an R/… receipt, card and link
 * money is pending until the provider confirms), and whatever the sale still holds beyond its charges that no
 * payment of its own can return (money allocated to it) back to the owner's unapplied balance. After the commit:
 * voided links are cancelled and the provider refunds are sent.
 */
export async function cancelSale(
  ctx: AppContext,
  body: SaleRef & { reason: string; refundAmount?: number; overrideReason?: string | null },
  userId: string,
  log?: FastifyBaseLogger,
): Promise<CancelSaleResponse> {
  const pre = await loadSale(ctx.db, body);
  const tz = ctx.config.tz;
  const result = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const now = ctx.clock.now();
    if (body.visitId && (await boardingsOfVisits(tx, [body.visitId])).get(body.visitId)?.isBoarded) {
      throw conflict(M.deboardBeforeCancel);
    }
    const sale = await loadSale(tx, body);
    const q = quoteSale(sale, ctx.clock.today(), tz);
    if (q.remainingPaise === 0 && q.keptByEarlierPaise === 0) {
      const charged = sale.entries.some((e) => e.kind === 'charge' && done(e));
      throw conflict(charged ? M.nothingLeft : M.nothingCharged);
    }
    if (q.cancelledPaise === 0) throw conflict(M.alreadyCancelled);
    if (!q.policy.withinPolicy && !body.overrideReason) throw badRequest(M.windowPassed);

    let f: Figures = q.policy.withinPolicy ? q.policy : q.override;
    if (body.refundAmount !== undefined) {
      const refundPaise = toPaise(body.refundAmount);
      if (refundPaise > q.paidPaise) {
        const message = M.moreThanPaid(formatINR(toRupees(q.paidPaise)));
        throw badRequest(message, { refundAmount: message }, { paid: toRupees(q.paidPaise) });
      }
      // What is kept of the money paid stays charged; the rest of what is cancelled is credited.
      const keptPaise = q.paidPaise - refundPaise;
      const creditPaise = Math.min(q.cancelledPaise, Math.max(0, q.remainingPaise - keptPaise));
      f = { creditPaise, refundPaise, keptPaise, deductionPaise: q.cancelledPaise - creditPaise };
    }

    const note = `Cancelled: ${body.reason}`;
    // 1. Credits: newest charge first, so what stays charged is the sale's own (earliest) charge.
    const credits: LedgerRow[] = [];
    let toCredit = f.creditPaise;
    const charges = sale.entries.filter((e) => e.kind === 'charge' && done(e)).reverse();
    for (const [i, charge] of charges.entries()) {
      if (toCredit === 0) break;
      const left = charge.amountPaise - sum(sale.entries.filter((e) => e.kind === 'credit' && e.creditOf === charge.id));
      const amountPaise = Math.min(left, toCredit);
      if (amountPaise <= 0) continue;
      toCredit -= amountPaise;
      const last = toCredit === 0 || i === charges.length - 1;
      const row = await postCredit(tx, {
        charge,
        amountPaise,
        deductionPaise: last ? f.deductionPaise : 0,
        note,
        createdBy: userId,
        tz,
        now,
      });
      if (row) credits.push(row);
    }
    if (toCredit > 0) throw new Error('refunds: the credit exceeds what is left of the charges');

    // 2. Nothing more is collected for a cancelled sale, and a subscription it sold ends.
    const voided = await voidPending(tx, sale.entries, userId, now);
    await endSoldSubscriptions(
      tx,
      sale.entries.flatMap((e) => (e.kind === 'charge' && e.subscriptionId ? [e.subscriptionId] : [])),
      { visitIds: sale.entries.flatMap((e) => (e.kind === 'charge' && e.visitId ? [e.visitId] : [])), now },
    );

    // 3. Refunds, newest payment first, never more than is left of each.
    const refunds: LedgerRow[] = [];
    const toSend: ToSend[] = [];
    let toRefund = f.refundPaise;
    for (const p of q.payments) {
      if (toRefund === 0) break;
      const amountPaise = Math.min(p.refundablePaise, toRefund);
      if (amountPaise <= 0) continue;
      checkProvider(ctx, p.row);
      const viaProvider = throughProvider(p.row);
      const row = await recordRefund(tx, {
        payment: p.row,
        amountPaise,
        status: viaProvider ? 'pending' : 'completed',
        via: 'desk',
        by: userId,
        note,
        tz,
        now,
      }).catch(raceOrThrow);
      toRefund -= amountPaise;
      refunds.push(row);
      if (viaProvider) toSend.push({ refund: row, payment: p.row });
    }
    // 4. Money the sale holds that none of its payments returns (allocated to it from the owner's balance) goes back.
    await sweepOverpayment(tx, {
      ownerId: sale.ownerId,
      petId: sale.petId,
      subject: sale.subject,
      by: userId,
      now,
      note: `Cancelled: money allocated to the sale returned to the owner’s unapplied balance`,
    });

    const overridden = body.refundAmount !== undefined || !q.policy.withinPolicy;
    await recordAudit(tx, {
      actorId: userId,
      action: overridden ? 'sale.cancel_override' : 'sale.cancel',
      entity: sale.key.replace(/Id$/, ''),
      entityId: sale.id,
      after: {
        reason: body.reason,
        withinPolicy: q.policy.withinPolicy,
        policy: figuresView(q.policy.withinPolicy ? q.policy : q.override),
        applied: figuresView(f),
        ...(overridden
          ? { override: { refundAmount: body.refundAmount ?? null, overrideReason: body.overrideReason ?? null } }
          : {}),
        credits: credits.map((c) => c.id),
        refunds: refunds.map((r) => r.id),
      },
    });
    return { q, f, credits, refunds, toSend, voided };
  });

  await cancelAtProvider(ctx, result.voided, log);
  const sent = await sendToProvider(ctx, result.toSend, userId, { notify: true, log });
  const refunds = result.refunds.map((r) => sent.get(r.id)?.row ?? r);
  return {
    success: true,
    message: M.cancelled,
    credit: result.credits[0] ? toLedgerPayment(result.credits[0]) : null,
    credits: result.credits.map(toLedgerPayment),
    refunds: refunds.map(toLedgerPayment),
    quote: quoteView(result.q, result.f),
  };
}

const ACCOUNT_LABEL: Record<LedgerAccount, string> = {
  sale: 'sale',
  unapplied: 'unapplied',
  wallet: 'wallet',
  deposit: 'deposit',
};

/**
 * POST /payments/refund: part or all of one completed payment. The money leaves the account that holds it: a
 * wallet, deposit or unapplied payment its own account; a sale's payment the owner's unapplied balance (where a
 * void or an overpayment put it; a sale's own overpayment is moved there first), so a refund never makes a sale owe
 * again. Never more than is left of the payment, nor than the account holds.
 */
export async function refundPayment(
  ctx: AppContext,
  body: { paymentId: string; amount: number; reason: string },
  userId: string,
  log?: FastifyBaseLogger,
): Promise<RefundPaymentResponse> {
  const pre = await entryById(ctx.db, body.paymentId);
  if (!pre) throw notFound('Payment');
  const amountPaise = toPaise(body.amount);
  const tz = ctx.config.tz;
  const { refund, toSend } = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const now = ctx.clock.now();
    const p = (await entryById(tx, pre.id))!;
    if (p.kind !== 'payment') throw badRequest(M.notAPayment);
    if (p.status !== 'completed') throw badRequest(M.notRefundable(p.status));
    const refunded = sum((await refundsOf(tx, [p.id])).filter((r) => r.status === 'pending' || r.status === 'completed'));
    const left = p.amountPaise - refunded;
    if (amountPaise > left) {
      const message = M.moreThanLeft(formatINR(toRupees(left)));
      throw badRequest(message, { amount: message }, { left: toRupees(left) });
    }
    let account = p.account;
    if (account === 'sale') {
      await sweepOverpayment(tx, { ownerId: p.ownerId, petId: p.petId, subject: subjectOf(p), by: userId, now });
      account = 'unapplied';
    }
    const held = await entriesOfAccount(tx, p.ownerId, account);
    const heldPaise = ledgerBalance(held).paidPaise - sum(held.filter((e) => e.kind === 'refund' && e.status === 'pending'));
    if (amountPaise > heldPaise) {
      const message = M.moreThanHeld(formatINR(toRupees(Math.max(0, heldPaise))), ACCOUNT_LABEL[account]);
      throw badRequest(message, { amount: message }, { held: toRupees(Math.max(0, heldPaise)) });
    }
    checkProvider(ctx, p);
    const viaProvider = throughProvider(p);
    const row = await recordRefund(tx, {
      payment: p,
      amountPaise,
      status: viaProvider ? 'pending' : 'completed',
      via: 'desk',
      by: userId,
      note: body.reason,
      account,
      tz,
      now,
    }).catch(raceOrThrow);
    await recordAudit(tx, {
      actorId: userId,
      action: 'payment.refund',
      entity: 'payment',
      entityId: p.id,
      after: { refundId: row.id, amount: toRupees(amountPaise), account, reason: body.reason },
    });
    return { refund: row, toSend: viaProvider ? [{ refund: row, payment: p }] : [] };
  });
  const sent = await sendToProvider(ctx, toSend, userId, { notify: false, log });
  const after = sent.get(refund.id);
  if (after?.error) throw after.error;
  return { success: true, message: M.refunded, refund: toLedgerPayment(after?.row ?? refund) };
}

/**
 * After the commit: each pending refund goes to the provider, with the ledger refund's id in its notes; the
 * provider's refund id is attached to the row. A refund the provider refuses (or cannot be reached for) is failed
 * in the ledger: no money left, and what the sale holds for it goes to the owner's unapplied balance (staff are
 * notified when `notify`). Answers the rows as they are now, by id, with the error to answer for a failed one.
 */
export async function sendToProvider(
  ctx: AppContext,
  list: readonly ToSend[],
  userId: string,
  opts: { notify: boolean; log?: FastifyBaseLogger },
): Promise<Map<string, { row: LedgerRow; error?: AppError }>> {
  const out = new Map<string, { row: LedgerRow; error?: AppError }>();
  for (const { refund, payment } of list) {
    let error: AppError | undefined;
    try {
      const r = await ctx.payments.refund(payment.providerPaymentId!, refund.amountPaise, {
        refundId: refund.id,
        paymentId: payment.id,
      });
      await attachProviderRefundId(ctx.db, refund.id, r.id);
      if (r.status === 'failed') throw new ProviderError(400, 'REFUND_FAILED', 'The provider failed the refund');
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      opts.log?.warn({ refund: refund.id, payment: payment.id, err }, 'refund: the provider did not take it');
      const refused = err.status !== null && err.status < 500;
      const detail = refused ? err.message : 'The payment provider could not be reached';
      error = refused ? conflict(`${M.refundFailed}: ${detail}`) : new AppError(502, `${M.refundFailed}: ${detail}`);
      await failRefund(ctx, refund.id, { via: 'desk', by: userId, detail, notify: opts.notify });
    }
    const row = await entryById(ctx.db, refund.id);
    if (row) out.set(row.id, { row, ...(error ? { error } : {}) });
  }
  return out;
}

/**
 * A pending refund that will not happen (the provider failed or refused it): failed, the sale's money it was to
 * return moved to the owner's unapplied balance, and (when asked) a staff notification 'refund_failed'.
 */
async function failRefund(
  ctx: AppContext,
  refundId: string,
  d: { via: 'desk' | 'webhook'; by: string | null; detail: string; notify: boolean },
  tx?: DbOrTx,
): Promise<LedgerRow | undefined> {
  const run = async (db: DbOrTx) => {
    const row = await entryById(db, refundId, true);
    if (row?.kind !== 'refund' || row.status !== 'pending') return row;
    const now = ctx.clock.now();
    const failed = await failPayment(db, row, { via: d.via, by: d.by, now });
    if (row.account === 'sale') {
      await sweepOverpayment(db, {
        ownerId: row.ownerId,
        petId: row.petId,
        subject: subjectOf(row),
        by: d.by,
        now,
        note: 'Refund failed: the money is held on the owner’s unapplied balance',
      });
    }
    if (d.notify) {
      const amount = formatINR(toRupees(row.amountPaise));
      await raiseStaffNotification(db, {
        kind: 'refund_failed',
        title: `Refund of ${amount} failed`,
        body: `The payment provider did not refund ${amount} (${d.detail}). The money is held on the owner's unapplied balance: refund it again, in cash, or apply it to a sale from the owner's statement.`,
        link: row.petId ? `/staff/history?pet=${row.petId}&statement=1` : null,
        ownerId: row.ownerId,
        refs: { paymentId: row.refundOf ?? row.id, refundId: row.id },
        dedupeKey: `refund_failed:${row.id}`,
        now,
      });
    }
    return failed;
  };
  if (tx) return run(tx);
  const pre = await entryById(ctx.db, refundId);
  if (!pre) return undefined;
  return moneyTransaction(ctx, async (t) => {
    await lockLedger(t, [pre.ownerId]);
    return run(t);
  });
}

type Entity = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The provider's refund events this module decides. */
export const isRefundEvent = (event: Entity) => event.event === 'refund.processed' || event.event === 'refund.failed';

/**
 * A `refund.processed` or `refund.failed` webhook: the pending refund it names (by the provider's refund id, or the
 * ledger id in its notes when the webhook came before the id was attached) is completed with an R/… receipt
 * (via 'webhook'), or failed with a staff notification 'refund_failed' and its money held on the owner's unapplied
 * balance. A refund already decided is a `duplicate`; a refund that is not ours is `ignored`.
 */
export async function settleRefundEvent(
  ctx: AppContext,
  event: Entity,
): Promise<{ outcome: 'processed' | 'duplicate' | 'ignored'; row: LedgerRow | null; detail: string | null }> {
  const payload = event.payload as Entity | undefined;
  const wrapper = payload?.refund as Entity | undefined;
  const refund = wrapper?.entity && typeof wrapper.entity === 'object' ? (wrapper.entity as Entity) : null;
  const providerRefundId = str(refund?.id);
  if (!refund || !providerRefundId) return { outcome: 'ignored', row: null, detail: 'no refund in the event' };
  const ledgerId = notesOf(refund.notes).refundId;
  const processed = event.event === 'refund.processed';
  const find = async (db: DbOrTx) =>
    (await refundByProviderRefundId(db, providerRefundId)) ??
    (ledgerId && /^[0-9a-f]{24}$/.test(ledgerId) ? await entryById(db, ledgerId) : undefined);
  const found = await find(ctx.db);
  const ours = (r: LedgerRow | undefined): r is LedgerRow =>
    Boolean(r) && r!.kind === 'refund' && (!r!.providerRefundId || r!.providerRefundId === providerRefundId);
  if (!ours(found)) return { outcome: 'ignored', row: null, detail: 'the refund is not ours' };
  return moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [found.ownerId]);
    const row = (await entryById(tx, found.id, true))!;
    const now = ctx.clock.now();
    if (row.status !== 'pending') {
      if ((processed && row.status === 'completed') || (!processed && row.status === 'failed')) {
        return { outcome: 'duplicate' as const, row, detail: null };
      }
      if (processed && row.status === 'failed') {
        const amount = formatINR(toRupees(row.amountPaise));
        await raiseStaffNotification(tx, {
          kind: 'refund_failed',
          title: `A refund of ${amount} recorded as failed was processed by the provider`,
          body: `The payment provider says it refunded ${amount} (refund ${providerRefundId}), but the ledger recorded that refund as failed. Check the provider's dashboard before refunding this money again.`,
          link: row.petId ? `/staff/history?pet=${row.petId}&statement=1` : null,
          ownerId: row.ownerId,
          refs: { paymentId: row.refundOf ?? row.id, refundId: row.id },
          dedupeKey: `refund_processed_after_failure:${row.id}`,
          now,
        });
        return { outcome: 'ignored' as const, row, detail: 'the ledger recorded this refund as failed; staff notified' };
      }
      return { outcome: 'ignored' as const, row, detail: `the refund is ${row.status} in the ledger` };
    }
    if (processed) {
      const completed = await completeRefund(tx, row, { via: 'webhook', by: null, now, tz: ctx.config.tz, providerRefundId });
      return { outcome: 'processed' as const, row: completed ?? row, detail: null };
    }
    if (!row.providerRefundId) await attachProviderRefundId(tx, row.id, providerRefundId);
    const failed = await failRefund(ctx, row.id, { via: 'webhook', by: null, detail: 'refund.failed', notify: true }, tx);
    return { outcome: 'processed' as const, row: failed ?? row, detail: null };
  });
}
