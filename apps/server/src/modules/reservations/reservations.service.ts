import {
  addDays,
  countStay,
  dateInTz,
  DEFAULT_TZ,
  daysBetween,
  formatDate,
  formatDateTime,
  formatINR,
  instantAt,
  ledgerBalance,
  RESERVATION_MAX_AHEAD_DAYS,
  RESERVATION_MAX_DAYS,
  RESERVATION_MESSAGES as M,
  type Reservation,
  type ReservationAction,
  type ReservationDay,
  type ReservationLedgerRow,
  type ReservationQuote,
  type ReservationQuoteBody,
  type ReservationStatus,
  type StayCount,
  shortDay,
  type StaySettings,
  stayPricePaise,
  toRupees,
} from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { AppContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { findUserById } from '../auth/auth.service.ts';
import { boardingsOfVisits } from '../boarding/boarding.service.ts';
import { registerCapacityHolder, type RoomOnDays, roomOnDays } from '../boarding/occupancy.service.ts';
import { onStayClosed } from '../boarding/stay-records.service.ts';
import { enqueueEmails, type OutgoingEmail } from '../notifications/notifications.service.ts';
import { entriesBySubject, entriesOfReservations, type LedgerRow } from '../payments/payments.service.ts';
import { type OwnerContact, ownersByIds, type PetWithOwner, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import { staySettings } from '../site/settings.service.ts';
import { raiseStaffNotification } from '../staff-notifications/staff-notifications.service.ts';
import { type VisitTypeRow, visitTypeById, visitTypesByIds } from '../visit-types/visit-types.service.ts';
import {
  heldPerDay,
  markReminded,
  markWaitlistNotified,
  petOfBoarding,
  petsOfReservations,
  type ReservationPetRow,
  type ReservationRow,
  remindersDue,
  reservationById,
  updateReservation,
  waitlistOf,
} from './reservations.repo.ts';

/**
 * Reservations (issue 18; docs/decisions.md "Reservations hold places through a capacity holder"): a boarding type
 * booked ahead for pets of one owner. This file: counting and pricing a stay, the views, the capacity holder, the
 * checked-out announcement, the waitlist notice, the emails. Money (deposits, cancellation, waiver) is in
 * reservation-money.service.ts, check-in in reservation-check-in.service.ts.
 */

export type { ReservationRow };

/**
 * The business time zone, for the listeners that run inside other modules' transactions (a deboarding) and know
 * only its clock's instant. Set once when the routes are registered (`configureReservations`).
 */
let businessTz = DEFAULT_TZ;
export function configureReservations(c: { tz: string }): void {
  businessTz = c.tz;
}

/* ───────────── status changes, announced ───────────── */

/** A reservation's status changed (confirmed, cancelled, no-show, checked in), inside the transaction that did it. */
export interface ReservationChange {
  reservation: ReservationRow;
  from: ReservationStatus;
  /** The user whose request did it. */
  by: string | null;
  now: Date;
}
export type ReservationChangeListener = (tx: DbOrTx, c: ReservationChange) => Promise<void>;
const changeListeners = new Set<ReservationChangeListener>();

/** Registers a listener (the appointments module keeps an online booking's status with its reservation's). */
export function onReservationChanged(listener: ReservationChangeListener): void {
  changeListeners.add(listener);
}

export async function announceReservationChange(tx: DbOrTx, c: ReservationChange): Promise<void> {
  for (const l of changeListeners) await l(tx, c);
}

/* ───────────── counting and pricing ───────────── */

/** A stay counted and priced under the business's rule, the owner, the type and the pets checked. */
export interface PricedStay {
  owner: OwnerContact;
  type: VisitTypeRow;
  pets: PetWithOwner[];
  checkIn: Date;
  checkOut: Date;
  count: StayCount;
  settings: StaySettings;
  hasHalfDay: boolean;
  pricePerPetPaise: number;
  pricePaise: number;
}

const fail = (field: string, message: string) => badRequest(message, { [field]: message });

/**
 * Checks and counts a stay: the owner and the boarding type exist (and the type is on offer), every pet is the
 * owner's, the check-out is after the check-in, the check-in is not before today (business day) nor too far ahead,
 * the stay is not too long; half days only for types with a half-day price, within one day. 400 with the field's
 * message otherwise.
 */
export async function priceStay(ctx: AppContext, db: DbOrTx, b: ReservationQuoteBody): Promise<PricedStay> {
  const tz = ctx.config.tz;
  const today = ctx.clock.today();
  const owner = (await ownersByIds(db, [b.ownerId])).get(b.ownerId);
  if (!owner) throw notFound('Owner');
  const type = await visitTypeById(db, b.visitTypeId);
  if (!type) throw notFound('Visit type');
  if (!type.isBoarding) throw fail('visitTypeId', M.notBoardingType);
  if (!type.active) throw fail('visitTypeId', M.typeRetired);
  const found = await petsWithOwnersByIds(db, b.petIds);
  const pets: PetWithOwner[] = [];
  for (const id of b.petIds) {
    const pet = found.get(id);
    if (!pet) throw notFound('Pet');
    if (pet.owner.id !== owner.id) throw fail('petIds', M.otherOwner);
    pets.push(pet);
  }
  const checkIn = instantAt(b.checkInDate, b.checkInTime, tz);
  const checkOut = instantAt(b.checkOutDate, b.checkOutTime, tz);
  if (checkOut.getTime() <= checkIn.getTime()) throw fail('checkOutDate', M.checkOutBeforeCheckIn);
  if (b.checkInDate < today) throw fail('checkInDate', M.inThePast);
  if (daysBetween(today, b.checkInDate) > RESERVATION_MAX_AHEAD_DAYS) throw fail('checkInDate', M.tooFarAhead);
  if (daysBetween(b.checkInDate, b.checkOutDate) + 1 > RESERVATION_MAX_DAYS) throw fail('checkOutDate', M.tooLong);
  const hasHalfDay = type.halfdayPricePaise > 0;
  if (b.halfDay === true && !hasHalfDay) throw fail('halfDay', M.noHalfDay);
  if (b.halfDay === true && b.checkInDate !== b.checkOutDate) throw fail('halfDay', M.halfDayOneDay);
  const settings = await staySettings(db);
  let count = countStay(checkIn, checkOut, settings, { tz, halfDayAllowed: hasHalfDay && b.halfDay !== false });
  if (b.halfDay === true && !count.halfDay) {
    // The desk chose a half day for a stay longer than the longest half day: charged as one half day.
    count = {
      ...count,
      units: 0,
      unit: 'day',
      halfDays: 1,
      halfDay: true,
      lateCheckOut: false,
      label: `Half day: ${shortDay(count.firstDay)}`,
    };
  }
  const pricePerPetPaise = stayPricePaise(count, type.pricePaise, type.halfdayPricePaise);
  return {
    owner,
    type,
    pets,
    checkIn,
    checkOut,
    count,
    settings,
    hasHalfDay,
    pricePerPetPaise,
    pricePaise: pricePerPetPaise * pets.length,
  };
}

/** Room on every day of a stay for `pets` more (this reservation, when confirmed, is counted among the others). */
export async function roomFor(
  ctx: AppContext,
  db: DbOrTx,
  s: { visitTypeId: string; firstDay: string; lastDay: string; pets: number },
  lock = false,
): Promise<RoomOnDays> {
  const room = await roomOnDays(db, { ...s, today: ctx.clock.today(), tz: ctx.config.tz, lock });
  if (!room) throw notFound('Visit type');
  return room;
}

export const dayViews = (room: RoomOnDays): ReservationDay[] => room.days.map((d) => ({ ...d }));

/** 409 naming the first full day and the numbers (the waitlist is offered). */
export function fullError(room: RoomOnDays, pets: number) {
  const day = room.days.find((d) => !d.fits)!;
  return conflict(M.full(room.type.purpose, formatDate(day.date), day.booked, day.capacity ?? 0, pets), {
    day: day.date,
    booked: day.booked,
    capacity: day.capacity,
    pets,
    fullDays: room.fullDays,
  });
}

/** POST /reservations/quote: the count, the price and each day's room. */
export async function quoteReservation(ctx: AppContext, b: ReservationQuoteBody): Promise<ReservationQuote> {
  const s = await priceStay(ctx, ctx.db, b);
  const room = await roomFor(ctx, ctx.db, {
    visitTypeId: s.type.id,
    firstDay: s.count.firstDay,
    lastDay: s.count.lastDay,
    pets: s.pets.length,
  });
  return {
    ...countView(s.count, s.settings.countingRule, s.checkIn, s.checkOut),
    visitType: {
      _id: s.type.id,
      purpose: s.type.purpose,
      code: s.type.code,
      capacity: s.type.capacity,
      hasHalfDay: s.hasHalfDay,
    },
    pets: s.pets.length,
    dayPrice: toRupees(s.type.pricePaise),
    halfDayPrice: toRupees(s.type.halfdayPricePaise),
    pricePerPet: toRupees(s.pricePerPetPaise),
    price: toRupees(s.pricePaise),
    days: dayViews(room),
    fits: room.fits,
    fullDays: room.fullDays,
  };
}

function countView(c: StayCount, rule: StaySettings['countingRule'], checkIn: Date, checkOut: Date) {
  return {
    checkIn: checkIn.toISOString(),
    checkOut: checkOut.toISOString(),
    firstDay: c.firstDay,
    lastDay: c.lastDay,
    units: c.units,
    unit: c.unit,
    halfDays: c.halfDays,
    halfDay: c.halfDay,
    lateCheckOut: c.lateCheckOut,
    label: c.label,
    countingRule: rule,
  };
}

/* ───────────── the deposit's arithmetic ───────────── */

export interface DepositState {
  /** Completed deposit money held now, less refunds still pending (they are leaving). */
  heldPaise: number;
  pendingPaise: number;
  refundedPaise: number;
  appliedPaise: number;
}

const sum = (rows: readonly LedgerRow[]) => rows.reduce((n, r) => n + r.amountPaise, 0);

/** A reservation's deposit from its ledger rows (the `deposit` account rows naming it). */
export function depositState(rows: readonly LedgerRow[]): DepositState {
  const deposit = rows.filter((r) => r.account === 'deposit');
  const pendingRefunds = sum(deposit.filter((r) => r.kind === 'refund' && r.status === 'pending'));
  return {
    heldPaise: ledgerBalance(deposit).paidPaise - pendingRefunds,
    pendingPaise: sum(deposit.filter((r) => r.kind === 'payment' && r.status === 'pending')),
    refundedPaise: sum(deposit.filter((r) => r.kind === 'refund' && (r.status === 'completed' || r.status === 'pending'))),
    appliedPaise: sum(deposit.filter((r) => r.kind === 'allocation' && r.direction === 'out' && r.status === 'completed')),
  };
}

/* ───────────── views ───────────── */

interface ViewData {
  owners: Map<string, OwnerContact>;
  pets: Map<string, PetWithOwner>;
  types: Map<string, VisitTypeRow>;
  petRows: Map<string, ReservationPetRow[]>;
  deposits: Map<string, LedgerRow[]>;
  /** Open (still boarded) by boarding id. */
  boarded: Map<string, boolean>;
  /** Due on each stay (boarding), paise. */
  stayDue: Map<string, number>;
  users: Map<string, string>;
}

function groupBy<T>(rows: readonly T[], key: (r: T) => string | null): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

const USER_COLUMNS = [
  'createdBy',
  'confirmedBy',
  'checkedInBy',
  'checkedOutBy',
  'cancelledBy',
  'noShowBy',
  'waivedBy',
] as const satisfies readonly (keyof ReservationRow)[];

/** Everything the views of these reservations show, read in a few batched calls. */
async function viewData(db: DbOrTx, rows: readonly ReservationRow[]): Promise<ViewData> {
  const ids = rows.map((r) => r.id);
  const petRowList = await petsOfReservations(db, ids);
  const visitIds = petRowList.flatMap((p) => (p.visitId ? [p.visitId] : []));
  const boardingIds = petRowList.flatMap((p) => (p.boardingId ? [p.boardingId] : []));
  const userIds = [...new Set(rows.flatMap((r) => USER_COLUMNS.flatMap((c) => (r[c] ? [r[c]] : []))))];
  const [owners, pets, types, depositRows, boardings, stayEntries, users] = await Promise.all([
    ownersByIds(
      db,
      rows.map((r) => r.ownerId),
    ),
    petsWithOwnersByIds(
      db,
      petRowList.map((p) => p.petId),
    ),
    visitTypesByIds(db, [...new Set(rows.map((r) => r.visitTypeId))]),
    entriesOfReservations(db, ids),
    boardingsOfVisits(db, visitIds),
    entriesBySubject(db, 'boardingId', boardingIds),
    Promise.all(userIds.map((id) => findUserById(db, id))),
  ]);
  const stayDue = new Map<string, number>();
  for (const [id, entries] of stayEntries) stayDue.set(id, ledgerBalance(entries).duePaise);
  return {
    owners,
    pets,
    types: new Map(types.map((t) => [t.id, t])),
    petRows: groupBy(petRowList, (p) => p.reservationId),
    deposits: groupBy(depositRows, (r) => r.reservationId),
    boarded: new Map([...boardings.values()].map((b) => [b.id, b.isBoarded])),
    stayDue,
    users: new Map(users.flatMap((u) => (u ? [[u.id, u.fullName] as const] : []))),
  };
}

function transitions(r: ReservationRow, users: Map<string, string>): Reservation['transitions'] {
  const name = (id: string | null) => (id ? (users.get(id) ?? null) : null);
  const list: { action: ReservationAction; at: Date | null; by: string | null }[] = [
    { action: 'created', at: r.createdAt, by: name(r.createdBy) },
    { action: 'waitlisted', at: r.waitlistedAt, by: name(r.createdBy) },
    { action: 'confirmed', at: r.confirmedAt, by: name(r.confirmedBy) },
    { action: 'checked_in', at: r.checkedInAt, by: name(r.checkedInBy) },
    { action: 'checked_out', at: r.checkedOutAt, by: name(r.checkedOutBy) },
    { action: 'cancelled', at: r.cancelledAt, by: name(r.cancelledBy) },
    { action: 'no_show', at: r.noShowAt, by: name(r.noShowBy) },
    { action: 'waived', at: r.waivedAt, by: name(r.waivedBy) },
  ];
  return list
    .filter((t): t is { action: ReservationAction; at: Date; by: string | null } => t.at !== null)
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((t) => ({ action: t.action, at: t.at.toISOString(), by: t.by }));
}

function toView(r: ReservationRow, d: ViewData): Reservation {
  const owner = d.owners.get(r.ownerId);
  const type = d.types.get(r.visitTypeId);
  const petRows = d.petRows.get(r.id) ?? [];
  const dep = depositState(d.deposits.get(r.id) ?? []);
  const stays = petRows.flatMap((p) => (p.boardingId ? [p.boardingId] : []));
  const due =
    r.status === 'checked_in' || r.status === 'checked_out'
      ? stays.reduce((n, id) => n + (d.stayDue.get(id) ?? 0), 0)
      : r.status === 'cancelled' || r.status === 'no_show'
        ? 0
        : Math.max(0, r.pricePaise - dep.heldPaise);
  return {
    _id: r.id,
    status: r.status,
    owner: { _id: r.ownerId, name: owner?.name ?? '', phone: owner?.phone ?? null, email: owner?.email ?? null },
    visitType: { _id: r.visitTypeId, purpose: type?.purpose ?? '', code: type?.code ?? '' },
    pets: petRows.map((p) => {
      const pet = d.pets.get(p.petId);
      return {
        _id: p.petId,
        name: pet?.name ?? '',
        breed: pet?.breed || null,
        boardingId: p.boardingId,
        visitId: p.visitId,
        deboarded: p.boardingId ? d.boarded.get(p.boardingId) === false : false,
      };
    }),
    checkIn: r.checkIn.toISOString(),
    checkOut: r.checkOut.toISOString(),
    firstDay: r.firstDay,
    lastDay: r.lastDay,
    units: r.units,
    unit: r.unit,
    halfDays: r.halfDays,
    halfDay: r.halfDay,
    lateCheckOut: r.lateCheckOut,
    label: r.label,
    countingRule: r.countingRule,
    price: toRupees(r.pricePaise),
    depositHeld: toRupees(dep.heldPaise),
    depositPending: toRupees(dep.pendingPaise),
    depositRefunded: toRupees(dep.refundedPaise),
    depositApplied: toRupees(dep.appliedPaise),
    due: toRupees(due),
    notes: r.notes,
    cancelReason: r.cancelReason,
    waitlistedAt: r.waitlistedAt?.toISOString() ?? null,
    reminderSentOn: r.reminderSentOn,
    createdAt: r.createdAt.toISOString(),
    transitions: transitions(r, d.users),
  };
}

/** The views of these reservations, in their order. */
export async function reservationViews(db: DbOrTx, rows: readonly ReservationRow[]): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const d = await viewData(db, rows);
  return rows.map((r) => toView(r, d));
}

export async function reservationView(db: DbOrTx, row: ReservationRow): Promise<Reservation> {
  return (await reservationViews(db, [row]))[0]!;
}

/** The reservations of these ids that exist (one query; the appointments list shows each stay's dates). */
export { reservationsByIds } from './reservations.repo.ts';

/** The reservation or 404. */
export async function requireReservation(db: DbOrTx, id: string, lock = false): Promise<ReservationRow> {
  const row = await reservationById(db, id, lock);
  if (!row) throw notFound('Reservation');
  return row;
}

const ACTION_WORD: Record<string, string> = {
  confirm: 'confirmed',
  cancel: 'cancelled',
  noShow: 'marked as a no-show',
  checkIn: 'checked in',
  deposit: 'given a deposit',
  waive: 'waived',
};
const STATUS_LABEL: Record<ReservationStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  checked_in: 'Checked-in',
  checked_out: 'Checked-out',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** 409 'A cancelled reservation cannot be confirmed'. */
export function wrongState(status: ReservationStatus, action: keyof typeof ACTION_WORD) {
  return conflict(M.wrongState(STATUS_LABEL[status], ACTION_WORD[action]!), { status });
}

/** A deposit row as the reservation shows it (signed rupees: + held, − refunded or applied). */
export function ledgerRowView(r: LedgerRow): ReservationLedgerRow {
  const sign = r.kind === 'payment' ? 1 : -1;
  const description =
    r.kind === 'payment' ? 'Deposit received' : r.kind === 'refund' ? 'Deposit refunded' : r.note || 'Deposit applied';
  return {
    _id: r.id,
    at: (r.paidAt ?? r.createdAt).toISOString(),
    kind: r.kind as ReservationLedgerRow['kind'],
    status: r.status,
    description,
    amount: toRupees(sign * r.amountPaise),
    method: r.method,
    receiptNo: r.receiptNo,
    linkUrl: r.linkUrl,
  };
}

/* ───────────── capacity: confirmed reservations hold their days ───────────── */

registerCapacityHolder((db, q) => heldPerDay(db, q));

/* ───────────── emails ───────────── */

export const CONFIRMATION_KIND = 'reservation_confirmed';
export const REMINDER_KIND = 'reservation_reminder';

function reservationEmail(
  ctx: AppContext,
  r: ReservationRow,
  owner: OwnerContact | undefined,
  petNames: string[],
  purpose: string,
  kind: typeof CONFIRMATION_KIND | typeof REMINDER_KIND,
  today: string,
): OutgoingEmail {
  const b = ctx.config.business;
  const pets = petNames.length ? petNames.join(' and ') : 'your pet';
  const tz = ctx.config.tz;
  const when = `from ${formatDateTime(r.checkIn.toISOString(), tz)} to ${formatDateTime(r.checkOut.toISOString(), tz)}`;
  const lines =
    kind === CONFIRMATION_KIND
      ? [
          `Your ${purpose} reservation for ${pets} is confirmed: ${r.label}, ${when}.`,
          `The price is ${formatINR(toRupees(r.pricePaise))}; any deposit you paid is taken off it at check-in.`,
        ]
      : [`A reminder: ${pets} ${petNames.length > 1 ? 'check' : 'checks'} in for ${purpose} tomorrow, ${when}.`];
  return {
    dedupeKey: `${kind}:${r.id}`,
    kind,
    refDate: today,
    ownerId: r.ownerId,
    ownerName: owner?.name ?? '',
    toAddress: owner?.email?.trim() || null,
    subject:
      kind === CONFIRMATION_KIND
        ? `Reservation confirmed: ${purpose}, ${formatDate(r.firstDay)} - ${b.name}`
        : `See you tomorrow: ${purpose}, ${formatDate(r.firstDay)} - ${b.name}`,
    body: [
      `Dear ${owner?.name || 'customer'},`,
      '',
      ...lines,
      ...(r.notes ? ['', `Notes: ${r.notes}`] : []),
      '',
      'To change or cancel it, call us.',
      '',
      b.name,
      `${b.phone}${b.email ? ` · ${b.email}` : ''}`,
    ].join('\n'),
    meta: { reservationId: r.id },
  };
}

async function emailOf(ctx: AppContext, db: DbOrTx, r: ReservationRow, kind: typeof CONFIRMATION_KIND | typeof REMINDER_KIND) {
  const [owners, petRows, type] = await Promise.all([
    ownersByIds(db, [r.ownerId]),
    petsOfReservations(db, [r.id]),
    visitTypeById(db, r.visitTypeId),
  ]);
  const pets = await petsWithOwnersByIds(
    db,
    petRows.map((p) => p.petId),
  );
  const names = petRows.map((p) => pets.get(p.petId)?.name ?? '').filter(Boolean);
  return reservationEmail(ctx, r, owners.get(r.ownerId), names, type?.purpose ?? 'boarding', kind, ctx.clock.today());
}

/** Queues the owner's confirmation (once per reservation), in the transaction that confirmed it. */
export async function queueConfirmation(ctx: AppContext, tx: DbOrTx, r: ReservationRow): Promise<void> {
  await enqueueEmails(tx, [await emailOf(ctx, tx, r, CONFIRMATION_KIND)]);
}

/**
 * The daily job: the owners of confirmed reservations checking in tomorrow get a reminder through the outbox, once
 * per reservation (`reminder_sent_on`, and the outbox's dedupe key). Answers how many it queued.
 */
export async function remindReservations(ctx: AppContext): Promise<number> {
  const today = ctx.clock.today();
  const tomorrow = addDays(today, 1);
  let sent = 0;
  for (;;) {
    const rows = await remindersDue(ctx.db, tomorrow, 200);
    for (const r of rows) {
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await markReminded(tx, r.id, today))) return false;
        await enqueueEmails(tx, [await emailOf(ctx, tx, r, REMINDER_KIND)]);
        return true;
      });
      if (done) sent++;
    }
    if (rows.length < 200) return sent;
  }
}

