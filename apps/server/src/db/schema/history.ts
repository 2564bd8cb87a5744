import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { paise, ref } from './_columns.ts';
import { visits } from './visits.ts';

/**
 * Visit History's search row (issue 17): one per visit, owned by the `history` module. The pet's name, the owner's
 * name and phone and the payment state belong to other modules (pets, payments); they are copied here, in the
 * transaction of the sale and of every later ledger row, void, pet rename or owner edit that changes them, through
 * the history service, so a search reads one indexed table. The payment state is a cache of the ledger: the
 * reconciliation test recomputes it from the ledger and compares.
 */
export const visitSearch = pgTable(
  'visit_search',
  {
    visitId: ref('visit_id')
      .primaryKey()
      .references(() => visits.id),
    /** The visit's own time and its day in the business time zone. */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    purpose: text('purpose').notNull(),
    visitTypeId: ref('visit_type_id').notNull(),
    /** The pet; null for a walk-in sale, whose buyer's name and phone are the owner columns (issue 18). */
    petId: ref('pet_id'),
    petName: text('pet_name'),
    ownerId: ref('owner_id').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerPhone: varchar('owner_phone', { length: 10 }).notNull(),
    /** What the sale is charged (net of credits), paid (net of refunds) and still owes, from the ledger. */
    chargedPaise: paise('charged_paise').notNull().default(0),
    paidPaise: paise('paid_paise').notNull().default(0),
    duePaise: paise('due_paise').notNull().default(0),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    /** paid | due | refunded | voided (voided wins, then refunded: any money given back, then due: anything owed). */
    paymentState: varchar('payment_state', { length: 8 }).notNull().$type<'paid' | 'due' | 'refunded' | 'voided'>(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('visit_search_created_idx').on(t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_date_idx').on(t.businessDate, t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_purpose_idx').on(t.purpose, t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_state_idx').on(t.paymentState, t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_pet_idx').on(t.petId, t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_owner_idx').on(t.ownerId),
    index('visit_search_phone_idx').on(sql`${t.ownerPhone} varchar_pattern_ops`, t.createdAt.desc(), t.visitId.desc()),
    index('visit_search_name_trgm_idx').using('gin', sql`lower(${t.petName}) gin_trgm_ops`),
    check('visit_search_state_ck', sql`${t.paymentState} in ('paid','due','refunded','voided')`),
  ],
);
