import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, paise } from './_columns.ts';

/**
 * The offline payment provider's own records (used when no Razorpay keys are configured): the orders, payments
 * and payment links Razorpay would hold, kept in the database so they survive restarts and are shared by every
 * instance. Ids look like Razorpay's (`order_…`, `pay_…`, `plink_…`, `rfnd_…`). Nothing else reads these tables: the
 * ledger (`payments`) refers to them by provider id only.
 */
export const offlineOrders = pgTable(
  'offline_orders',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    amountPaise: paise('amount_paise').notNull(),
    receipt: text('receipt'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** created | attempted | paid, as Razorpay's order statuses. */
    status: varchar('status', { length: 16 }).notNull().default('created'),
    createdAt: createdAt(),
  },
  (t) => [
    check('offline_orders_amount_ck', sql`${t.amountPaise} > 0`),
    check('offline_orders_status_ck', sql`${t.status} in ('created','attempted','paid')`),
  ],
);

export const offlinePaymentLinks = pgTable(
  'offline_payment_links',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    amountPaise: paise('amount_paise').notNull(),
    description: text('description').notNull(),
    referenceId: text('reference_id').notNull(),
    customer: jsonb('customer').$type<{ name: string; email?: string | null; contact?: string | null }>().notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** created | paid | cancelled | expired */
    status: varchar('status', { length: 16 }).notNull().default('created'),
    paymentId: varchar('payment_id', { length: 40 }),
    createdAt: createdAt(),
  },
  (t) => [
    check('offline_payment_links_amount_ck', sql`${t.amountPaise} > 0`),
    check('offline_payment_links_status_ck', sql`${t.status} in ('created','paid','cancelled','expired')`),
  ],
);

export const offlinePayments = pgTable(
  'offline_payments',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    orderId: varchar('order_id', { length: 40 }).references(() => offlineOrders.id),
    linkId: varchar('link_id', { length: 40 }).references(() => offlinePaymentLinks.id),
    amountPaise: paise('amount_paise').notNull(),
    /** captured | failed (the offline checkout captures at once, as Razorpay's automatic capture does). */
    status: varchar('status', { length: 16 }).notNull(),
    method: varchar('method', { length: 16 }).notNull().default('card'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('offline_payments_order_idx').on(t.orderId),
    check('offline_payments_amount_ck', sql`${t.amountPaise} > 0`),
    check('offline_payments_status_ck', sql`${t.status} in ('captured','failed')`),
  ],
);

/**
 * Refunds of the offline provider's payments, as Razorpay holds them (`rfnd_…`): `pending` until the refund is
 * processed (the offline refund route plays Razorpay: `processed` or `failed`, with the signed webhook it sends).
 */
export const offlineRefunds = pgTable(
  'offline_refunds',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    paymentId: varchar('payment_id', { length: 40 })
      .notNull()
      .references(() => offlinePayments.id),
    amountPaise: paise('amount_paise').notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** pending | processed | failed, as Razorpay's refund statuses. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('offline_refunds_payment_idx').on(t.paymentId),
    check('offline_refunds_amount_ck', sql`${t.amountPaise} > 0`),
    check('offline_refunds_status_ck', sql`${t.status} in ('pending','processed','failed')`),
  ],
);
