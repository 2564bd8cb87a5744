import {
  type Appointment,
  type AppointmentCancelQuoteResponse,
  type AppointmentSettings,
  APPOINTMENT_MESSAGES as M,
  type AppointmentPaymentState,
  type AppointmentStatusName,
  appointmentCancelRefund,
  appointmentTransition,
  type BookableServicesResponse,
  businessDayOf,
  type CreateAppointmentResponse,
  daysBetween,
  earliestAppointmentDate,
  formatDate,
  formatINR,
  importedBookingGap,
  isIsoDate,
  NOT_BOOKABLE,
  type OnlineAppointmentsResponse,
  type AppointmentSlotsResponse,
  pickupFarePaise,
  type ReservationStatus,
  shortAppointmentId,
  slotCapacityFor,
  STAY_APPOINTMENT_PURPOSES,
  toRupees,
  VISIT_TYPE_CODE,
  ageInMonths,
  ageInYears,
} from '@pawdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { createAppointmentBody } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, pgConstraint } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findUsersByIds } from '../auth/auth.service.ts';
import { recordCapturedPayment } from '../payments/captured-payment.service.ts';
import { createCheckoutOrder, registerCheckoutFulfiller } from '../payments/checkout-orders.service.ts';
import { moneyTransaction } from '../payments/money.service.ts';
import { entriesOfAppointments, type LedgerRow, lockLedger } from '../payments/payments.service.ts';
import { refundHeldPayments, sendToProvider, type ToSend } from '../payments/refunds.service.ts';
import { admissionCheck } from '../pets/admission.service.ts';
import { assertMayServe } from '../donotserve/do-not-serve.service.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { petsOfOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { cancelReservation, confirmReservation, requestReservation } from '../reservations/reservation-money.service.ts';
import { onReservationChanged, reservationsByIds } from '../reservations/reservations.service.ts';
import { appointmentSettings, staySettings } from '../site/settings.service.ts';
import { catalogueServiceVisitType, setCatalogueVisitTypeNamer } from '../site/site.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { allVisitTypes, type VisitTypeRow, visitTypeById, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { announceAppointment, type AppointmentEvent } from './appointment-events.ts';
// Registers the sale path's appointment credit (sales asks through a port: it does not import appointments).
import './appointment-visit.service.ts';
import {
  type AppointmentRow,
  appointmentById,
  appointmentOfReservation,
  appointmentsOfCustomer,
  appointmentsOn,
  insertAppointment,
  lockPickupDay,
  lockSlotDay,
  pickupsPerTime,
  takenPerTime,
  updateAppointment,
} from './appointments.repo.ts';

export { onAppointmentEvent, type AppointmentEvent, type AppointmentEventListener } from './appointment-events.ts';

/**
 * Online appointments (issue 19; contract in packages/shared/src/appointments). A customer books a visit type for
 * one of their own pets: a slot (date + time from the slot table, places per service per slot, one pickup vehicle
 * per slot) or, for stays, a reservation request through the reservations module. Prices come from the visit type
 * and the fare rule only. Money paid online is held in the ledger's deposit account naming the appointment and
 * refunded on cancellation by the rule (`appointmentCancelRefund`).
 */

/** Longest list one call answers (a customer's history, a day at the desk). */
const LIST_MAX = 500;
/** How far ahead a booking may be. */
const MAX_AHEAD_DAYS = 180;
const STAFF_PAGE = '/staff/onlinecustomerappointment';
const CUSTOMER_PAGE = '/customer/seeappointment';
const DEPOSIT_NOTE = 'Appointment paid online';
/** A stay booked without a time when the slot table is empty: the reservation's expected check-in. */
const STAY_CHECK_IN = '09:00';

const STAY_CODES: readonly string[] = STAY_APPOINTMENT_PURPOSES.map((p) => VISIT_TYPE_CODE[p]);
const NOT_BOOKABLE_CODES: readonly string[] = NOT_BOOKABLE.map((p) => VISIT_TYPE_CODE[p]);

const kindOf = (t: VisitTypeRow): 'slot' | 'stay' => (STAY_CODES.includes(t.code) ? 'stay' : 'slot');
const bookable = (t: VisitTypeRow) => t.active && !NOT_BOOKABLE_CODES.includes(t.code);

const fail = (field: string, message: string) => badRequest(message, { [field]: message });

// The public catalogue answers the purpose of the visit type each service books.
setCatalogueVisitTypeNamer(async (db, ids) => new Map((await visitTypesByIds(db, ids)).map((t) => [t.id, t.purpose] as const)));

/* ───────────── views ───────────── */

