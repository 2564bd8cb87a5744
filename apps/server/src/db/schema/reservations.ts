import type { ReservationStatus, StayCountingRule } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, pk, ref, refTo, updatedAt } from './_columns.ts';
import { users } from './auth.ts';
import { visitTypes } from './clinic.ts';
import { owners, pets } from './pets.ts';
import { boardings, visits } from './visits.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const by = (name: string) => ref(name).references((): AnyPgColumn => users.id);

/**
 * Reservations (issue 18, module `reservations`): a boarding type booked for one or more pets of one owner from a
 * check-in to a check-out instant. The count and the price are fixed when it is made (`countStay` under the
 * business's rule, the type's prices then); `first_day..last_day` are the business days it holds a place on while
 * confirmed. Deposits are ledger rows of the `deposit` account naming the reservation (`payments.reservation_id`).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: pk(),
    ownerId: refTo('owner_id', () => owners.id),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    /** requested | confirmed | waitlisted | checked_in | checked_out | cancelled | no_show */
    status: varchar('status', { length: 16 }).notNull().$type<ReservationStatus>(),
    checkIn: at('check_in').notNull(),
    checkOut: at('check_out').notNull(),
    /** The business days the stay covers (capacity, occupancy, arrivals and departures). */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    /** The count under the rule it was made with: full days or nights, half-day charges, its label. */
    countingRule: varchar('counting_rule', { length: 16 }).notNull().$type<StayCountingRule>(),
    units: integer('units').notNull(),
    unit: varchar('unit', { length: 8 }).notNull().$type<'day' | 'night'>(),
    halfDays: integer('half_days').notNull().default(0),
    halfDay: boolean('half_day').notNull().default(false),
    lateCheckOut: boolean('late_check_out').notNull().default(false),
    label: text('label').notNull(),
    /** Pets reserved (the places held each day). */
    petCount: integer('pet_count').notNull(),
    /** The type's prices when it was made, one pet's price and the whole reservation's (server-computed). */
    dayPricePaise: paise('day_price_paise').notNull(),
    halfDayPricePaise: paise('half_day_price_paise').notNull(),
    pricePerPetPaise: paise('price_per_pet_paise').notNull(),
    pricePaise: paise('price_paise').notNull(),
    notes: text('notes'),
    cancelReason: text('cancel_reason'),
    waiveReason: text('waive_reason'),
    /** The business day the day-before reminder was queued (once per reservation). */
    reminderSentOn: date('reminder_sent_on', { mode: 'string' }),
    /** The waitlist's order; and when staff were told a place freed for it (once per booking). */
    waitlistedAt: at('waitlisted_at'),
    waitlistNotifiedAt: at('waitlist_notified_at'),
    createdBy: by('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: at('confirmed_at'),
    confirmedBy: by('confirmed_by'),
    checkedInAt: at('checked_in_at'),
    checkedInBy: by('checked_in_by'),
    checkedOutAt: at('checked_out_at'),
    checkedOutBy: by('checked_out_by'),
    cancelledAt: at('cancelled_at'),
    cancelledBy: by('cancelled_by'),
    noShowAt: at('no_show_at'),
    noShowBy: by('no_show_by'),
    waivedAt: at('waived_at'),
    waivedBy: by('waived_by'),
  },
  (t) => [
    /** Capacity and the calendar: a type's reservations in a status overlapping a range of days. */
    index('reservations_type_status_days_idx').on(t.visitTypeId, t.status, t.firstDay, t.lastDay),
    /** Arrivals of a day (and the reminders of tomorrow's). */
    index('reservations_first_day_idx').on(t.firstDay, t.status),
    /** Departures of a day. */
    index('reservations_last_day_idx').on(t.lastDay, t.status),
    index('reservations_owner_idx').on(t.ownerId, t.createdAt),
    /** The waitlist of a type, in order. */
    index('reservations_waitlist_idx').on(t.visitTypeId, t.waitlistedAt).where(sql`${t.status} = 'waitlisted'`),
    check(
      'reservations_status_ck',
      sql`${t.status} in ('requested','confirmed','waitlisted','checked_in','checked_out','cancelled','no_show')`,
    ),
    check('reservations_order_ck', sql`${t.checkOut} > ${t.checkIn} and ${t.lastDay} >= ${t.firstDay}`),
    check('reservations_count_ck', sql`${t.units} >= 0 and ${t.halfDays} >= 0 and ${t.units} + ${t.halfDays} >= 1`),
    check('reservations_pets_ck', sql`${t.petCount} >= 1`),
    check(
      'reservations_price_ck',
      sql`${t.pricePaise} >= 0 and ${t.pricePerPetPaise} >= 0 and ${t.dayPricePaise} >= 0 and ${t.halfDayPricePaise} >= 0`,
    ),
    check('reservations_unit_ck', sql`${t.unit} in ('day','night')`),
  ],
);

/** The pets of a reservation; once checked in, each pet's stay (boarding) and its visit. */
export const reservationPets = pgTable(
  'reservation_pets',
  {
    id: pk(),
    reservationId: refTo('reservation_id', () => reservations.id),
    petId: refTo('pet_id', () => pets.id),
    boardingId: ref('boarding_id').references((): AnyPgColumn => boardings.id),
    visitId: ref('visit_id').references((): AnyPgColumn => visits.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reservation_pets_uq').on(t.reservationId, t.petId),
    index('reservation_pets_pet_idx').on(t.petId),
    uniqueIndex('reservation_pets_boarding_uq').on(t.boardingId),
  ],
);
