import {
  addDays,
  daysBetween,
  formatDate,
  refundQuote,
  RESERVATION_MESSAGES as M,
  type ReservationCancelQuote,
  type ReservationMoneyResponse,
  type ReservationRefundResponse,
  type ReservationResponse,
  type ReservationStatus,
  toPaise,
  toRupees,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { createReservationBody, reservationDepositBody } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { recordCapturedPayment } from '../payments/captured-payment.service.ts';
import { createCheckoutOrder, registerCheckoutFulfiller } from '../payments/checkout-orders.service.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import { sendLinkAfterCommit } from '../payments/payment-links.service.ts';
import {
  entriesByIds,
  entriesOfReservations,
  type LedgerRow,
  lockLedger,
  recordPayment,
  toLedgerPayment,
} from '../payments/payments.service.ts';
import { refundHeldPayments, sendToProvider, type ToSend } from '../payments/refunds.service.ts';
import { staySettings } from '../site/settings.service.ts';
import {
  insertReservation,
  insertReservationPets,
  petsOfReservations,
  type ReservationRow,
  updateReservation,
} from './reservations.repo.ts';
import {
  announceReservationChange,
  depositState,
  fullError,
  noticeWaitlistNow,
  priceStay,
  queueConfirmation,
  requireReservation,
  reservationView,
  roomFor,
  wrongState,
  type PricedStay,
} from './reservations.service.ts';

/** A priced stay's part of its reservation row: owner, type, the counting rule's count and the prices. */
function stayColumns(s: PricedStay) {
  return {
    ownerId: s.owner.id,
    visitTypeId: s.type.id,
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    firstDay: s.count.firstDay,
    lastDay: s.count.lastDay,
    countingRule: s.settings.countingRule,
    units: s.count.units,
    unit: s.count.unit,
    halfDays: s.count.halfDays,
    halfDay: s.count.halfDay,
    lateCheckOut: s.count.lateCheckOut,
    label: s.count.label,
    petCount: s.pets.length,
    dayPricePaise: s.type.pricePaise,
    halfDayPricePaise: s.type.halfdayPricePaise,
    pricePerPetPaise: s.pricePerPetPaise,
    pricePaise: s.pricePaise,
  };
}

/**
 * A reservation's money (issue 18): the deposit taken at the desk into the ledger's `deposit` account (cash with a
 * receipt now; a payment link held when paid; a card through a checkout order), the cancellation's refund (the whole
 * deposit more than `freeCancellationDays` before check-in, later the refund policy), the no-show that keeps it and
 * the admin's waiver that refunds it. Every write is one money transaction taking the owner's ledger lock first.
 */

const DEPOSIT_NOTE = 'Reservation deposit';
/** Where a dismissed card checkout sends the desk. */
const STAFF_PAGE = '/staff/reservations';
/** States a deposit may be taken in. */
const OPEN: readonly ReservationStatus[] = ['requested', 'confirmed', 'waitlisted'];

const sum = (rows: readonly LedgerRow[]) => rows.reduce((n, r) => n + r.amountPaise, 0);

/** The deposit payment (cash completed now, a link pending), inside the money transaction. */
async function takeDeposit(
  ctx: AppContext,
  tx: DbOrTx,
  r: ReservationRow,
  d: { amountPaise: number; method: 'cash' | 'payment_link' },
  userId: string,
): Promise<LedgerRow> {
  const cash = d.method === 'cash';
  return (await recordPayment(tx, {
    ownerId: r.ownerId,
    account: 'deposit',
    reservationId: r.id,
    for: {},
    amountPaise: d.amountPaise,
    method: d.method,
    status: cash ? 'completed' : 'pending',
    provider: cash ? null : ctx.payments.name,
    note: DEPOSIT_NOTE,
    createdBy: userId,
    tz: ctx.config.tz,
    now: ctx.clock.now(),
  }))!;
}

/** 400 when the deposit would take more than the reservation's price (held and pending included). */
function checkDepositRoom(r: ReservationRow, rows: readonly LedgerRow[], amountPaise: number) {
  const dep = depositState(rows);
  if (dep.heldPaise + dep.pendingPaise + amountPaise > r.pricePaise) {
    throw badRequest(M.depositMoreThanPrice, { 'deposit.amount': M.depositMoreThanPrice, amount: M.depositMoreThanPrice });
  }
}

/** After the commit: a link is created and emailed, a card's checkout order opened. */
async function depositAfterCommit(
  ctx: AppContext,
  r: ReservationRow,
  payment: LedgerRow | null,
  card: { amountPaise: number } | null,
  userId: string,
): Promise<{ payment: LedgerRow | null; order: ReservationMoneyResponse['order']; message: string | null }> {
  if (card) {
    const order = await createCheckoutOrder(ctx, {
      purpose: 'deposit',
      ownerId: r.ownerId,
      userId,
      amountPaise: card.amountPaise,
      payload: { reservationId: r.id },
      description: DEPOSIT_NOTE,
      cancelPath: STAFF_PAGE,
    });
    return {
      payment: null,
      order: { id: order.id, amount: order.amount, currency: 'INR' as const, keyId: order.keyId, provider: order.provider },
      message: M.depositOrderCreated,
    };
  }
  if (!payment) return { payment: null, order: null, message: null };
  if (payment.status === 'completed') {
    return { payment, order: null, message: M.depositTaken(toRupees(payment.amountPaise)) };
  }
  const sold = await sendLinkAfterCommit(ctx, payment);
  return {
    payment: sold.payment ?? payment,
    order: null,
    message: sold.linkError ?? (sold.linkEmailed === false ? M.depositLinkNoEmail : M.depositLinkSent),
  };
}

/**
 * POST /reservations: confirmed when every day has room for the pets, else waitlisted with `waitlist: true`, else
 * 409 naming the full day. Counted, priced and checked for room inside one money transaction (the owner's ledger
 * lock, then the type's capacity lock: two bookings racing for the last place count one after the other). The
 * confirmation email is queued with it; the optional deposit is taken in it (cash, link) or just after (card).
 */
export async function createReservation(
  ctx: AppContext,
  body: z.output<typeof createReservationBody>,
  userId: string,
): Promise<ReservationMoneyResponse> {
  const deposit = body.deposit ? { amountPaise: toPaise(body.deposit.amount), method: body.deposit.selectedPayment } : null;
  const { row, payment } = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [body.ownerId]);
    const s = await priceStay(ctx, tx, body);
    if (deposit && deposit.amountPaise > s.pricePaise) {
      throw badRequest(M.depositMoreThanPrice, { 'deposit.amount': M.depositMoreThanPrice });
    }
    const room = await roomFor(
      ctx,
      tx,
      { visitTypeId: s.type.id, firstDay: s.count.firstDay, lastDay: s.count.lastDay, pets: s.pets.length },
      true,
    );
    if (!room.fits && !body.waitlist) throw fullError(room, s.pets.length);
    const now = ctx.clock.now();
    const confirmed = room.fits;
    const row = await insertReservation(tx, {
      ...stayColumns(s),
      status: confirmed ? 'confirmed' : 'waitlisted',
      notes: body.notes ?? null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      ...(confirmed ? { confirmedAt: now, confirmedBy: userId } : { waitlistedAt: now }),
    });
    await insertReservationPets(
      tx,
      row.id,
      s.pets.map((p) => p.id),
    );
    await assertMayServe(
      ctx,
      tx,
      { ownerId: body.ownerId, petIds: s.pets.map((p) => p.id) },
      { kind: 'reservation', id: row.id },
    );
    const payment =
      deposit && deposit.method !== 'card'
        ? await takeDeposit(ctx, tx, row, { amountPaise: deposit.amountPaise, method: deposit.method }, userId)
        : null;
    if (confirmed) await queueConfirmation(ctx, tx, row);
    await recordAudit(tx, {
      actorId: userId,
      action: 'reservation.create',
      entity: 'reservation',
      entityId: row.id,
      after: {
        status: row.status,
        visitType: s.type.purpose,
        pets: s.pets.map((p) => p.name),
        label: row.label,
        price: toRupees(row.pricePaise),
        deposit: deposit ? toRupees(deposit.amountPaise) : 0,
      },
    });
    return { row, payment };
  });
  const after = await depositAfterCommit(
    ctx,
    row,
    payment,
    deposit?.method === 'card' ? { amountPaise: deposit.amountPaise } : null,
    userId,
  );
  const base = row.status === 'confirmed' ? M.created : M.waitlisted;
  return {
    success: true as const,
    message: after.message ? `${base}. ${after.message}` : base,
    reservation: await reservationView(ctx.db, row),
    payment: after.payment ? toLedgerPayment(after.payment) : null,
    order: after.order,
  };
}