/** What a stay appointment's status is while its reservation decides it. */
const FROM_RESERVATION: Record<ReservationStatus, AppointmentStatusName> = {
  requested: 'pending',
  waitlisted: 'pending',
  confirmed: 'confirmed',
  checked_in: 'completed',
  checked_out: 'completed',
  cancelled: 'cancelled',
  no_show: 'cancelled',
};

interface ViewExtras {
  user?: { id: string; fullName: string; email: string };
  reservation?: { id: string; firstDay: string; lastDay: string; status: ReservationStatus };
  ledger: readonly LedgerRow[];
}

/** The status shown: the row's once final, else (a stay) its reservation's. */
function effectiveStatus(r: AppointmentRow, res?: ViewExtras['reservation']): AppointmentStatusName {
  if (r.status === 'completed' || r.status === 'cancelled' || !res) return r.status;
  return FROM_RESERVATION[res.status];
}

function moneyHeld(rows: readonly LedgerRow[]) {
  const paid = rows.filter((e) => e.kind === 'payment' && e.status === 'completed').reduce((n, e) => n + e.amountPaise, 0);
  const refunded = rows
    .filter((e) => e.kind === 'refund' && (e.status === 'completed' || e.status === 'pending'))
    .reduce((n, e) => n + e.amountPaise, 0);
  // Applied to the visit that fulfilled it, or moved to unapplied (issue 19): no longer held, never refunded here.
  const applied = rows
    .filter((e) => e.kind === 'allocation' && e.direction === 'out' && e.status === 'completed')
    .reduce((n, e) => n + e.amountPaise, 0);
  return {
    paid,
    refunded,
    applied,
    held: Math.max(0, paid - refunded - applied),
    firstPaidAt: rows.find((e) => e.kind === 'payment')?.paidAt ?? null,
  };
}