/* ───────────── the waitlist ───────────── */

export const WAITLIST_NOTICE_KIND = 'waitlist_fits';

/**
 * A place may have freed in the type (a cancellation, a no-show, a deboarding, a capacity raise): the first waiting
 * booking (in the waitlist's order) that now fits on all its days and was not announced yet is announced to staff,
 * once per booking. Answers the reservation announced, if any.
 */
export async function noticeWaitlist(
  db: DbOrTx,
  w: { visitTypeId: string; now: Date; tz: string; today: string },
): Promise<string | null> {
  const waiting = await waitlistOf(db, w.visitTypeId, w.today, 100);
  for (const r of waiting) {
    if (r.waitlistNotifiedAt) continue;
    const room = await roomOnDays(db, {
      visitTypeId: r.visitTypeId,
      firstDay: r.firstDay,
      lastDay: r.lastDay,
      pets: r.petCount,
      today: w.today,
      tz: w.tz,
    });
    if (!room?.fits) continue;
    if (!(await markWaitlistNotified(db, r.id, w.now))) continue;
    const owner = (await ownersByIds(db, [r.ownerId])).get(r.ownerId);
    await raiseStaffNotification(db, {
      kind: WAITLIST_NOTICE_KIND,
      title: 'A place freed for a waitlisted reservation',
      body: M.waitlistFits(owner?.name ?? 'An owner', room.type.purpose, r.label),
      link: `/staff/reservations?id=${r.id}`,
      ownerId: r.ownerId,
      refs: { reservationId: r.id },
      dedupeKey: `waitlist:${r.id}`,
      now: w.now,
    });
    return r.id;
  }
  return null;
}

