import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, ref, refTo, updatedAt } from './_columns.ts';
import { users } from './auth.ts';
import { owners, pets } from './pets.ts';
import { boardings } from './visits.ts';

/**
 * Daily report cards (issue 20): one per stay per business day, written by staff and sent to the owner. The unique
 * index on (stay, day) is what decides when two staff create the same day's card at once.
 */
export const reportCards = pgTable(
  'report_cards',
  {
    id: pk(),
    boardingId: refTo('boarding_id', () => boardings.id, { onDelete: 'cascade' }),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    /** The pet's owner when the card was written: whose inbox it goes to, and who may see its photos. */
    ownerId: refTo('owner_id', () => owners.id, { onDelete: 'cascade' }),
    /** The business day (`yyyy-MM-dd`, business time zone). */
    day: varchar('day', { length: 10 }).notNull(),
    mood: smallint('mood').notNull(),
    activity: smallint('activity').notNull(),
    note: text('note'),
    /** Content hashes of the photos (media rows scoped `report-card:<id>`), in the order added; at most 4. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** The care log's text of the day, refreshed on every change until the card is sent. */
    summary: text('summary').notNull().default(''),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    sentBy: ref('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_cards_stay_day_uq').on(t.boardingId, t.day),
    /** The owner's list: their sent cards, newest first. */
    index('report_cards_owner_day_idx').on(t.ownerId, t.day.desc(), t.id.desc()),
    check('report_cards_scale_ck', sql`${t.mood} between 1 and 5 and ${t.activity} between 1 and 5`),
    check('report_cards_photos_ck', sql`jsonb_array_length(${t.photos}) <= 4`),
  ],
);

/** Incidents during a stay (issue 20): injury, illness, fight, escape attempt, other. */
export const incidents = pgTable(
  'incidents',
  {
    id: pk(),
    boardingId: refTo('boarding_id', () => boardings.id, { onDelete: 'cascade' }),
    petId: refTo('pet_id', () => pets.id, { onDelete: 'cascade' }),
    ownerId: refTo('owner_id', () => owners.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    whatHappened: text('what_happened').notNull(),
    actionTaken: text('action_taken').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Content hashes of the photos (media rows scoped `incident:<id>`, staff only); at most 4. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** "Tell the owner": once, with who and when. */
    ownerToldAt: timestamp('owner_told_at', { withTimezone: true, mode: 'date' }),
    ownerToldBy: ref('owner_told_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('incidents_boarding_idx').on(t.boardingId, t.occurredAt),
    index('incidents_pet_idx').on(t.petId, t.occurredAt.desc()),
    check('incidents_kind_ck', sql`${t.kind} in ('injury','illness','fight','escape_attempt','other')`),
    check('incidents_photos_ck', sql`jsonb_array_length(${t.photos}) <= 4`),
  ],
);