function paymentState(r: AppointmentRow, rows: readonly LedgerRow[]): AppointmentPaymentState {
  if (r.paymentMode === 'desk') return 'desk';
  const { paid, refunded } = moneyHeld(rows);
  if (paid === 0) return 'awaiting';
  if (refunded >= paid) return 'refunded';
  if (refunded > 0) return 'part_refunded';
  return 'paid';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(r: AppointmentRow, x: ViewExtras): Appointment {
  const m = moneyHeld(x.ledger);
  return {
    _id: r.id,
    shortId: shortAppointmentId(r.id),
    status: effectiveStatus(r, x.reservation),
    kind: r.kind,
    customerId: { _id: r.customerId, fullName: x.user?.fullName ?? '', email: x.user?.email ?? '' },
    serviceId: { _id: r.visitTypeId, name: r.serviceName },
    serviceName: r.serviceName,
    servicePrice: toRupees(r.servicePricePaise),
    appointmentDate: r.appointmentDate,
    appointmentTime: r.appointmentTime,
    endDate: r.endDate,
    petId: r.petId,
    petName: r.petName,
    petBreed: r.petBreed ?? '',
    petAge: r.petAge ?? 'N/A',
    petSpecies: r.petSpecies ?? '',
    notes: r.notes ?? '',
    totalAmount: toRupees(r.totalAmountPaise),
    pickup:
      r.pickupAddress !== null
        ? { address: r.pickupAddress, km: Number(r.pickupKm ?? 0), fare: toRupees(r.pickupFarePaise) }
        : null,
    payment: { mode: r.paymentMode, state: paymentState(r, x.ledger), paid: toRupees(m.paid), refunded: toRupees(m.refunded) },
    reservation: x.reservation
      ? { _id: x.reservation.id, firstDay: x.reservation.firstDay, lastDay: x.reservation.lastDay, status: x.reservation.status }
      : null,
    visitNotes: r.visitNotes,
    cancelReason: r.cancelReason,
    cancelledBy: r.cancelledByRole,
    visitId: r.visitId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
    completedAt: iso(r.completedAt),
    cancelledAt: iso(r.cancelledAt),
  };
}

async function views(db: DbOrTx, rows: readonly AppointmentRow[]): Promise<Appointment[]> {
  // One query each for the customers, the stays' reservations and the deposits, whatever the number of rows.
  const reservationIds = rows.flatMap((r) => (r.reservationId ? [r.reservationId] : []));
  const [userRows, reservationRows, ledger] = await Promise.all([
    findUsersByIds(
      db,
      rows.map((r) => r.customerId),
    ),
    reservationsByIds(db, reservationIds),
    entriesOfAppointments(
      db,
      rows.filter((r) => r.paymentMode === 'online').map((r) => r.id),
    ),
  ]);
  const users = new Map(userRows.map((u) => [u.id, { id: u.id, fullName: u.fullName, email: u.email }]));
  const reservations = new Map(
    reservationRows.map((res) => [res.id, { id: res.id, firstDay: res.firstDay, lastDay: res.lastDay, status: res.status }]),
  );
  for (const id of reservationIds) if (!reservations.has(id)) throw notFound('Reservation');
  const ledgerOf = new Map<string, LedgerRow[]>();
  for (const e of ledger) {
    if (!e.appointmentId) continue;
    const list = ledgerOf.get(e.appointmentId);
    if (list) list.push(e);
    else ledgerOf.set(e.appointmentId, [e]);
  }
  return rows.map((r) =>
    toView(r, {
      user: users.get(r.customerId),
      reservation: r.reservationId ? reservations.get(r.reservationId) : undefined,
      ledger: ledgerOf.get(r.id) ?? [],
    }),
  );
}

const viewOf = async (db: DbOrTx, r: AppointmentRow) => (await views(db, [r]))[0]!;

/* ───────────── services and slots ───────────── */

/** The visit type a request names: a visit type id, or a catalogue service that names one; bookable only. */
async function resolveService(db: DbOrTx, serviceId: string | null | undefined): Promise<VisitTypeRow> {
  if (!serviceId || !/^[0-9a-f]{24}$/.test(serviceId)) throw new AppError(404, M.serviceNotFound);
  let type = await visitTypeById(db, serviceId);
  if (!type) {
    const viaCatalogue = await catalogueServiceVisitType(db, serviceId);
    if (viaCatalogue) type = await visitTypeById(db, viaCatalogue);
  }
  if (!type?.active) throw new AppError(404, M.serviceNotFound);
  if (!bookable(type)) throw fail('serviceId', M.notBookable);
  return type;
}

/** GET /customerappointment/services. */
export async function bookableServices(ctx: AppContext): Promise<BookableServicesResponse> {
  const [types, settings] = await Promise.all([allVisitTypes(ctx.db, { activeOnly: true }), appointmentSettings(ctx.db)]);
  return {
    success: true as const,
    services: types.filter(bookable).map((t) => ({
      _id: t.id,
      name: t.purpose,
      code: t.code,
      price: toRupees(t.pricePaise),
      kind: kindOf(t),
      admission: t.isBoarding,
    })),
    pickupFare: settings.pickupFare,
    earliestDate: earliestAppointmentDate(ctx.clock.now(), ctx.config.tz),
    ownerCancelWindowHours: settings.ownerCancelWindowHours,
  };
}

/** GET /customerappointment/slots?serviceId=&date=. */
export async function slotsOf(ctx: AppContext, q: { serviceId: string; date: string }): Promise<AppointmentSlotsResponse> {
  const type = await resolveService(ctx.db, q.serviceId);
  const date = businessDayOf(q.date, ctx.config.tz);
  const settings = await appointmentSettings(ctx.db);
  const open = date >= earliestAppointmentDate(ctx.clock.now(), ctx.config.tz);
  const kind = kindOf(type);
  const [taken, pickups] = await Promise.all([takenPerTime(ctx.db, type.id, date), pickupsPerTime(ctx.db, date)]);
  const capacity = slotCapacityFor(settings, type.code);
  return {
    success: true as const,
    date,
    serviceId: type.id,
    kind,
    slots: settings.slots.map((time) => ({
      time,
      available: open && (kind === 'stay' || (taken.get(time) ?? 0) < capacity),
      pickupAvailable: open && (pickups.get(time) ?? 0) < settings.pickupVehiclesPerSlot,
    })),
  };
}

/* ───────────── booking ───────────── */

function petAgeText(dob: string | null, today: string): string {
  const years = ageInYears(dob, today);
  if (years === null) return 'N/A';
  if (years >= 1) return `${years} ${years === 1 ? 'year' : 'years'}`;
  const months = ageInMonths(dob, today) ?? 0;
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/**
 * POST /customerappointment/createappoint: checks the caller's pet, the service, the date (tomorrow or later), the
 * time (from the slot table), the admission rule for boarding services and the pickup; prices from the visit type
 * and the fare rule; then, in one money transaction (owner's ledger lock, then the service's day lock, then the
 * vehicle's day lock), refuses a full slot or a taken vehicle with 409 and saves it pending. A stay asks for a
 * reservation for appointmentDate..endDate. With `payOnline` a checkout order for the total is answered.
 */
export async function createAppointment(
  ctx: AppContext,
  body: z.output<typeof createAppointmentBody>,
  who: Principal,
): Promise<CreateAppointmentResponse> {
  const tz = ctx.config.tz;
  const owner = await customerOwnerOf(ctx.db, who.id);
  if (!owner || (await petsOfOwner(ctx.db, { userId: who.id }, 1)).length === 0) throw badRequest(M.noPet);
  if (!/^[0-9a-f]{24}$/.test(body.petId)) throw fail('petId', M.invalidPet);
  const pet = (await petsWithOwnersByIds(ctx.db, [body.petId])).get(body.petId);
  if (!pet || pet.owner.id !== owner.id) throw fail('petId', M.invalidPet);
  const type = await resolveService(ctx.db, body.serviceId);
  const kind = kindOf(type);
  if (!isIsoDate(body.appointmentDate) && Number.isNaN(Date.parse(body.appointmentDate))) throw fail('appointmentDate', M.date);
  const date = businessDayOf(body.appointmentDate, tz);
  if (!isIsoDate(date)) throw fail('appointmentDate', M.date);
  const earliest = earliestAppointmentDate(ctx.clock.now(), tz);
  if (date < earliest) throw fail('appointmentDate', M.dateTooEarly);
  if (daysBetween(ctx.clock.today(), date) > MAX_AHEAD_DAYS) throw fail('appointmentDate', M.dateTooFar);
  const settings = await appointmentSettings(ctx.db);
  // A stay has no slot: without pickup its time may be left out (the appointment answers '' and its reservation
  // expects the pet at the first slot of the day, docs/decisions.md).
  const time = body.appointmentTime ?? '';
  if (!time && (kind === 'slot' || body.pickup)) throw fail('appointmentTime', M.required);
  if (time && !settings.slots.includes(time)) throw fail('appointmentTime', M.slotInvalid);
  let endDate: string | null = null;
  if (kind === 'stay') {
    if (!body.endDate) throw fail('endDate', M.endDateRequired);
    endDate = businessDayOf(body.endDate, tz);
    if (!isIsoDate(endDate)) throw fail('endDate', M.date);
    if (endDate < date) throw fail('endDate', M.endDateBeforeStart);
  }
  if (type.isBoarding) {
    const { missing } = await admissionCheck(ctx.db, pet.id, date);
    if (missing.length > 0) {
      throw conflict(`${pet.name} cannot be booked for ${type.purpose}: ${missing.join('; ')}. Please contact the resort.`, {
        missing,
      });
    }
  }
  let farePaise = 0;
  if (body.pickup) {
    if (settings.pickupVehiclesPerSlot === 0) throw fail('pickup', M.pickupTaken);
    if (body.pickup.km > settings.pickupFare.maxKm) throw fail('pickup.km', M.pickupKm(settings.pickupFare.maxKm));
    farePaise = pickupFarePaise(body.pickup.km, settings.pickupFare);
  }
  const payOnline = body.payOnline === true;
  if (payOnline && kind === 'stay') throw fail('payOnline', M.stayPaidAtDesk);

  const row = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [owner.id]);
    let reservationId: string | null = null;
    let servicePaise = type.pricePaise;
    if (kind === 'slot') {
      await lockSlotDay(tx, type.id, date);
      const taken = (await takenPerTime(tx, type.id, date)).get(time) ?? 0;
      if (taken >= slotCapacityFor(settings, type.code)) throw conflict(M.slotFull);
    }
    if (body.pickup) {
      await lockPickupDay(tx, date);
      const used = (await pickupsPerTime(tx, date)).get(time) ?? 0;
      if (used >= settings.pickupVehiclesPerSlot) throw conflict(M.pickupTaken);
    }
    if (kind === 'stay' && endDate) {
      const stay = await staySettings(tx);
      const checkInTime = time || (settings.slots[0] ?? STAY_CHECK_IN);
      const checkOutTime = endDate === date ? '18:00' : stay.checkOutTime;
      const res = await requestReservation(ctx, tx, {
        ownerId: owner.id,
        visitTypeId: type.id,
        petId: pet.id,
        checkInDate: date,
        checkInTime,
        checkOutDate: endDate,
        checkOutTime: checkOutTime > checkInTime || endDate !== date ? checkOutTime : '23:00',
        notes: body.notes,
        userId: who.id,
      });
      reservationId = res.id;
      servicePaise = res.pricePaise;
    }
    const now = ctx.clock.now();
    const total = servicePaise + farePaise;
    if (payOnline && total <= 0) throw badRequest(M.payOnlineNoAmount);
    let saved: AppointmentRow;
    try {
      saved = await tx.transaction((sp) =>
        insertAppointment(sp, {
          customerId: who.id,
          ownerId: owner.id,
          visitTypeId: type.id,
          kind,
          serviceId: body.serviceId ?? type.id,
          serviceName: type.purpose,
          servicePricePaise: servicePaise,
          appointmentDate: date,
          appointmentTime: time,
          endDate,
          petId: pet.id,
          petName: pet.name,
          petBreed: pet.breed,
          petAge: petAgeText(pet.dob, date),
          petSpecies: pet.species,
          notes: body.notes,
          pickupAddress: body.pickup?.address ?? null,
          pickupKm: body.pickup?.km ?? null,
          pickupFarePaise: farePaise,
          totalAmountPaise: total,
          paymentMode: payOnline ? 'online' : 'desk',
          status: 'pending',
          reservationId,
          createdAt: now,
          updatedAt: now,
        }),
      );
    } catch (err) {
      if (pgConstraint(err) === 'appointments_pet_slot_uq') {
        throw conflict(`${pet.name} already has an appointment${time ? ` at ${time}` : ''} on ${formatDate(date)}`);
      }
      throw err;
    }
    // Do not serve: a flagged owner or pet cannot book (the booking screens mark the pet; the server refuses anyway).
    await assertMayServe(ctx, tx, { ownerId: owner.id, petIds: [pet.id] }, { kind: 'appointment', id: saved.id });
    await raiseStaffNotification(tx, {
      kind: 'appointment_booked',
      title: 'New online booking',
      body: `${owner.name} booked ${type.purpose} for ${pet.name} on ${formatDate(date)}${kind === 'stay' && endDate ? ` to ${formatDate(endDate)}` : ` at ${time}`}${body.pickup ? ', with pickup' : ''} (${formatINR(toRupees(total))})`,
      link: kind === 'stay' ? '/staff/reservations' : STAFF_PAGE,
      ownerId: owner.id,
      refs: { appointmentId: saved.id, ...(reservationId ? { reservationId } : {}) },
      now,
    });
    await announceAppointment(tx, eventOf(saved, 'booked', who.id, now));
    await recordAudit(tx, {
      actorId: who.id,
      action: 'appointment.create',
      entity: 'appointment',
      entityId: saved.id,
      after: {
        service: type.purpose,
        date,
        time,
        pet: pet.name,
        total: toRupees(total),
        pickup: body.pickup ? body.pickup.km : null,
      },
    });
    return saved;
  });
  const checkout = payOnline ? await appointmentCheckout(ctx, row, who) : undefined;
  const { success: _s, ...order } = checkout ?? { success: true };
  return {
    success: true as const,
    message: M.booked,
    data: await viewOf(ctx.db, row),
    ...(checkout ? { checkout: order as NonNullable<CreateAppointmentResponse['checkout']> } : {}),
  };
}