/**
 * A reservation asked for online (issue 19: an owner books a stay service from the customer area): counted and
 * priced like the desk's, saved as 'requested' (it holds no place until staff confirm it at /staff/reservations),
 * inside the caller's transaction (which holds the owner's ledger lock). Staff are told by the caller.
 */
export async function requestReservation(
  ctx: AppContext,
  tx: DbOrTx,
  b: {
    ownerId: string;
    visitTypeId: string;
    petId: string;
    checkInDate: string;
    checkInTime: string;
    checkOutDate: string;
    checkOutTime: string;
    notes: string | null;
    userId: string;
  },
): Promise<ReservationRow> {
  const s = await priceStay(ctx, tx, {
    ownerId: b.ownerId,
    visitTypeId: b.visitTypeId,
    petIds: [b.petId],
    checkInDate: b.checkInDate,
    checkInTime: b.checkInTime,
    checkOutDate: b.checkOutDate,
    checkOutTime: b.checkOutTime,
    halfDay: false,
  });
  const now = ctx.clock.now();
  const row = await insertReservation(tx, {
    ...stayColumns(s),
    status: 'requested',
    notes: b.notes,
    createdBy: b.userId,
    createdAt: now,
    updatedAt: now,
  });
  await insertReservationPets(tx, row.id, [b.petId]);
  await assertMayServe(ctx, tx, { ownerId: b.ownerId, petIds: [b.petId] }, { kind: 'reservation', id: row.id });
  await recordAudit(tx, {
    actorId: b.userId,
    action: 'reservation.request',
    entity: 'reservation',
    entityId: row.id,
    after: { status: 'requested', visitType: s.type.purpose, label: row.label, price: toRupees(row.pricePaise) },
  });
  return row;
}

