import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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
import { boardings, payments } from './visits.ts';

/**
 * Wallet-funded boarding packages (the business's "15 Days Boarding Plan", original-data-model §3 rules 3–6, with
 * its defects fixed): what admins offer, what an owner activated for which pets, and one row per pet and day
 * charged. Owned by the `packages` module; the money itself is the ledger's (`payments.package_id`).
 */

/** A package on offer (Prices screen): name, boarding type, days, price per pet. Retired, never deleted. */
export const boardingPackages = pgTable(
  'boarding_packages',
  {
    id: pk(),
    name: text('name').notNull(),
    /** The boarding purpose the pets stay in (Hostel by default). */
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    days: integer('days').notNull(),
    /** Per pet for the whole package. */
    pricePaise: paise('price_paise').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('boarding_packages_ck', sql`${t.days} between 1 and 366 and ${t.pricePaise} > 0`)],
);

export type PackageStatus = 'awaiting_checkin' | 'active' | 'ended' | 'stopped';
export type PackageEndReason = 'completed' | 'deboarded' | 'customer' | 'staff' | 'low_balance';

/**
 * A package an owner activated: a snapshot of its name, days and price (a later edit of the offer changes nothing
 * here). Staff activate it at the desk (the pets are boarded at once: active); a customer online makes a request
 * that waits for check-in (awaiting_checkin). Ends: every pet's days charged (completed), the last pet deboarded,
 * ended by the customer or staff, or stopped because the wallet could not pay a day (low_balance).
 */
export const boardingPackageSubscriptions = pgTable(
  'package_subscriptions',
  {
    id: pk(),
    packageId: refTo('package_id', () => boardingPackages.id),
    ownerId: refTo('owner_id', () => owners.id),
    name: text('name').notNull(),
    visitTypeId: refTo('visit_type_id', () => visitTypes.id),
    days: integer('days').notNull(),
    pricePaise: paise('price_paise').notNull(),
    /** awaiting_checkin | active | ended | stopped */
    status: varchar('status', { length: 20 }).notNull().$type<PackageStatus>(),
    /** desk | customer */
    activatedVia: varchar('activated_via', { length: 10 }).notNull().$type<'desk' | 'customer'>(),
    endReason: varchar('end_reason', { length: 16 }).$type<PackageEndReason>(),
    /** The day a 'Low Wallet Balance' warning was last sent (once per business day). */
    lowBalanceWarnedOn: date('low_balance_warned_on', { mode: 'string' }),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endedBy: ref('ended_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('package_subscriptions_owner_idx').on(t.ownerId, t.createdAt),
    index('package_subscriptions_live_idx').on(t.status).where(sql`${t.status} in ('awaiting_checkin','active')`),
    check('package_subscriptions_status_ck', sql`${t.status} in ('awaiting_checkin','active','ended','stopped')`),
    check('package_subscriptions_via_ck', sql`${t.activatedVia} in ('desk','customer')`),
    check('package_subscriptions_ck', sql`${t.days} >= 1 and ${t.pricePaise} > 0`),
  ],
);

export type PackagePetStatus = 'waiting' | 'boarded' | 'removed' | 'done';

/**
 * A pet on a package: its own D days start on its first day (the day it was boarded), day 1 charged then, one more
 * each business day. Removed (staff, or deboarded early) stops its share; done when its D days are charged.
 */
export const packagePets = pgTable(
  'package_pets',
  {
    id: pk(),
    packageSubscriptionId: refTo('package_subscription_id', () => boardingPackageSubscriptions.id),
    petId: refTo('pet_id', () => pets.id),
    /** The stay the package pays for (null while waiting for check-in). */
    boardingId: ref('boarding_id').references((): AnyPgColumn => boardings.id),
    /** waiting | boarded | removed | done */
    status: varchar('status', { length: 10 }).notNull().$type<PackagePetStatus>(),
    /** Business date of day 1. */
    startDate: date('start_date', { mode: 'string' }),
    daysCharged: integer('days_charged').notNull().default(0),
    addedBy: ref('added_by').references(() => users.id),
    addedAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('package_pets_package_idx').on(t.packageSubscriptionId),
    index('package_pets_boarding_idx').on(t.boardingId),
    /** A pet is on at most one live package. */
    uniqueIndex('package_pets_one_live_uq').on(t.petId).where(sql`${t.status} in ('waiting','boarded')`),
    check('package_pets_status_ck', sql`${t.status} in ('waiting','boarded','removed','done')`),
    check('package_pets_days_ck', sql`${t.daysCharged} >= 0`),
  ],
);

/**
 * One row per pet and package day charged: the unique keys make the daily job idempotent (two app instances, a
 * restart, a catch-up after downtime never charge a day twice). `chargeId` is the ledger charge.
 */
export const packageCharges = pgTable(
  'package_charges',
  {
    id: pk(),
    packagePetId: refTo('package_pet_id', () => packagePets.id),
    packageSubscriptionId: refTo('package_subscription_id', () => boardingPackageSubscriptions.id),
    /** 1..D */
    dayNumber: integer('day_number').notNull(),
    /** The business date the day is for. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    amountPaise: paise('amount_paise').notNull(),
    chargeId: refTo('charge_id', () => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    uniqueIndex('package_charges_day_uq').on(t.packagePetId, t.dayNumber),
    uniqueIndex('package_charges_date_uq').on(t.packagePetId, t.businessDate),
    index('package_charges_package_idx').on(t.packageSubscriptionId, t.businessDate),
    check('package_charges_ck', sql`${t.dayNumber} >= 1 and ${t.amountPaise} >= 0`),
  ],
);

/** `deposit`: a reservation's deposit taken by card at the desk (issue 18). */
export type CheckoutPurpose = 'subscription' | 'wallet_topup' | 'deposit' | 'appointment';
export type CheckoutStatus = 'created' | 'paid' | 'cancelled';

/**
 * An order a customer pays online before anything is sold (a plan bought online, a wallet top-up): what it will
 * buy, for how much (the server's amount), with the provider's order id. The purchase is created exactly once,
 * when the payment is verified (checkout callback, success address or webhook, whichever comes first): the status
 * moves created → paid in the transaction that writes the sale. Owned by the `payments` module.
 */
export const checkoutOrders = pgTable(
  'checkout_orders',
  {
    id: pk(),
    /** subscription | wallet_topup */
    purpose: varchar('purpose', { length: 16 }).notNull().$type<CheckoutPurpose>(),
    ownerId: refTo('owner_id', () => owners.id),
    /** The customer who asked. */
    userId: refTo('user_id', () => users.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** What to create when paid: { petId, planId } or {}. */
    payload: jsonb('payload').notNull().$type<Record<string, string>>(),
    /** created | paid | cancelled */
    status: varchar('status', { length: 10 }).notNull().$type<CheckoutStatus>(),
    /** The ledger payment that paid it, and what was created ({ visitId, subscriptionId } …). */
    paymentId: ref('payment_id').references(() => payments.id),
    result: jsonb('result').$type<Record<string, string>>(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('checkout_orders_provider_order_uq').on(t.provider, t.providerOrderId),
    index('checkout_orders_user_idx').on(t.userId, t.createdAt),
    check('checkout_orders_purpose_ck', sql`${t.purpose} in ('subscription','wallet_topup','deposit','appointment')`),
    check('checkout_orders_status_ck', sql`${t.status} in ('created','paid','cancelled')`),
    check('checkout_orders_amount_ck', sql`${t.amountPaise} > 0`),
  ],
);