function eventOf(
  r: AppointmentRow,
  kind: AppointmentEvent['kind'],
  by: string,
  now: Date,
  more: Partial<AppointmentEvent> = {},
): AppointmentEvent {
  return {
    kind,
    appointmentId: r.id,
    ownerId: r.ownerId,
    customerUserId: r.customerId,
    petId: r.petId,
    petName: r.petName,
    serviceName: r.serviceName,
    date: r.appointmentDate,
    time: r.appointmentTime,
    amountPaise: r.totalAmountPaise,
    by,
    now,
    ...more,
  };
}

/* Money paid online: held in the deposit account naming the appointment, once, when the provider's payment is verified. */
registerCheckoutFulfiller('appointment', async (ctx, tx, order, paid) => {
  const r = await appointmentById(tx, order.payload.appointmentId ?? '', true);
  if (!r || r.ownerId !== order.ownerId) throw notFound('Appointment');
  if (r.status === 'cancelled' || r.status === 'completed') throw conflict(M.notPayable(r.status));
  // Pay now may have opened a second checkout for it: money for an appointment already paid is not held twice
  // (the payments module books it to the owner's unapplied balance and tells the staff).
  if (moneyHeld(await entriesOfAppointments(tx, [r.id])).paid > 0) throw conflict(M.alreadyPaid);
  const row = await recordCapturedPayment(ctx, tx, order, paid, {
    account: 'deposit',
    appointmentId: r.id,
    petId: r.petId,
    note: DEPOSIT_NOTE,
  });
  return { paymentId: row.id, result: { appointmentId: r.id, paymentId: row.id } };
});