/** POST /reservations/:id/deposit: more advance, at most the price less what is held or asked for. */
export async function addDeposit(
  ctx: AppContext,
  id: string,
  body: z.output<typeof reservationDepositBody>,
  userId: string,
): Promise<ReservationMoneyResponse> {
  const pre = await requireReservation(ctx.db, id);
  const amountPaise = toPaise(body.amount);
  const method = body.selectedPayment;
  const { row, payment } = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const row = await requireReservation(tx, id, true);
    if (!OPEN.includes(row.status)) throw wrongState(row.status, 'deposit');
    checkDepositRoom(row, await entriesOfReservations(tx, [row.id]), amountPaise);
    const payment = method === 'card' ? null : await takeDeposit(ctx, tx, row, { amountPaise, method }, userId);
    return { row, payment };
  });
  const after = await depositAfterCommit(ctx, row, payment, method === 'card' ? { amountPaise } : null, userId);
  return {
    success: true as const,
    message: after.message ?? M.depositTaken(toRupees(amountPaise)),
    reservation: await reservationView(ctx.db, row),
    payment: after.payment ? toLedgerPayment(after.payment) : null,
    order: after.order,
  };
}

/**
 * A card deposit's checkout order paid: a completed deposit payment of what the provider CAPTURED, for the
 * reservation the server named when it created the order. A reservation no longer open refuses it (the money is
 * then held on the owner's unapplied balance with a staff notification, by the payments module).
 */
registerCheckoutFulfiller('deposit', async (ctx, tx, order, paid) => {
  const r = await requireReservation(tx, order.payload.reservationId ?? '', true);
  if (!OPEN.includes(r.status)) throw wrongState(r.status, 'deposit');
  const row = await recordCapturedPayment(ctx, tx, order, paid, { account: 'deposit', reservationId: r.id, note: DEPOSIT_NOTE });
  return { paymentId: row.id, result: { reservationId: r.id, depositPaymentId: row.id } };
});

/* ───────────── cancellation, no-show, waiver ───────────── */

/**
 * What cancelling now refunds of the deposit held: all of it when the reservation never held a place (requested,
 * waitlisted) or is cancelled more than `freeCancellationDays` business days before its check-in day; later the
 * refund policy (spec 001 §9, `refundQuote`) on the reservation's price as the amount cancelled, the reservation's
 * creation as the sale: within the policy's window the deduction is kept, after it nothing is refunded.
 */
export function cancelQuote(
  ctx: AppContext,
  r: ReservationRow,
  rows: readonly LedgerRow[],
  freeCancellationDays: number,
): ReservationCancelQuote & { refundPaise: number; heldPaise: number } {
  const held = depositState(rows).heldPaise;
  const today = ctx.clock.today();
  const freeUntil = addDays(r.firstDay, -(freeCancellationDays + 1));
  const free = r.status === 'requested' || r.status === 'waitlisted' || daysBetween(today, r.firstDay) > freeCancellationDays;
  let refundPaise = held;
  if (!free && held > 0) {
    const q = refundQuote({
      saleDate: r.createdAt,
      requestDate: ctx.clock.now(),
      tz: ctx.config.tz,
      cancelledPaise: r.pricePaise,
      paidPaise: held,
      chargedPaise: r.pricePaise,
    });
    refundPaise = Math.min(held, q.refundPaise);
  }
  const kept = held - refundPaise;
  const message =
    held === 0
      ? M.noDeposit
      : refundPaise === held
        ? M.refundsAll(toRupees(held))
        : refundPaise === 0
          ? M.refundsNothing
          : M.refundsPart(toRupees(refundPaise), toRupees(kept));
  return {
    depositHeld: toRupees(held),
    refund: toRupees(refundPaise),
    kept: toRupees(kept),
    free,
    freeUntil,
    freeCancellationDays,
    message,
    refundPaise,
    heldPaise: held,
  };
}

