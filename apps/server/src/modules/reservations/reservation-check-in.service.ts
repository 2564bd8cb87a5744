import {
  daysBetween,
  formatDate,
  RESERVATION_MESSAGES as M,
  type ReservationCheckInBody,
  type ReservationResponse,
  toRupees,
  VISIT_TYPE_CODE,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { asAlreadyBoarded } from '../boarding/boarding.service.ts';
import { lockTypeCapacity } from '../boarding/occupancy.service.ts';
import { cancelAtProvider, moneyTransaction, voidPending } from '../payments/money.service.ts';
import { allocate, entriesOfReservations, lockLedger, type Subject } from '../payments/payments.service.ts';
import { sellVisitIn, type VisitSale } from '../sales/visit-sale.service.ts';
import { requireHeldSubscription } from '../subscriptions/subscriptions.service.ts';
import { visitTypeById } from '../visit-types/visit-types.service.ts';
import { petsOfReservations, setPetStay, updateReservation } from './reservations.repo.ts';
import {
  announceReservationChange,
  depositState,
  requireReservation,
  reservationView,
  wrongState,
} from './reservations.service.ts';

/** Purposes sold only with the pet's subscription (as New Visit sells them): the stay costs nothing then. */
const PLAN_ONLY: readonly string[] = [VISIT_TYPE_CODE['Day School'], VISIT_TYPE_CODE['Play School']];

/**
 * POST /reservations/:id/check-in (issue 18): on or after the check-in day (and not after the last day), a confirmed
 * reservation becomes the stays that exist today, in ONE money transaction: for each pet, New Visit's boarding sale
 * (`sellVisitIn`: the visit, the boarding, the admission rule, the charge at the reservation's price per pet; Day
 * School and Play School on the pet's plan at ₹0), booked from today to the reservation's last day; then the deposit
 * is applied to the stays' sales as allocations deposit → sale (what is left beyond their charges goes to the owner's
 * unapplied balance) and deposit links still pending are voided. The reservation stops holding places as a
 * reservation in the same transaction: its stays hold them now. Locks: the owner's ledger, the type's capacity, the
 * reservation row.
 */
export async function checkInReservation(
  ctx: AppContext,
  id: string,
  body: ReservationCheckInBody,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<ReservationResponse> {
  const pre = await requireReservation(ctx.db, id);
  if (pre.status === 'cancelled') throw conflict(M.checkInCancelled);
  const type = await visitTypeById(ctx.db, pre.visitTypeId);
  if (!type) throw notFound('Visit type');
  const petIds = (await petsOfReservations(ctx.db, [pre.id])).map((p) => p.petId);
  let done: Awaited<ReturnType<typeof run>>;
  const run = () =>
    moneyTransaction(ctx, async (tx) => {
      await lockLedger(tx, [pre.ownerId]);
      await lockTypeCapacity(tx, pre.visitTypeId);
      const r = await requireReservation(tx, id, true);
      if (r.status === 'cancelled') throw conflict(M.checkInCancelled);
      if (r.status !== 'confirmed') throw wrongState(r.status, 'checkIn');
      const today = ctx.clock.today();
      if (today < r.firstDay) throw conflict(M.checkInTooEarly(formatDate(r.firstDay)));
      if (today > r.lastDay) throw conflict(M.checkInTooLate(formatDate(r.lastDay)));
      const now = ctx.clock.now();
      // From here its stays hold its places (the capacity check of each sale counts them, not the reservation).
      const row = (await updateReservation(tx, r.id, ['confirmed'], {
        status: 'checked_in',
        checkedInAt: now,
        checkedInBy: userId,
      }))!;
      await announceReservationChange(tx, { reservation: row, from: r.status, by: userId, now });
      const days = daysBetween(today, r.lastDay) + 1;
      const stays: { petId: string; subject: Subject; chargePaise: number }[] = [];
      for (const p of await petsOfReservations(tx, [r.id])) {
        const held = PLAN_ONLY.includes(type.code)
          ? await requireHeldSubscription(tx, p.petId, type, body.planId, today)
          : undefined;
        const pricePaise = held ? 0 : r.pricePerPetPaise;
        const sale: VisitSale = {
          petId: p.petId,
          type,
          userId,
          pricePaise,
          discountPaise: 0,
          isSubscriptionAvailed: Boolean(held),
          subscriptionId: held?.row.id ?? null,
          numberOfDays: days,
          note: r.notes,
          details: {
            purpose: type.purpose,
            initialPrice: toRupees(pricePaise),
            discount: 0,
            price: toRupees(pricePaise),
            finalPrice: toRupees(pricePaise),
            numberOfDays: days,
            isSubscriptionAvailed: Boolean(held),
            ...(held ? { planId: held.plan.id, subscriptionId: held.row.id } : {}),
            reservationId: r.id,
            stay: r.label,
          },
          boardingDays: days,
          admissionAcknowledged: body.admissionAcknowledged,
          pay: { paidNowPaise: 0, method: 'not_recorded', paymentType: 'payment_after_service' },
        };
        const sold = await sellVisitIn(ctx, tx, sale, r.ownerId);
        await setPetStay(tx, p.id, { boardingId: sold.boarding!.id, visitId: sold.visit.id });
        stays.push({
          petId: p.petId,
          subject: { visitId: sold.visit.id, boardingId: sold.boarding!.id },
          chargePaise: pricePaise,
        });
      }
      const rows = await entriesOfReservations(tx, [r.id]);
      const voided = await voidPending(
        tx,
        rows.filter((e) => e.account === 'deposit'),
        userId,
        now,
      );
      let left = depositState(rows).heldPaise;
      const applied = left;
      for (const s of stays) {
        const amountPaise = Math.min(left, s.chargePaise);
        if (amountPaise <= 0) continue;
        await allocate(tx, {
          ownerId: r.ownerId,
          from: { account: 'deposit', reservationId: r.id, petId: s.petId },
          to: { account: 'sale', for: s.subject, petId: s.petId },
          amountPaise,
          by: userId,
          note: 'Deposit applied at check-in',
          now,
        });
        left -= amountPaise;
      }
      if (left > 0) {
        await allocate(tx, {
          ownerId: r.ownerId,
          from: { account: 'deposit', reservationId: r.id },
          to: { account: 'unapplied' },
          amountPaise: left,
          by: userId,
          note: 'Deposit beyond the stays’ charges: moved to the owner’s unapplied balance',
          now,
        });
      }
      await recordAudit(tx, {
        actorId: userId,
        action: 'reservation.check_in',
        entity: 'reservation',
        entityId: r.id,
        before: { status: r.status },
        after: { status: 'checked_in', stays: stays.map((s) => s.subject.boardingId), depositApplied: toRupees(applied) },
      });
      return { row, voided };
    });
  try {
    done = await run();
  } catch (err) {
    let e: unknown = err;
    for (const petId of petIds) e = await asAlreadyBoarded(ctx.db, petId, e);
    throw e;
  }
  await cancelAtProvider(ctx, done.voided, log);
  return { success: true as const, message: M.checkedIn, reservation: await reservationView(ctx.db, done.row) };
}