/** The checkout order that pays an appointment: its total, as the server saved it. */
function appointmentCheckout(ctx: AppContext, r: AppointmentRow, who: Principal) {
  return createCheckoutOrder(ctx, {
    purpose: 'appointment',
    ownerId: r.ownerId,
    userId: who.id,
    amountPaise: r.totalAmountPaise,
    payload: { appointmentId: r.id },
    description: `${r.serviceName} for ${r.petName} on ${formatDate(r.appointmentDate)}`,
    successPath: CUSTOMER_PAGE,
    cancelPath: CUSTOMER_PAGE,
  });
}

/**
 * POST /customerappointment/payonline/:id (Pay now): another checkout for one of the caller's appointments booked
 * to be paid online whose checkout was closed before paying. Refused for a stay or one paid at the desk, a
 * cancelled or completed one, and one already paid; the amount is the appointment's total. Should two checkouts
 * both be paid, the second finds the appointment paid and its money goes to the owner's unapplied balance.
 */
export async function payAppointmentOnline(ctx: AppContext, id: string, who: Principal) {
  const r = await ownAppointment(ctx.db, id, who);
  if (r.kind === 'stay') throw conflict(M.stayPaidAtDesk);
  if (r.paymentMode !== 'online') throw conflict(M.paidAtDesk);
  if (r.status === 'cancelled' || r.status === 'completed') throw conflict(M.notPayable(r.status));
  if (moneyHeld(await entriesOfAppointments(ctx.db, [r.id])).paid > 0) throw conflict(M.alreadyPaid);
  if (r.totalAmountPaise <= 0) throw conflict(M.payOnlineNoAmount);
  return appointmentCheckout(ctx, r, who);
}

