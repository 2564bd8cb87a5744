import type { LedgerKind, LedgerMethod, LedgerStatus, PaymentType } from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, paise, pk, ref, refTo, updatedAt } from './_columns.ts';
import { users } from './auth.ts';
import { inventoryItems } from './inventory.ts';
import { pets } from './pets.ts';
import { prescriptions, visitTypes } from './clinic.ts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: pk(),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    name: text('name').notNull(),
    pricePaise: paise('price_paise').notNull(),
    durationDays: integer('duration_days').notNull(),
    numberOfGroomings: integer('number_of_groomings').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscription_plans_type_idx').on(t.visitTypeId),
    check('subscription_plans_ck', sql`${t.pricePaise} >= 0 and ${t.durationDays} > 0 and ${t.numberOfGroomings} >= 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id),
    planId: refTo('plan_id', () => subscriptionPlans.id),
    daysLeft: integer('days_left').notNull(),
    groomingsLeft: integer('groomings_left').notNull().default(0),
    active: boolean('active').notNull().default(true),
    discountPaise: paise('discount_paise').notNull().default(0),
    /** The plan's price and duration when bought: extra-day charges use these, not a later edit of the plan. */
    pricePaise: paise('price_paise').notNull(),
    durationDays: integer('duration_days').notNull(),
    firstPaymentDate: date('first_payment_date', { mode: 'string' }).notNull(),
    lastPaymentDate: date('last_payment_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_pet_idx').on(t.petId),
    check('subscriptions_left_ck', sql`${t.daysLeft} >= 0 and ${t.groomingsLeft} >= 0`),
  ],
);

/** A recorded visit. Purpose-specific details are typed columns plus `details` jsonb as the spec reads them. */
export const visits = pgTable(
  'visits',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    /** Denormalised purpose for search and display. */
    purpose: text('purpose').notNull(),
    /** Final price charged for the visit. */
    pricePaise: paise('price_paise').notNull().default(0),
    discountPaise: paise('discount_paise').notNull().default(0),
    /** Veterinary: 'pvtltd' | 'pvtltd Emergency' | 'NGO' | 'NGO Emergency' (the consultation price it picked). */
    customerType: varchar('customer_type', { length: 16 }),
    isSubscriptionAvailed: boolean('is_subscription_availed').notNull().default(false),
    /** The subscription this visit bought (Buy Subscription) or used (isSubscriptionAvailed). */
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    numberOfDays: integer('number_of_days'),
    note: text('note'),
    details: jsonb('details').notNull().default({}),
    /** For visits that consume one inventory item (e.g. a vaccine at a vet visit). */
    itemId: ref('item_id').references(() => inventoryItems.id),
    quantity: integer('quantity'),
    volumeML: numeric('volume_ml', { precision: 12, scale: 2, mode: 'number' }),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('visits_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('visits_pet_idx').on(t.petId, t.createdAt),
    index('visits_purpose_created_idx').on(t.purpose, t.createdAt),
    check('visits_price_ck', sql`${t.pricePaise} >= 0 and ${t.discountPaise} >= 0`),
    check(
      'visits_customer_type_ck',
      sql`${t.customerType} is null or ${t.customerType} in ('pvtltd','pvtltd Emergency','NGO','NGO Emergency')`,
    ),
  ],
);

/** Lines of a visit: shop items, medicines and vaccines given. */
export const visitItems = pgTable(
  'visit_items',
  {
    id: pk(),
    visitId: refTo('visit_id', () => visits.id, { onDelete: 'cascade' }),
    /** shop | medicine | vaccine */
    kind: varchar('kind', { length: 16 }).notNull(),
    itemId: ref('item_id').references(() => inventoryItems.id),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull().default(1),
    unit: varchar('unit', { length: 16 }),
    pricePaise: paise('price_paise').notNull().default(0),
    category: text('category'),
    doseNumber: integer('dose_number'),
    volume: numeric('volume', { precision: 12, scale: 2, mode: 'number' }),
  },
  (t) => [index('visit_items_visit_idx').on(t.visitId)],
);

export const boardings = pgTable(
  'boardings',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    visitId: ref('visit_id').references(() => visits.id),
    /** The subscription this visit bought (Buy Subscription) or used (isSubscriptionAvailed). */
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    numberOfDays: integer('number_of_days').notNull().default(1),
    entryTime: timestamp('entry_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    exitTime: timestamp('exit_time', { withTimezone: true, mode: 'date' }),
    isBoarded: boolean('is_boarded').notNull().default(true),
    /** Days stayed beyond what was booked (or beyond the subscription's days left), as charged at deboarding. */
    extraDays: integer('extra_days').notNull().default(0),
    /** Extra-day charges posted to the ledger so far; a later charge posts only the difference. */
    extraChargedPaise: paise('extra_charged_paise').notNull().default(0),
    /** Subscription days this stay used, taken off the subscription when the pet left. */
    subscriptionDaysUsed: integer('subscription_days_used').notNull().default(0),
    deboardedBy: ref('deboarded_by').references(() => users.id),
    /** The admission rule's warning that staff acknowledged to board the pet: what was missing, who, when. */
    admissionMissing: jsonb('admission_missing').$type<string[]>(),
    admissionAckBy: ref('admission_ack_by').references(() => users.id),
    admissionAckAt: timestamp('admission_ack_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('boardings_active_pet_uq').on(t.petId).where(sql`${t.isBoarded}`),
    index('boardings_type_idx').on(t.visitTypeId, t.isBoarded, t.entryTime),
    /** Occupancy: stays of a type that left on or after a day (with boardings_type_idx for those still in). */
    index('boardings_type_exit_idx').on(t.visitTypeId, t.exitTime),
    check('boardings_days_ck', sql`${t.numberOfDays} >= 1`),
    check('boardings_extra_ck', sql`${t.extraDays} >= 0 and ${t.extraChargedPaise} >= 0 and ${t.subscriptionDaysUsed} >= 0`),
  ],
);

/**
 * The money ledger: one row per amount owed (charge), taken (payment), given back (refund) or forgiven
 * (write_off), for a visit, boarding, prescription, subscription or appointment. What is paid and what is
 * still owed are derived from these rows (`ledgerBalance` in @pawdesk/shared), never stored anywhere else.
 * Rows are never updated but for a pending payment becoming completed or failed.
 */
export const payments = pgTable(
  'payments',
  {
    id: pk(),
    /** charge | payment | refund | write_off */
    kind: varchar('kind', { length: 16 }).notNull().$type<LedgerKind>(),
    /** pending | completed | failed | void */
    status: varchar('status', { length: 16 }).notNull().$type<LedgerStatus>(),
    /** How money moved (payments and refunds only): cash | payment_link | card | not_recorded */
    method: varchar('method', { length: 16 }).$type<LedgerMethod>(),
    /** Always positive; the kind gives the direction. */
    amountPaise: paise('amount_paise').notNull(),
    /** partial_payment | advance_payment | payment_after_service, as chosen on the visit. */
    paymentType: varchar('payment_type', { length: 24 }).$type<PaymentType>(),
    petId: refTo('pet_id', () => pets.id),
    visitId: ref('visit_id').references(() => visits.id),
    boardingId: ref('boarding_id').references(() => boardings.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    prescriptionId: ref('prescription_id').references(() => prescriptions.id),
    appointmentId: ref('appointment_id').references(() => appointments.id),
    /** A refund names the payment it gives back. */
    refundOf: ref('refund_of'),
    /** Gap-free per financial year, given when a payment or refund completes: `2026-27/000042`. */
    receiptNo: text('receipt_no'),
    note: text('note'),
    /** razorpay | offline */
    provider: varchar('provider', { length: 16 }),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    providerLinkId: text('provider_link_id'),
    /** The short URL of a payment link, shown to the receptionist and sent to the owner. */
    linkUrl: text('link_url'),
    createdBy: ref('created_by'),
    /** When the money moved (completed payments and refunds) or the charge was posted. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    uniqueIndex('payments_receipt_uq').on(t.receiptNo),
    index('payments_order_idx').on(t.providerOrderId),
    index('payments_link_idx').on(t.providerLinkId),
    index('payments_visit_idx').on(t.visitId),
    index('payments_boarding_idx').on(t.boardingId),
    index('payments_prescription_idx').on(t.prescriptionId),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_pet_idx').on(t.petId, t.createdAt),
    index('payments_paid_at_idx').on(t.paidAt),
    check('payments_amount_ck', sql`${t.amountPaise} > 0`),
    check('payments_kind_ck', sql`${t.kind} in ('charge','payment','refund','write_off')`),
    check('payments_status_ck', sql`${t.status} in ('pending','completed','failed','void')`),
    check(
      'payments_method_ck',
      sql`(${t.kind} in ('payment','refund') and ${t.method} in ('cash','payment_link','card','not_recorded')) or (${t.kind} in ('charge','write_off') and ${t.method} is null)`,
    ),
    check(
      'payments_type_ck',
      sql`${t.paymentType} is null or ${t.paymentType} in ('partial_payment','advance_payment','payment_after_service')`,
    ),
    check(
      'payments_subject_ck',
      sql`num_nonnulls(${t.visitId}, ${t.boardingId}, ${t.subscriptionId}, ${t.prescriptionId}, ${t.appointmentId}) >= 1`,
    ),
    check(
      'payments_receipt_ck',
      sql`${t.receiptNo} is null or (${t.kind} in ('payment','refund') and ${t.status} = 'completed')`,
    ),
  ],
);

/** The last receipt number given in each financial year (`2026-27`); bumped in the paying transaction, so gap-free. */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: varchar('financial_year', { length: 7 }).primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: pk(),
    customerId: refTo('customer_id', () => users.id),
    serviceId: ref('service_id').notNull(),
    serviceName: text('service_name').notNull(),
    servicePricePaise: paise('service_price_paise').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: varchar('appointment_time', { length: 5 }).notNull(),
    petId: refTo('pet_id', () => pets.id),
    petName: text('pet_name').notNull(),
    petBreed: text('pet_breed'),
    petAge: text('pet_age'),
    petSpecies: text('pet_species'),
    notes: text('notes'),
    totalAmountPaise: paise('total_amount_paise').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    visitNotes: text('visit_notes'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_date_idx').on(t.appointmentDate, t.appointmentTime),
    index('appointments_customer_idx').on(t.customerId, t.appointmentDate),
    uniqueIndex('appointments_pet_slot_uq')
      .on(t.petId, t.appointmentDate, t.appointmentTime)
      .where(sql`${t.status} <> 'cancelled'`),
    check('appointments_status_ck', sql`${t.status} in ('pending','confirmed','completed','cancelled')`),
  ],
);
