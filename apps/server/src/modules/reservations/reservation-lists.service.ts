import {
  addDays,
  countStay,
  dateInTz,
  instantAt,
  ledgerBalance,
  type ReservationDayEntry,
  type ReservationDayResponse,
  type ReservationDetailResponse,
  type ReservationListResponse,
  type ReservationStatus,
  toRupees,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { type DepartingStay, staysLeavingOn } from '../boarding/occupancy.service.ts';
import { entriesBySubject, entriesOfOwner, entriesOfReservations } from '../payments/payments.service.ts';
import { petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { staySettings } from '../site/settings.service.ts';
import { visitTypesByIds } from '../visit-types/visit-types.service.ts';
import { arrivalsCount, arrivingOn, leavingOn, petsOfBoardings, reservationsOverlapping } from './reservations.repo.ts';
import { dayViews, ledgerRowView, requireReservation, reservationViews, roomFor } from './reservations.service.ts';

/** The calendar's and the day's lists of reservations, and a reservation's page (issue 18). */

/** The most rows one list answers (a 62-day calendar of a busy resort stays far below). */
const LIST_LIMIT = 1000;
const DAY_LIMIT = 500;

/** GET /reservations?from=&to=&visitTypeId=&status=: those covering any day of the range, by check-in. */
export async function listReservations(
  ctx: AppContext,
  q: { from: string; to: string; visitTypeId?: string; status?: ReservationStatus },
): Promise<ReservationListResponse> {
  const rows = await reservationsOverlapping(ctx.db, { ...q, limit: LIST_LIMIT });
  return { success: true as const, from: q.from, to: q.to, reservations: await reservationViews(ctx.db, rows) };
}

/** GET /reservations/:id: the reservation, its deposit's ledger rows and its days against capacity (itself excluded). */
export async function reservationDetail(ctx: AppContext, id: string): Promise<ReservationDetailResponse> {
  const row = await requireReservation(ctx.db, id);
  const [[reservation], ledger, room] = await Promise.all([
    reservationViews(ctx.db, [row]),
    entriesOfReservations(ctx.db, [row.id]),
    roomFor(ctx, ctx.db, { visitTypeId: row.visitTypeId, firstDay: row.firstDay, lastDay: row.lastDay, pets: row.petCount }),
  ]);
  // A confirmed reservation is among the places counted: the days show the others.
  const self = row.status === 'confirmed' ? row.petCount : 0;
  const days = dayViews(room).map((d) => {
    const booked = d.booked - self;
    return {
      ...d,
      booked,
      free: d.capacity === null ? null : Math.max(0, d.capacity - booked),
      fits: d.capacity === null || booked + row.petCount <= d.capacity,
    };
  });
  return {
    success: true as const,
    reservation: reservation!,
    ledger: ledger.filter((e) => e.account === 'deposit').map(ledgerRowView),
    days,
  };
}

/** What each owner still owes across every sale (the ledger's sale account), paise. */
async function ownerDues(db: DbOrTx, ownerIds: Iterable<string>): Promise<Map<string, number>> {
  const ids = [...new Set(ownerIds)];
  const entries = await Promise.all(ids.map((id) => entriesOfOwner(db, id)));
  return new Map(ids.map((id, i) => [id, ledgerBalance(entries[i]!.filter((e) => e.account === 'sale')).duePaise]));
}

/**
 * GET /reservations/day?date=: arrivals (reservations checking in that day: confirmed, or already checked in or out)
 * and departures (confirmed reservations not yet checked in whose last day it is, and the stays checking out that
 * day: boarded with their last booked day then, or deboarded that day), each with what is still owed for it and
 * what its owner owes in all.
 */
export async function reservationDay(ctx: AppContext, date?: string): Promise<ReservationDayResponse> {
  const today = ctx.clock.today();
  const day = date ?? today;
  const tz = ctx.config.tz;
  const [arriving, leaving, stays, settings] = await Promise.all([
    arrivingOn(ctx.db, day, ['confirmed', 'checked_in', 'checked_out'], DAY_LIMIT),
    leavingOn(ctx.db, day, ['confirmed'], DAY_LIMIT),
    staysLeavingOn(ctx.db, day, tz, DAY_LIMIT),
    staySettings(ctx.db),
  ]);
  const [arrivalViews, leavingViews, stayPets, pets, types, stayEntries] = await Promise.all([
    reservationViews(ctx.db, arriving),
    reservationViews(ctx.db, leaving),
    petsOfBoardings(
      ctx.db,
      stays.map((s) => s.id),
    ),
    petsWithOwnersByIds(
      ctx.db,
      stays.map((s) => s.petId),
    ),
    visitTypesByIds(ctx.db, [...new Set(stays.map((s) => s.visitTypeId))]),
    entriesBySubject(
      ctx.db,
      'boardingId',
      stays.map((s) => s.id),
    ),
  ]);
  const owners = [
    ...arrivalViews.map((r) => r.owner._id),
    ...leavingViews.map((r) => r.owner._id),
    ...stays.flatMap((s) => {
      const o = pets.get(s.petId)?.owner.id;
      return o ? [o] : [];
    }),
  ];
  const dues = await ownerDues(ctx.db, owners);
  const fromReservation = (r: (typeof arrivalViews)[number]): ReservationDayEntry => ({
    kind: 'reservation',
    reservationId: r._id,
    boardingId: r.pets.length === 1 ? r.pets[0]!.boardingId : null,
    status: r.status,
    owner: { _id: r.owner._id, name: r.owner.name, phone: r.owner.phone },
    pets: r.pets.map((p) => ({ _id: p._id, name: p.name })),
    visitType: r.visitType,
    checkIn: r.checkIn,
    checkOut: r.checkOut,
    label: r.label,
    due: r.due,
    ownerDue: toRupees(dues.get(r.owner._id) ?? 0),
    depositHeld: r.depositHeld,
  });
  const reservationOf = new Map(stayPets.map((p) => [p.boardingId!, p.reservationId]));
  const typeOf = new Map(types.map((t) => [t.id, t]));
  const fromStay = (s: DepartingStay): ReservationDayEntry => {
    const pet = pets.get(s.petId);
    const type = typeOf.get(s.visitTypeId);
    const lastDay = ctxLastDay(s, tz);
    const checkOut = s.exitTime ?? instantAt(lastDay, settings.checkOutTime, tz);
    const out = checkOut.getTime() < s.entryTime.getTime() ? s.entryTime : checkOut;
    const ownerId = pet?.owner.id ?? '';
    return {
      kind: 'stay',
      reservationId: reservationOf.get(s.id) ?? null,
      boardingId: s.id,
      status: null,
      owner: { _id: ownerId, name: pet?.owner.name ?? '', phone: pet?.owner.phone ?? null },
      pets: [{ _id: s.petId, name: pet?.name ?? '' }],
      visitType: { _id: s.visitTypeId, purpose: type?.purpose ?? '', code: type?.code ?? '' },
      checkIn: s.entryTime.toISOString(),
      checkOut: out.toISOString(),
      label: countStay(s.entryTime, out, settings, { tz }).label,
      due: toRupees(ledgerBalance(stayEntries.get(s.id) ?? []).duePaise),
      ownerDue: toRupees(dues.get(ownerId) ?? 0),
      depositHeld: 0,
    };
  };
  return {
    success: true as const,
    date: day,
    today,
    arrivals: arrivalViews.map(fromReservation),
    departures: [...leavingViews.map(fromReservation), ...stays.map(fromStay)].sort((a, b) =>
      a.checkOut.localeCompare(b.checkOut),
    ),
  };
}

/** A stay's last booked day: its entry day (business time zone) + booked days − 1. */
const ctxLastDay = (s: DepartingStay, tz: string) => addDays(dateInTz(s.entryTime, tz), s.numberOfDays - 1);

/** The Today board's arrivals: reservations checking in today still expected, and those already checked in. */
export function arrivalsToday(ctx: AppContext): Promise<{ expected: number; checkedIn: number }> {
  return arrivalsCount(ctx.db, ctx.clock.today());
}