/* ───────────── customer reads and cancel ───────────── */

/** GET /customerappointment/getcustomerappoint/:customerId: the caller's own appointments, whatever id is named. */
export async function customerAppointments(ctx: AppContext, who: Principal): Promise<Appointment[]> {
  return views(ctx.db, await appointmentsOfCustomer(ctx.db, who.id, LIST_MAX));
}

/** The caller's appointment, or 404 (another customer's is not found, never forbidden: ids are not confirmed). */
async function ownAppointment(db: DbOrTx, id: string, who: Principal, lock = false): Promise<AppointmentRow> {
  const r = await appointmentById(db, id, lock);
  if (!r || r.customerId !== who.id) throw notFound('Appointment');
  return r;
}

function refundFor(
  ctx: AppContext,
  r: AppointmentRow,
  rows: readonly LedgerRow[],
  by: 'owner' | 'staff',
  settings: AppointmentSettings,
) {
  const m = moneyHeld(rows);
  return appointmentCancelRefund({
    by,
    paidPaise: m.held,
    paidAt: m.firstPaidAt,
    appointmentDate: r.appointmentDate,
    appointmentTime: r.appointmentTime,
    now: ctx.clock.now(),
    windowHours: settings.ownerCancelWindowHours,
    tz: ctx.config.tz,
  });
}

function quoteMessage(rule: 'full' | 'policy' | 'nothing_paid', refund: number, kept: number, hours: number): string {
  if (rule === 'nothing_paid') return 'Nothing was paid online: nothing to refund';
  if (rule === 'full') return `Cancelling now refunds the full ${formatINR(refund)}`;
  const head = `The appointment is less than ${hours} hours away, so the refund policy applies`;
  return refund === 0
    ? `${head}: it refunds nothing below ₹5,000, so cancelling now refunds nothing (${formatINR(kept)} is kept)`
    : `${head}: cancelling now refunds ${formatINR(refund)} and ${formatINR(kept)} is kept`;
}

/** GET /customerappointment/cancelquote/:id. */
export async function customerCancelQuote(ctx: AppContext, id: string, who: Principal): Promise<AppointmentCancelQuoteResponse> {
  const r = await ownAppointment(ctx.db, id, who);
  const settings = await appointmentSettings(ctx.db);
  const rows = await entriesOfAppointments(ctx.db, [r.id]);
  const q = refundFor(ctx, r, rows, 'owner', settings);
  const held = moneyHeld(rows).held;
  return {
    success: true as const,
    rule: q.rule,
    paid: toRupees(held),
    refund: toRupees(q.refundPaise),
    kept: toRupees(q.keptPaise),
    message: quoteMessage(q.rule, toRupees(q.refundPaise), toRupees(q.keptPaise), settings.ownerCancelWindowHours),
  };
}

/**
 * Cancels an appointment (the owner, or staff marking it not visited): the transition is checked on the status
 * shown, the money held is refunded by the rule, staff are told and the event announced, in one money transaction.
 * A stay's reservation is cancelled first through the reservations module.
 */
