import type {
  AllocationDirection,
  LedgerAccount,
  LedgerKind,
  LedgerMethod,
  LedgerStatus,
  LedgerVia,
  PaymentType,
} from '@pawdesk/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { owners, pets } from './pets.ts';
import { prescriptions, visitTypes } from './clinic.ts';
import { reservations } from './reservations.ts';
import { boardingPackageSubscriptions } from './packages.ts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: pk(),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    name: text('name').notNull(),
    pricePaise: paise('price_paise').notNull(),
    durationDays: integer('duration_days').notNull(),
    numberOfGroomings: integer('number_of_groomings').notNull().default(0),
    /** Days a purchase stays valid from its payment (admin-set); null: no expiry, as in the original. */
    validityDays: integer('validity_days'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscription_plans_type_idx').on(t.visitTypeId),
    check('subscription_plans_ck', sql`${t.pricePaise} >= 0 and ${t.durationDays} > 0 and ${t.numberOfGroomings} >= 0`),
    check('subscription_plans_validity_ck', sql`${t.validityDays} is null or ${t.validityDays} between 1 and 3660`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id),
    planId: refTo('plan_id', () => subscriptionPlans.id),
    /** The purpose (visit type) the subscription is for: the pet holds at most one active per purpose. */
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    daysLeft: integer('days_left').notNull(),
    groomingsLeft: integer('groomings_left').notNull().default(0),
    /** Usable now: paid in full (or sold 'pay later'), days or groomings left, not expired. */
    active: boolean('active').notNull().default(true),
    /** Sold by card or payment link and not paid yet: not usable until the money arrives (then active). */
    awaitingPayment: boolean('awaiting_payment').notNull().default(false),
    /** The end of its validity (the plan's validity days from payment); null: no expiry. Inactive the day after. */
    validUntil: date('valid_until', { mode: 'string' }),
    /** The day the owner was emailed that it is running out (days left ≤ 7 or validity ending), once per purchase. */
    expiryWarnedOn: date('expiry_warned_on', { mode: 'string' }),
    discountPaise: paise('discount_paise').notNull().default(0),
    /** The plan's price and duration when bought: extra-day charges use these, not a later edit of the plan. */
    pricePaise: paise('price_paise').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** The days money was received (null until the first payment: a 'pay later' sale). */
    firstPaymentDate: date('first_payment_date', { mode: 'string' }),
    lastPaymentDate: date('last_payment_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_pet_idx').on(t.petId),
    /** One live subscription per pet and purpose (active, or sold and waiting for its money). */
    uniqueIndex('subscriptions_one_live_uq').on(t.petId, t.visitTypeId).where(sql`${t.active} or ${t.awaitingPayment}`),
    index('subscriptions_valid_until_idx').on(t.validUntil).where(sql`${t.active}`),
    check('subscriptions_left_ck', sql`${t.daysLeft} >= 0 and ${t.groomingsLeft} >= 0`),
    check('subscriptions_live_ck', sql`not (${t.active} and ${t.awaitingPayment})`),
  ],
);

/**
 * A subscription's history: each purchase and renewal (the visit that sold it, what it added, whether it is applied:
 * a sale by card or link is applied when paid in full, a cash or 'pay later' sale at once), and its ends (expired
 * with what remained, used up, ended by a void). Rows are written once; a purchase's status moves
 * awaiting_payment → applied (or void when its sale is cancelled unpaid).
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: pk(),
    subscriptionId: refTo('subscription_id', () => subscriptions.id),
    /** purchase | renewal | expired | used_up | ended */
    kind: varchar('kind', { length: 16 }).notNull().$type<'purchase' | 'renewal' | 'expired' | 'used_up' | 'ended'>(),
    /** awaiting_payment | applied | void (purchases and renewals); applied for the ends. */
    status: varchar('status', { length: 16 }).notNull().$type<'awaiting_payment' | 'applied' | 'void'>(),
    /** The Buy/Renew Subscription visit that sold it. */
    visitId: ref('visit_id').references((): AnyPgColumn => visits.id),
    planId: refTo('plan_id', () => subscriptionPlans.id),
    /** Purchases: what the plan adds and costs (a snapshot). Ends: what was left and lost (days, groomings). */
    days: integer('days').notNull().default(0),
    groomings: integer('groomings').notNull().default(0),
    pricePaise: paise('price_paise').notNull().default(0),
    /** The sale may be used before it is paid ('pay later', chosen by staff). */
    payLater: boolean('pay_later').notNull().default(false),
    /** After it was applied: days and groomings left, valid until. */
    daysLeftAfter: integer('days_left_after'),
    groomingsLeftAfter: integer('groomings_left_after'),
    validUntilAfter: date('valid_until_after', { mode: 'string' }),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index('subscription_events_sub_idx').on(t.subscriptionId, t.createdAt),
    uniqueIndex('subscription_events_visit_uq').on(t.visitId),
    check('subscription_events_kind_ck', sql`${t.kind} in ('purchase','renewal','expired','used_up','ended')`),
    check('subscription_events_status_ck', sql`${t.status} in ('awaiting_payment','applied','void')`),
    check('subscription_events_amounts_ck', sql`${t.days} >= 0 and ${t.groomings} >= 0 and ${t.pricePaise} >= 0`),
  ],
);