/** GET /reservations/:id/cancel-quote. */
export async function cancelQuoteOf(ctx: AppContext, id: string): Promise<ReservationCancelQuote> {
  const r = await requireReservation(ctx.db, id);
  const { freeCancellationDays } = await staySettings(ctx.db);
  const {
    refundPaise: _r,
    heldPaise: _h,
    ...quote
  } = cancelQuote(ctx, r, await entriesOfReservations(ctx.db, [r.id]), freeCancellationDays);
  return quote;
}

/**
 * Refunds `amountPaise` of the deposit, newest deposit payments first, never more than is left of each: cash now
 * (an R/… receipt), card and link money through the provider (pending until it confirms; sent after the commit).
 */
async function refundDeposit(
  ctx: AppContext,
  tx: DbOrTx,
  rows: readonly LedgerRow[],
  amountPaise: number,
  userId: string,
  note: string,
): Promise<{ refunds: LedgerRow[]; toSend: ToSend[] }> {
  const { refunds, toSend, left } = await refundHeldPayments(ctx, tx, {
    rows,
    account: 'deposit',
    amountPaise,
    by: userId,
    note,
  });
  if (left > 0) throw new Error(`reservation deposit: ${left} paise could not be refunded from its payments`);
  return { refunds, toSend };
}

/** The refunds' answer after the provider was asked (their rows as they are now, in order). */
async function refundsAnswer(ctx: AppContext, refunds: readonly LedgerRow[]) {
  const rows = await entriesByIds(
    ctx.db,
    refunds.map((r) => r.id),
  );
  const order = new Map(refunds.map((r, i) => [r.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const given = rows.filter((r) => r.status !== 'failed');
  return { refunded: toRupees(sum(given)), refunds: rows.map(toLedgerPayment) };
}

/**
 * POST /reservations/:id/cancel: requested, confirmed or waitlisted → cancelled, with the reason. Deposit links
 * and checkouts still pending are voided; the quote's refund is given back (the rest is kept). A confirmed one frees
 * its places: the waitlist is told.
 */
export async function cancelReservation(
  ctx: AppContext,
  id: string,
  reason: string,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<ReservationRefundResponse> {
  const pre = await requireReservation(ctx.db, id);
  const { freeCancellationDays } = await staySettings(ctx.db);
  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const r = await requireReservation(tx, id, true);
    if (!OPEN.includes(r.status)) throw wrongState(r.status, 'cancel');
    const now = ctx.clock.now();
    const rows = await entriesOfReservations(tx, [r.id]);
    const quote = cancelQuote(ctx, r, rows, freeCancellationDays);
    const voided = await voidPending(
      tx,
      rows.filter((e) => e.account === 'deposit'),
      userId,
      now,
    );
    const { refunds, toSend } =
      quote.refundPaise > 0
        ? await refundDeposit(ctx, tx, rows, quote.refundPaise, userId, `Reservation cancelled: ${reason}`)
        : { refunds: [], toSend: [] };
    const row = (await updateReservation(tx, r.id, OPEN, {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: userId,
      cancelReason: reason,
    }))!;
    await announceReservationChange(tx, { reservation: row, from: r.status, by: userId, now });
    await recordAudit(tx, {
      actorId: userId,
      action: 'reservation.cancel',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status, depositHeld: quote.depositHeld },
      after: { status: 'cancelled', reason, refund: quote.refund, kept: quote.kept },
    });
    return { row, wasConfirmed: r.status === 'confirmed', refunds, toSend, voided };
  });
  await cancelAtProvider(ctx, done.voided, log);
  await sendToProvider(ctx, done.toSend, userId, { notify: true, log });
  if (done.wasConfirmed) await noticeWaitlistNow(ctx, done.row.visitTypeId);
  return {
    success: true as const,
    message: M.cancelled,
    reservation: await reservationView(ctx.db, done.row),
    ...(await refundsAnswer(ctx, done.refunds)),
  };
}

/**
 * POST /reservations/:id/no-show: a confirmed reservation whose check-in day has come and that never came; the
 * deposit is kept (an admin may waive it), pending deposit links are voided, its places go to the waitlist.
 */
export async function markNoShow(
  ctx: AppContext,
  id: string,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<ReservationResponse> {
  const pre = await requireReservation(ctx.db, id);
  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const r = await requireReservation(tx, id, true);
    if (r.status !== 'confirmed') throw wrongState(r.status, 'noShow');
    if (ctx.clock.today() < r.firstDay) throw conflict(M.noShowTooEarly(formatDate(r.firstDay)));
    const now = ctx.clock.now();
    const rows = await entriesOfReservations(tx, [r.id]);
    const voided = await voidPending(
      tx,
      rows.filter((e) => e.account === 'deposit'),
      userId,
      now,
    );
    const row = (await updateReservation(tx, r.id, ['confirmed'], { status: 'no_show', noShowAt: now, noShowBy: userId }))!;
    await announceReservationChange(tx, { reservation: row, from: r.status, by: userId, now });
    await recordAudit(tx, {
      actorId: userId,
      action: 'reservation.no_show',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'no_show', depositKept: toRupees(depositState(rows).heldPaise) },
    });
    return { row, voided };
  });
  await cancelAtProvider(ctx, done.voided, log);
  await noticeWaitlistNow(ctx, done.row.visitTypeId);
  return { success: true as const, message: M.noShow, reservation: await reservationView(ctx.db, done.row) };
}

