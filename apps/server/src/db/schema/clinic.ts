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
import { inventoryItems } from './inventory.ts';
import { pets } from './pets.ts';

/** A purpose of visit with its prices (paise). */
export const visitTypes = pgTable(
  'visit_types',
  {
    id: pk(),
    /** Stable key that code uses (`hostel`, `day_care`…); `purpose` is the display name and may be renamed. */
    code: varchar('code', { length: 32 }).notNull(),
    purpose: text('purpose').notNull(),
    pricePaise: paise('price_paise').notNull().default(0),
    halfdayPricePaise: paise('halfday_price_paise').notNull().default(0),
    consultationPvtPaise: paise('consultation_pvt_paise').notNull().default(0),
    consultationPvtEmergencyPaise: paise('consultation_pvt_emergency_paise').notNull().default(0),
    consultationNgoPaise: paise('consultation_ngo_paise').notNull().default(0),
    consultationNgoEmergencyPaise: paise('consultation_ngo_emergency_paise').notNull().default(0),
    isBoarding: boolean('is_boarding').notNull().default(false),
    hasSubscription: boolean('has_subscription').notNull().default(false),
    /** Boarding types: how many pets it can hold at once (kennels or places); null = no limit. */
    capacity: integer('capacity'),
    /** GST (issue 17): the service's SAC code, its rate (percent, one of the admin's list; 0 = not taxed), whether it
     * is exempt (veterinary services may be) and whether its prices include the tax. */
    sacCode: varchar('sac_code', { length: 8 }),
    gstRatePercent: numeric('gst_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    gstExempt: boolean('gst_exempt').notNull().default(false),
    priceIncludesTax: boolean('price_includes_tax').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * What the original system kept on the type that Pawdesk has no use for yet (issue 21): emoji, description, custom
     * fields, price tiers (rupees, as written), category, booking switch, subscription price. Null for Pawdesk's own.
     */
    original: jsonb('original').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('visit_types_purpose_uq').on(t.purpose),
    uniqueIndex('visit_types_code_uq').on(t.code),
    check('visit_types_capacity_ck', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('visit_types_gst_ck', sql`${t.gstRatePercent} >= 0 and ${t.gstRatePercent} <= 100`),
  ],
);

export const prescriptions = pgTable(
  'prescriptions',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id),
    customerType: varchar('customer_type', { length: 8 }).notNull().$type<'pvtltd' | 'NGO'>(),
    nextFollowUp: date('next_follow_up', { mode: 'string' }),
    followUpTime: varchar('follow_up_time', { length: 5 }),
    followUpPurpose: text('follow_up_purpose'),
    diagnosis: text('diagnosis'),
    totalPaise: paise('total_paise').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('prescriptions_pet_idx').on(t.petId, t.createdAt),
    check('prescriptions_customer_type_ck', sql`${t.customerType} in ('pvtltd','NGO')`),
  ],
);

export const prescriptionLines = pgTable(
  'prescription_lines',
  {
    id: pk(),
    prescriptionId: refTo('prescription_id', () => prescriptions.id, { onDelete: 'cascade' }),
    /** items | tablets | mg | ml */
    section: varchar('section', { length: 8 }).notNull(),
    itemId: refTo('item_id', () => inventoryItems.id),
    quantity: integer('quantity').notNull(),
    unitPricePaise: paise('unit_price_paise').notNull(),
    lineTotalPaise: paise('line_total_paise').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('prescription_lines_rx_idx').on(t.prescriptionId), check('prescription_lines_qty_ck', sql`${t.quantity} > 0`)],
);

/** A scheduled follow-up (from a prescription, an inquiry or a visit) that attendance and reminders list. */
export const followUps = pgTable(
  'follow_ups',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    time: varchar('time', { length: 5 }),
    purpose: text('purpose').notNull(),
    /** prescription | inquiry | visit */
    source: varchar('source', { length: 16 }).notNull(),
    sourceId: ref('source_id'),
    present: boolean('present'),
    markedBy: ref('marked_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('follow_ups_date_idx').on(t.date), index('follow_ups_pet_idx').on(t.petId)],
);

/** Outbox: one row per message to deliver; a worker sends and retries. */
export const notifications = pgTable(
  'notifications',
  {
    id: pk(),
    channel: varchar('channel', { length: 16 }).notNull().default('email'),
    toAddress: text('to_address'),
    ownerId: ref('owner_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** queued | sending | sent | failed | unreachable */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** e.g. reminder:2026-11-22:<ownerId>; sending the same thing twice does not queue twice. */
    dedupeKey: text('dedupe_key'),
    kind: varchar('kind', { length: 32 }).notNull(),
    refDate: date('ref_date', { mode: 'string' }),
    meta: jsonb('meta'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_due_idx').on(t.status, t.nextAttemptAt),
    index('notifications_ref_date_idx').on(t.refDate),
  ],
);