async function cancel(
  ctx: AppContext,
  pre: AppointmentRow,
  by: 'owner' | 'staff',
  reason: string | null,
  userId: string,
  log?: FastifyBaseLogger,
): Promise<{ row: AppointmentRow; refundPaise: number }> {
  const shown = await viewOf(ctx.db, pre);
  const t = appointmentTransition(shown.status, 'cancelled', by, by === 'staff' ? reason : 'owner');
  if (!t.ok) throw new AppError(t.status, t.message);
  if (pre.reservationId) {
    // A stay is cancelled through its reservation; the reservation's announcement updates this row.
    await cancelReservation(ctx, pre.reservationId, reason ?? OWNER_CANCEL_REASON, userId, log);
    return { row: (await appointmentById(ctx.db, pre.id))!, refundPaise: 0 };
  }
  const settings = await appointmentSettings(ctx.db);
  const done = await moneyTransaction(ctx, async (tx) => {
    await lockLedger(tx, [pre.ownerId]);
    const r = (await appointmentById(tx, pre.id, true))!;
    if (r.status === 'completed' || r.status === 'cancelled') {
      throw conflict(`A ${r.status} appointment is final: it cannot be changed`);
    }
    const rows = await entriesOfAppointments(tx, [r.id]);
    const q = refundFor(ctx, r, rows, by, settings);
    const now = ctx.clock.now();
    let refunds: LedgerRow[] = [];
    let toSend: ToSend[] = [];
    if (q.refundPaise > 0) {
      const out = await refundHeldPayments(ctx, tx, {
        rows,
        account: 'deposit',
        amountPaise: q.refundPaise,
        by: userId,
        note: by === 'owner' ? 'Appointment cancelled by the owner' : `Appointment not visited: ${reason}`,
      });
      if (out.left > 0) throw new Error(`appointment: ${out.left} paise could not be refunded from its payments`);
      refunds = out.refunds;
      toSend = out.toSend;
    }
    const row = (await updateAppointment(tx, r.id, ['pending', 'confirmed'], {
      status: 'cancelled',
      cancelledAt: now,
      cancelledBy: userId,
      cancelledByRole: by,
      cancelReason: reason,
    }))!;
    await raiseStaffNotification(tx, {
      kind: 'appointment_cancelled',
      title: by === 'owner' ? 'Online booking cancelled' : 'Appointment marked not visited',
      body: `${r.serviceName} for ${r.petName} on ${formatDate(r.appointmentDate)}${r.appointmentTime ? ` at ${r.appointmentTime}` : ''}${by === 'owner' ? ' was cancelled by the owner' : `: ${reason}`}${q.refundPaise > 0 ? ` (${formatINR(toRupees(q.refundPaise))} refunded)` : ''}`,
      link: STAFF_PAGE,
      ownerId: r.ownerId,
      refs: { appointmentId: r.id },
      now,
    });
    await announceAppointment(
      tx,
      eventOf(row, 'cancelled', userId, now, { cancelledBy: by, reason, refundPaise: q.refundPaise }),
    );
    await recordAudit(tx, {
      actorId: userId,
      action: 'appointment.cancel',
      entity: 'appointment',
      entityId: r.id,
      before: { status: r.status },
      after: { status: 'cancelled', by, reason, refund: toRupees(q.refundPaise), rule: q.rule },
    });
    return { row, refunds, toSend, refundPaise: q.refundPaise };
  });
  await sendToProvider(ctx, done.toSend, userId, { notify: true, log });
  return { row: done.row, refundPaise: done.refundPaise };
}

/** DELETE /customerappointment/cancelappoint/:id: the caller's own, when pending or confirmed. */
export async function customerCancel(ctx: AppContext, id: string, who: Principal, log?: FastifyBaseLogger) {
  const pre = await ownAppointment(ctx.db, id, who);
  const { row, refundPaise } = await cancel(ctx, pre, 'owner', null, who.id, log);
  return { success: true as const, message: M.cancelled, data: await viewOf(ctx.db, row), refund: toRupees(refundPaise) };
}

/* ───────────── staff ───────────── */

/** GET /appointment/onlineappointments?date=: a business day's appointments (default today), by time. */
export async function onlineAppointments(ctx: AppContext, date?: string): Promise<OnlineAppointmentsResponse> {
  const day = date ? businessDayOf(date, ctx.config.tz) : ctx.clock.today();
  return { success: true as const, date: day, appointments: await views(ctx.db, await appointmentsOn(ctx.db, day, LIST_MAX)) };
}