/** POST /reservations/:id/waive (admins): a no-show's kept deposit is refunded in full; audited. */
export async function waiveNoShow(
  ctx: AppContext,
  id: string,
  reason: string,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<ReservationRefundResponse> {
  const pre = await requireReservation(ctx.db, id);
  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const r = await requireReservation(tx, id, true);
    if (r.status !== 'no_show' || r.waivedAt) throw wrongState(r.status, 'waive');
    const rows = await entriesOfReservations(tx, [r.id]);
    const held = depositState(rows).heldPaise;
    if (held <= 0) throw badRequest(M.nothingToWaive);
    const now = ctx.clock.now();
    const { refunds, toSend } = await refundDeposit(ctx, tx, rows, held, userId, `No-show deposit waived: ${reason}`);
    const row = (await updateReservation(tx, r.id, ['no_show'], { waivedAt: now, waivedBy: userId, waiveReason: reason }))!;
    await recordAudit(tx, {
      actorId: userId,
      action: 'reservation.waive',
      entity: 'reservation',
      entityId: r.id,
      before: { depositKept: toRupees(held) },
      after: { reason, refunded: toRupees(held) },
    });
    return { row, refunds, toSend };
  });
  await sendToProvider(ctx, done.toSend, userId, { notify: true, log });
  return {
    success: true as const,
    message: M.waived,
    reservation: await reservationView(ctx.db, done.row),
    ...(await refundsAnswer(ctx, done.refunds)),
  };
}

/**
 * POST /reservations/:id/confirm: a requested or waitlisted reservation takes its places when every day has room
 * (409 naming the full day otherwise); its check-in day must not be past. The confirmation email is queued with it.
 */
export async function confirmReservation(ctx: AppContext, id: string, userId: string): Promise<ReservationResponse> {
  const pre = await requireReservation(ctx.db, id);
  const row = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const room = await roomFor(
      ctx,
      tx,
      { visitTypeId: pre.visitTypeId, firstDay: pre.firstDay, lastDay: pre.lastDay, pets: pre.petCount },
      true,
    );
    const r = await requireReservation(tx, id, true);
    if (r.status !== 'requested' && r.status !== 'waitlisted') throw wrongState(r.status, 'confirm');
    if (r.firstDay < ctx.clock.today()) throw conflict(M.inThePast);
    if (!room.fits) throw fullError(room, r.petCount);
    const now = ctx.clock.now();
    const row = (await updateReservation(tx, r.id, ['requested', 'waitlisted'], {
      status: 'confirmed',
      confirmedAt: now,
      confirmedBy: userId,
    }))!;
    const petIds = (await petsOfReservations(tx, [r.id])).map((p) => p.petId);
    await assertMayServe(ctx, tx, { ownerId: r.ownerId, petIds }, { kind: 'reservation', id: r.id });
    await announceReservationChange(tx, { reservation: row, from: r.status, by: userId, now });
    await queueConfirmation(ctx, tx, row);
    await recordAudit(tx, {
      actorId: userId,
      action: 'reservation.confirm',
      entity: 'reservation',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'confirmed' },
    });
    return row;
  });
  return { success: true as const, message: M.confirmed, reservation: await reservationView(ctx.db, row) };
}