/** A recorded visit. Purpose-specific details are typed columns plus `details` jsonb as the spec reads them. */
export const visits = pgTable(
  'visits',
  {
    id: pk(),
    /**
     * The pet; null only for a walk-in Shop sale (issue 18: sold to the Walk-in customer owner, WALK_IN_OWNER_ID, to
     * the buyer named below). The trigger `visits_walk_in_shop` (migration 0019) refuses a visit without a pet that
     * is not of the Shop type.
     */
    petId: ref('pet_id').references(() => pets.id),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    /** A walk-in sale: the buyer's name (required) and phone (optional), printed on the bill; null for a pet's visit. */
    buyerName: text('buyer_name'),
    buyerPhone: varchar('buyer_phone', { length: 10 }),
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
    /** A voided visit (admin, with a reason): its charges were credited in the ledger; the row itself is kept. */
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedBy: ref('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
    /**
     * A service during a stay (grooming, veterinary, shop…) added to that stay's bill: its charge stays owed and is
     * settled at check-out with the stay (docs/decisions.md "Services during a stay").
     */
    stayBoardingId: ref('stay_boarding_id').references((): AnyPgColumn => boardings.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('visits_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('visits_stay_boarding_idx').on(t.stayBoardingId).where(sql`${t.stayBoardingId} is not null`),
    index('visits_pet_idx').on(t.petId, t.createdAt),
    index('visits_purpose_created_idx').on(t.purpose, t.createdAt),
    check('visits_price_ck', sql`${t.pricePaise} >= 0 and ${t.discountPaise} >= 0`),
    // A visit has a pet or is a walk-in sale with its buyer's name, never both; a phone only with a buyer.
    check(
      'visits_pet_or_walk_in_ck',
      sql`(${t.petId} is null) = (${t.buyerName} is not null) and (${t.buyerPhone} is null or ${t.buyerName} is not null)`,
    ),
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
    /** Sold as a half day (Day Care, Hostel; issue 18): check-out corrects it by the hours stayed. */
    halfDay: boolean('half_day').notNull().default(false),
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
    /**
     * Who acknowledged it: null for staff in Pawdesk's form; 'existing_client' when the existing web client's sale was
     * recorded as acknowledged under the switch-over setting `legacyAdmissionAcknowledged` (issue 18).
     */
    admissionAckVia: varchar('admission_ack_via', { length: 16 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('boardings_active_pet_uq').on(t.petId).where(sql`${t.isBoarded}`),
    index('boardings_type_idx').on(t.visitTypeId, t.isBoarded, t.entryTime),
    /**
     * Deboard's page of a category: in house first, then newest entry (deboarding.repo.ts, its ORDER BY and keyset
     * are this expression and these columns): without it each page sorted every stay of the type (performance.md).
     */
    index('boardings_type_page_idx').on(t.visitTypeId, sql`(case when ${t.isBoarded} then 1 else 0 end)`, t.entryTime, t.id),
    /** A visit's stay (visit details, Visit History): without it each lookup read every stay (performance.md). */
    index('boardings_visit_idx').on(t.visitId),
    /** Occupancy: stays of a type that left on or after a day (with boardings_type_idx for those still in). */
    index('boardings_type_exit_idx').on(t.visitTypeId, t.exitTime),
    check('boardings_days_ck', sql`${t.numberOfDays} >= 1`),
    check('boardings_extra_ck', sql`${t.extraDays} >= 0 and ${t.extraChargedPaise} >= 0 and ${t.subscriptionDaysUsed} >= 0`),
  ],
);

/**
 * The money ledger, append-only: one row per amount owed (charge), corrected (credit), taken (payment), given back
 * (refund) or moved between an owner's accounts (allocation). Every row names its owner and account; rows of the
 * `sale` account name the visit, boarding, prescription, subscription or appointment they are for. What is paid and
 * what is still owed are derived from these rows (`ledgerBalance` in @pawdesk/shared), never stored anywhere else.
 * The trigger `payments_append_only` (migration 0010) refuses DELETE, TRUNCATE and every UPDATE but a pending row
 * becoming completed, failed or void, and an empty provider, receipt, fee or settlement column being set once.
 */
export const payments = pgTable(
  'payments',
  {
    id: pk(),
    /** charge | credit | payment | refund | allocation */
    kind: varchar('kind', { length: 16 }).notNull().$type<LedgerKind>(),
    /** pending | completed | failed | void */
    status: varchar('status', { length: 16 }).notNull().$type<LedgerStatus>(),
    /** sale | wallet | deposit | unapplied */
    account: varchar('account', { length: 16 }).notNull().default('sale').$type<LedgerAccount>(),
    /** The owner whose account this is, as it was when the row was written. */
    ownerId: refTo('owner_id', () => owners.id),
    /** How money moved (payments and refunds only): cash | payment_link | card | not_recorded */
    method: varchar('method', { length: 16 }).$type<LedgerMethod>(),
    /** Always positive; the kind (and an allocation's direction) gives the sign. */
    amountPaise: paise('amount_paise').notNull(),
    /** Allocations: `out` of this row's account or `in` to it. */
    direction: varchar('direction', { length: 3 }).$type<AllocationDirection>(),
    /** partial_payment | advance_payment | payment_after_service, as chosen on the visit. */
    paymentType: varchar('payment_type', { length: 24 }).$type<PaymentType>(),
    /** Charges: what the amount is for, `sale` (the visit's price) or `extra_days` (deboarding). */
    chargeFor: varchar('charge_for', { length: 16 }).$type<'sale' | 'extra_days' | 'package_day'>(),
    petId: ref('pet_id').references(() => pets.id),
    visitId: ref('visit_id').references(() => visits.id),
    boardingId: ref('boarding_id').references(() => boardings.id),
    subscriptionId: ref('subscription_id').references(() => subscriptions.id),
    prescriptionId: ref('prescription_id').references(() => prescriptions.id),
    appointmentId: ref('appointment_id').references(() => appointments.id),
    /** A boarding package's daily charges (charge_for package_day) and the wallet money that paid them. */
    packageId: ref('package_id').references((): AnyPgColumn => boardingPackageSubscriptions.id),
    /** Deposit rows (the `deposit` account: payments, refunds, allocations out) name the reservation they are held for. */
    reservationId: ref('reservation_id').references((): AnyPgColumn => reservations.id),
    /** A refund names the payment it gives back. */
    refundOf: ref('refund_of').references((): AnyPgColumn => payments.id),
    /** A credit names the charge it reduces. */
    creditOf: ref('credit_of').references((): AnyPgColumn => payments.id),
    /** The `in` row of an allocation names its `out` row. */
    allocationOf: ref('allocation_of').references((): AnyPgColumn => payments.id),
    /** A cancellation's credit: the policy deduction kept on the charge (taken once per sale). */
    deductionPaise: paise('deduction_paise'),
    /** Gap-free per series, given when a payment or refund completes: `2026-27/000042`, refunds `R/2026-27/000001`. */
    receiptNo: text('receipt_no'),
    note: text('note'),
    /** razorpay | offline */
    provider: varchar('provider', { length: 16 }),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    providerLinkId: text('provider_link_id'),
    providerRefundId: text('provider_refund_id'),
    /** The short URL of a payment link, shown to the receptionist and sent to the owner. */
    linkUrl: text('link_url'),
    /** The provider's fee and settlement, when it reports them. */
    feePaise: paise('fee_paise'),
    settlementId: text('settlement_id'),
    createdBy: ref('created_by').references(() => users.id),
    /** Who decided the status (null for a provider's webhook), how, and when. */
    completedBy: ref('completed_by').references(() => users.id),
    completedVia: varchar('completed_via', { length: 16 }).$type<LedgerVia>(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** When the money moved (completed payments and refunds) or the charge was posted. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The statement time of the insert (clock_timestamp), so rows written in one transaction keep their order. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_uq').on(t.providerPaymentId),
    uniqueIndex('payments_provider_refund_uq').on(t.providerRefundId),
    uniqueIndex('payments_receipt_uq').on(t.receiptNo),
    index('payments_order_idx').on(t.providerOrderId),
    index('payments_link_idx').on(t.providerLinkId),
    index('payments_visit_idx').on(t.visitId),
    index('payments_boarding_idx').on(t.boardingId),
    index('payments_prescription_idx').on(t.prescriptionId),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_package_idx').on(t.packageId),
    index('payments_reservation_idx').on(t.reservationId),
    /** The deposits of a day's online appointments (their list): without it each list read the whole ledger. */
    index('payments_appointment_idx').on(t.appointmentId),
    index('payments_pet_idx').on(t.petId, t.createdAt),
    index('payments_owner_idx').on(t.ownerId, t.createdAt),
    index('payments_refund_of_idx').on(t.refundOf),
    index('payments_credit_of_idx').on(t.creditOf),
    index('payments_paid_at_idx').on(t.paidAt),
    check('payments_amount_ck', sql`${t.amountPaise} > 0`),
    check('payments_kind_ck', sql`${t.kind} in ('charge','credit','payment','refund','allocation')`),
    check('payments_status_ck', sql`${t.status} in ('pending','completed','failed','void')`),
    check('payments_account_ck', sql`${t.account} in ('sale','wallet','deposit','unapplied')`),
    check(
      'payments_method_ck',
      sql`(${t.kind} in ('payment','refund') and ${t.method} in ('cash','payment_link','card','not_recorded')) or (${t.kind} in ('charge','credit','allocation') and ${t.method} is null)`,
    ),
    check(
      'payments_type_ck',
      sql`${t.paymentType} is null or ${t.paymentType} in ('partial_payment','advance_payment','payment_after_service')`,
    ),
    check(
      'payments_subject_ck',
      sql`${t.account} <> 'sale' or num_nonnulls(${t.visitId}, ${t.boardingId}, ${t.subscriptionId}, ${t.prescriptionId}, ${t.appointmentId}, ${t.packageId}) >= 1`,
    ),
    check('payments_sale_only_ck', sql`${t.kind} not in ('charge','credit') or ${t.account} = 'sale'`),
    check(
      'payments_direction_ck',
      sql`(${t.kind} = 'allocation') = (${t.direction} is not null) and (${t.direction} is null or ${t.direction} in ('in','out'))`,
    ),
    check('payments_refund_of_ck', sql`(${t.kind} = 'refund') = (${t.refundOf} is not null)`),
    check('payments_credit_of_ck', sql`(${t.kind} = 'credit') = (${t.creditOf} is not null)`),
    check('payments_allocation_of_ck', sql`${t.allocationOf} is null or (${t.kind} = 'allocation' and ${t.direction} = 'in')`),
    check(
      'payments_charge_for_ck',
      sql`${t.chargeFor} is null or (${t.kind} = 'charge' and ${t.chargeFor} in ('sale','extra_days','package_day'))`,
    ),
    check('payments_deduction_ck', sql`${t.deductionPaise} is null or (${t.kind} = 'credit' and ${t.deductionPaise} >= 0)`),
    check('payments_fee_ck', sql`${t.feePaise} is null or ${t.feePaise} >= 0`),
    check(
      'payments_via_ck',
      sql`${t.completedVia} is null or ${t.completedVia} in ('desk','checkout','webhook','link_page','staff_check','import')`,
    ),
    check(
      'payments_receipt_ck',
      sql`${t.receiptNo} is null or (${t.kind} in ('payment','refund') and ${t.status} = 'completed')`,
    ),
    check('payments_pending_ck', sql`${t.status} in ('completed','void') or ${t.kind} in ('payment','refund')`),
  ],
);

/**
 * The last receipt number given in each series (payments: the financial year `2026-27`; refunds `R/2026-27`); bumped
 * in the paying transaction, so gap-free.
 */
export const receiptCounters = pgTable('receipt_counters', {
  financialYear: varchar('financial_year', { length: 12 }).primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

/**
 * Online appointments (issue 19, module `appointments`): a customer's booking of a visit type for one of their pets,
 * a slot (date + `HH:MM`) or, for stays, dates through a reservation in the 'requested' state (`reservation_id`). The
 * prices are the server's (the visit type's price, the pickup fare rule), never the request's. Money paid online is
 * held in the ledger's `deposit` account naming the appointment (`payments.appointment_id`).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: pk(),
    customerId: refTo('customer_id', () => users.id),
    /** The customer's owner record and the visit type booked (the service the client named may be a catalogue one). */
    ownerId: refTo('owner_id', () => owners.id),
    /** Null only for an imported booking whose service matched no visit type (issue 21). */
    visitTypeId: ref('visit_type_id').references(() => visitTypes.id),
    /** slot | stay */
    kind: varchar('kind', { length: 8 }).notNull().default('slot').$type<'slot' | 'stay'>(),
    /** The service booked; null only for an imported booking that named none (issue 21). */
    serviceId: ref('service_id'),
    serviceName: text('service_name').notNull(),
    servicePricePaise: paise('service_price_paise').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    appointmentTime: varchar('appointment_time', { length: 5 }).notNull(),
    /** A stay's last day. */
    endDate: date('end_date', { mode: 'string' }),
    /** Null only for an imported booking whose pet name matched none or several of the customer's pets (issue 21). */
    petId: ref('pet_id').references(() => pets.id),
    petName: text('pet_name').notNull(),
    petBreed: text('pet_breed'),
    petAge: text('pet_age'),
    petSpecies: text('pet_species'),
    notes: text('notes'),
    /** Pickup and drop: the owner's address and distance, the fare from the rule then. */
    pickupAddress: text('pickup_address'),
    pickupKm: numeric('pickup_km', { precision: 6, scale: 2, mode: 'number' }),
    pickupFarePaise: paise('pickup_fare_paise').notNull().default(0),
    totalAmountPaise: paise('total_amount_paise').notNull(),
    /** desk | online */
    paymentMode: varchar('payment_mode', { length: 8 }).notNull().default('desk').$type<'desk' | 'online'>(),
    status: varchar('status', { length: 16 })
      .notNull()
      .default('pending')
      .$type<'pending' | 'confirmed' | 'completed' | 'cancelled'>(),
    reservationId: ref('reservation_id').references((): AnyPgColumn => reservations.id),
    visitId: ref('visit_id').references((): AnyPgColumn => visits.id),
    visitNotes: text('visit_notes'),
    cancelReason: text('cancel_reason'),
    /** owner | staff */
    cancelledByRole: varchar('cancelled_by_role', { length: 8 }).$type<'owner' | 'staff'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    confirmedBy: ref('confirmed_by').references(() => users.id),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    completedBy: ref('completed_by').references(() => users.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: ref('cancelled_by').references(() => users.id),
  },
  (t) => [
    index('appointments_date_idx').on(t.appointmentDate, t.appointmentTime),
    index('appointments_customer_idx').on(t.customerId, t.appointmentDate),
    /** Staff's list of a day by status; a slot's places taken per service. */
    index('appointments_date_status_idx').on(t.appointmentDate, t.status),
    index('appointments_slot_idx').on(t.visitTypeId, t.appointmentDate, t.appointmentTime).where(sql`${t.status} <> 'cancelled'`),
    index('appointments_reservation_idx').on(t.reservationId),
    uniqueIndex('appointments_pet_slot_uq')
      .on(t.petId, t.appointmentDate, t.appointmentTime)
      .where(sql`${t.status} <> 'cancelled'`),
    check('appointments_status_ck', sql`${t.status} in ('pending','confirmed','completed','cancelled')`),
    check('appointments_kind_ck', sql`${t.kind} in ('slot','stay')`),
    check('appointments_payment_mode_ck', sql`${t.paymentMode} in ('desk','online')`),
    check('appointments_money_ck', sql`${t.servicePricePaise} >= 0 and ${t.pickupFarePaise} >= 0 and ${t.totalAmountPaise} >= 0`),
    check('appointments_cancelled_by_ck', sql`${t.cancelledByRole} is null or ${t.cancelledByRole} in ('owner','staff')`),
  ],
);

/**
 * Every event a payment provider sent us (webhooks), kept as received so the ledger can be reconciled with the
 * provider's settlement report: one row per event id, what we made of it and the ledger row it produced.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: pk(),
    provider: varchar('provider', { length: 16 }).notNull(),
    /** The provider's event id (Razorpay's `x-razorpay-event-id`), or a hash of the body when it sent none. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    rawBody: text('raw_body').notNull(),
    signatureVerified: boolean('signature_verified').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** processed | duplicate | unapplied | ignored | failed */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    detail: text('detail'),
    ledgerRowId: ref('ledger_row_id').references(() => payments.id),
  },
  (t) => [
    uniqueIndex('provider_events_event_uq').on(t.provider, t.eventId),
    index('provider_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * Idempotency keys of money-writing requests: the caller, route, key, a hash of the request and the answer given.
 * The row is written in the sale's transaction (so a key is taken exactly when the sale commits); kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: pk(),
    userId: refTo('user_id', () => users.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    /** The ledger rows the request wrote: a repeat answers their current state. */
    ledgerRowIds: jsonb('ledger_row_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.userId, t.route, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);