/** PATCH /appointment/onlineappointments/:id/status: confirm, complete (optional notes) or not visited (reason). */
export async function changeStatus(
  ctx: AppContext,
  id: string,
  body: { status: AppointmentStatusName; visitNotes: string | null; reason: string | null },
  userId: string,
  log?: FastifyBaseLogger,
) {
  const pre = await appointmentById(ctx.db, id);
  if (!pre) throw notFound('Appointment');
  if (body.status === 'cancelled') {
    const { row, refundPaise } = await cancel(ctx, pre, 'staff', body.reason, userId, log);
    return {
      success: true as const,
      message: M.status('cancelled'),
      data: await viewOf(ctx.db, row),
      refund: toRupees(refundPaise),
    };
  }
  const shown = await viewOf(ctx.db, pre);
  const t = appointmentTransition(shown.status, body.status, 'staff', body.reason);
  if (!t.ok) throw new AppError(t.status, t.message);
  // A booking imported from the original system without a pet or a visit type (issue 21) is only listed, or marked
  // not visited: the visit is recorded from the pet's page.
  const gap = importedBookingGap(pre);
  if (gap) throw conflict(gap);
  if (pre.kind === 'stay' && body.status === 'completed') {
    throw conflict('A stay is completed by checking it in at Reservations');
  }
  if (pre.reservationId) {
    // Confirming a stay confirms its reservation; the reservation's announcement updates this row.
    await confirmReservation(ctx, pre.reservationId, userId);
    const row = (await appointmentById(ctx.db, pre.id))!;
    return { success: true as const, message: M.status(body.status), data: await viewOf(ctx.db, row) };
  }
  const row = await ctx.db.transaction(async (tx) => {
    const r = (await appointmentById(tx, id, true))!;
    const now = ctx.clock.now();
    const from: AppointmentStatusName = body.status === 'confirmed' ? 'pending' : 'confirmed';
    if (r.status !== from) {
      throw conflict(`A ${r.status} appointment cannot be marked ${body.status}`);
    }
    const patch =
      body.status === 'confirmed'
        ? { status: 'confirmed' as const, confirmedAt: now, confirmedBy: userId }
        : { status: 'completed' as const, completedAt: now, completedBy: userId, visitNotes: body.visitNotes };
    const row = await updateAppointment(tx, r.id, ['pending', 'confirmed'], patch);
    if (!row) throw conflict(`A ${r.status} appointment cannot be marked ${body.status}`);
    await announceAppointment(
      tx,
      eventOf(row, body.status === 'confirmed' ? 'confirmed' : 'completed', userId, now, {
        visitNotes: body.visitNotes,
      }),
    );
    await recordAudit(tx, {
      actorId: userId,
      action: `appointment.${body.status}`,
      entity: 'appointment',
      entityId: r.id,
      before: { status: r.status },
      after: { status: body.status, visitNotes: body.visitNotes },
    });
    return row;
  });
  return { success: true as const, message: M.status(body.status), data: await viewOf(ctx.db, row) };
}

const OWNER_CANCEL_REASON = 'Cancelled by the owner online';

/**
 * A stay booked online follows its reservation: staff confirming it (here or at /staff/reservations), checking it
 * in, cancelling it or marking a no-show moves the appointment to confirmed, completed or cancelled in the same
 * transaction, and announces it like any other appointment change.
 */
onReservationChanged(async (tx, c) => {
  const a = await appointmentOfReservation(tx, c.reservation.id);
  if (!a || a.status === 'completed' || a.status === 'cancelled') return;
  const by = c.by ?? a.customerId;
  const to = FROM_RESERVATION[c.reservation.status];
  if (to === a.status || to === 'pending') return;
  if (to === 'confirmed') {
    const row = await updateAppointment(tx, a.id, ['pending'], { status: 'confirmed', confirmedAt: c.now, confirmedBy: c.by });
    if (row) await announceAppointment(tx, eventOf(row, 'confirmed', by, c.now));
    return;
  }
  if (to === 'completed') {
    const row = await updateAppointment(tx, a.id, ['pending', 'confirmed'], {
      status: 'completed',
      completedAt: c.now,
      completedBy: c.by,
    });
    if (row) await announceAppointment(tx, eventOf(row, 'completed', by, c.now));
    return;
  }
  const byOwner = c.by === a.customerId;
  const reason = c.reservation.status === 'no_show' ? 'No-show' : byOwner ? null : (c.reservation.cancelReason ?? null);
  const row = await updateAppointment(tx, a.id, ['pending', 'confirmed'], {
    status: 'cancelled',
    cancelledAt: c.now,
    cancelledBy: c.by,
    cancelledByRole: byOwner ? 'owner' : 'staff',
    cancelReason: reason,
  });
  if (!row) return;
  if (byOwner) {
    await raiseStaffNotification(tx, {
      kind: 'appointment_cancelled',
      title: 'Online booking cancelled',
      body: `${a.serviceName} for ${a.petName} from ${formatDate(a.appointmentDate)} was cancelled by the owner`,
      link: '/staff/reservations',
      ownerId: a.ownerId,
      refs: { appointmentId: a.id, reservationId: c.reservation.id },
      now: c.now,
    });
  }
  await announceAppointment(
    tx,
    eventOf(row, 'cancelled', by, c.now, { cancelledBy: byOwner ? 'owner' : 'staff', reason, refundPaise: 0 }),
  );
});
