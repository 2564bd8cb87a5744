import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, ref, refTo, updatedAt } from './_columns.ts';
import { users } from './auth.ts';
import { inventoryItems } from './inventory.ts';
import { pets } from './pets.ts';
import { boardings, visits } from './visits.ts';

/**
 * Care during a stay (issue 20; docs/decisions.md "Care plans"). A pet keeps standing instructions (meals, doses,
 * other tasks, warnings, an emergency contact); starting a stay copies its items into the stay's plan; the care
 * board records each planned task of a day and slot once (`care_tasks`).
 */

/**
 * The care slots (Morning, Noon, Evening…), admin-editable: minutes after midnight in the business time zone,
 * start < end, no two overlapping (checked by the service with the shared slot rules), names unique.
 */
export const careSlots = pgTable(
  'care_slots',
  {
    id: pk(),
    name: varchar('name', { length: 40 }).notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('care_slots_name_uq').on(sql`lower(${t.name})`),
    check('care_slots_minutes_ck', sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1440 and ${t.startMinute} < ${t.endMinute}`),
  ],
);

/** A pet's care profile beside its items: the emergency contact for the run card. One row per pet (when set). */
export const petCareProfiles = pgTable('pet_care_profiles', {
  petId: varchar('pet_id', { length: 24 })
    .primaryKey()
    .references(() => pets.id, { onDelete: 'cascade' }),
  emergencyName: text('emergency_name'),
  emergencyPhone: varchar('emergency_phone', { length: 10 }),
  updatedBy: ref('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/** A warning about a pet (allergy, aggression, escape risk, special needs), shown as a coloured badge. */
export const petCareWarnings = pgTable(
  'pet_care_warnings',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    /** allergy | aggression | escape_risk | special_needs */
    kind: varchar('kind', { length: 16 }).notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_care_warnings_pet_idx').on(t.petId, t.position),
    check('pet_care_warnings_kind_ck', sql`${t.kind} in ('allergy','aggression','escape_risk','special_needs')`),
  ],
);

/**
 * A care item: a meal, a dose or another task. With `boarding_id` null it is one of the pet's standing instructions;
 * with it, an item of that stay's plan (copied from the pet's at the stay's start, `source_item_id` naming the one
 * it came from). A plan item removed after tasks were recorded is kept with `removed_at` (the log names it).
 */
export const careItems = pgTable(
  'care_items',
  {
    id: pk(),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    boardingId: ref('boarding_id').references(() => boardings.id, { onDelete: 'cascade' }),
    sourceItemId: ref('source_item_id'),
    /** meal | dose | other */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The food, the medicine or the task ("Royal Canin Medium", "Meloxicam", "Walk"). */
    name: text('name').notNull(),
    /** The slots (care_slots ids) it is due in; a meal at an exact time has none and `at_time` instead. */
    slotIds: jsonb('slot_ids').$type<string[]>().notNull().default([]),
    /** An exact time of day (`HH:mm`, business time zone) instead of a slot (meals). */
    atTime: varchar('at_time', { length: 5 }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }),
    unit: varchar('unit', { length: 16 }),
    /** Meals: owner | house (whose food). */
    source: varchar('source', { length: 8 }),
    /** Doses: oral | topical | eye | ear | injection | inhaled | other. */
    route: varchar('route', { length: 16 }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Doses given by the house from stock: the item taken and charged to the stay's bill when given. */
    inventoryItemId: ref('inventory_item_id').references(() => inventoryItems.id),
    instructions: text('instructions'),
    position: integer('position').notNull().default(0),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('care_items_pet_idx').on(t.petId, t.position).where(sql`${t.boardingId} is null`),
    index('care_items_boarding_idx').on(t.boardingId, t.position),
    check('care_items_kind_ck', sql`${t.kind} in ('meal','dose','other')`),
    check('care_items_amount_ck', sql`${t.amount} is null or (${t.amount} > 0 and ${t.amount} <= 10000)`),
    check('care_items_dates_ck', sql`${t.startDate} is null or ${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * The care log: a planned task of a stay's day and slot recorded done (who, when, feedback, note). Recorded once:
 * the unique index on (item, day, slot) decides when two devices record it at once. Undo (10 minutes, the same
 * person) deletes the row. A house dose given names the stay-bill visit that took the stock and charged it.
 */
export const careTasks = pgTable(
  'care_tasks',
  {
    id: pk(),
    boardingId: refTo('boarding_id', () => boardings.id, { onDelete: 'cascade' }),
    itemId: refTo('item_id', () => careItems.id, { onDelete: 'cascade' }),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    /** The business day (`yyyy-MM-dd`). */
    day: date('day', { mode: 'string' }).notNull(),
    /** The slot's id, or `@HH:mm` for an item at an exact time. */
    slotKey: varchar('slot_key', { length: 24 }).notNull(),
    /** The slot's name when recorded (the log reads on after a slot is renamed). */
    slotName: varchar('slot_name', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** What it was when recorded ("Royal Canin 200 g"). */
    label: text('label').notNull(),
    feedback: varchar('feedback', { length: 16 }).notNull(),
    note: text('note'),
    doneBy: refTo('done_by', () => users.id),
    /** Their name when recorded (the board and the log show it without reading accounts). */
    doneByName: text('done_by_name').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A house dose: the stay-bill visit that took the stock and charged it. */
    chargeVisitId: ref('charge_visit_id').references(() => visits.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('care_tasks_once_uq').on(t.itemId, t.day, t.slotKey),
    index('care_tasks_boarding_day_idx').on(t.boardingId, t.day),
    index('care_tasks_day_idx').on(t.day),
    check('care_tasks_kind_ck', sql`${t.kind} in ('meal','dose','other')`),
  ],
);