/** The waitlist notice after a request's commit (cancel, no-show, a capacity change). */
export function noticeWaitlistNow(ctx: AppContext, visitTypeId: string): Promise<string | null> {
  return ctx.db.transaction((tx) =>
    noticeWaitlist(tx, { visitTypeId, now: ctx.clock.now(), tz: ctx.config.tz, today: ctx.clock.today() }),
  );
}

/* ───────────── check-out: the stays' deboarding ───────────── */

/**
 * A stay closed (deboarded): when it is a reservation's and every stay of that reservation is now deboarded, the
 * reservation is checked out, in the deboarding's transaction. A place freed before the booked end reaches the
 * waitlist.
 */
onStayClosed(async (tx, e) => {
  const tz = businessTz;
  const today = dateInTz(e.now, tz);
  const pet = await petOfBoarding(tx, e.boarding.id);
  if (pet) {
    const stays = (await petsOfReservations(tx, [pet.reservationId])).flatMap((p) => (p.visitId ? [p.visitId] : []));
    const open = [...(await boardingsOfVisits(tx, stays)).values()].some((b) => b.isBoarded);
    if (!open) {
      await updateReservation(tx, pet.reservationId, ['checked_in'], {
        status: 'checked_out',
        checkedOutAt: e.now,
        checkedOutBy: e.by,
      });
    }
  }
  await noticeWaitlist(tx, { visitTypeId: e.boarding.visitTypeId, now: e.now, tz, today });
});
