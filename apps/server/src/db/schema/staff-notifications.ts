import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, ref } from './_columns.ts';
import { users } from './auth.ts';
import { owners } from './pets.ts';

/**
 * Notifications for the back office (not the email outbox, which is `notifications`): something staff must act on,
 * e.g. money captured that pays no sale. One shared inbox: read once, read for every staff member.
 */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: pk(),
    /** unapplied_payment | refund_failed | … (later issues add wallet, waitlist and care alerts) */
    kind: varchar('kind', { length: 32 }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The screen that deals with it, e.g. `/staff/history?pet=…&statement=1` (Pet Records with the owner’s statement open). */
    link: text('link'),
    ownerId: ref('owner_id').references(() => owners.id),
    /** Ids of what it is about (a ledger row, a visit…), for the screen that opens it. */
    refs: jsonb('refs').$type<Record<string, string>>().notNull().default({}),
    /** The same event raised twice is one notification. */
    dedupeKey: text('dedupe_key'),
    /** Who sees it: `staff` (every staff member) or `admin` (admins only); docs/decisions.md lists the admin kinds. */
    audience: varchar('audience', { length: 8 }).notNull().default('staff'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    readBy: ref('read_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_notifications_dedupe_uq').on(t.dedupeKey),
    index('staff_notifications_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('staff_notifications_unread_idx').on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A pet owner's in-app inbox (issue 19): what they are told about their appointments, visits, prescriptions, wallet
 * and packages. Each entry belongs to one owner; a customer reads the entries of the owner record linked to their
 * account. The email (when the owner has an address) goes through the outbox (`notifications`) in the same
 * transaction.
 */
export const ownerNotifications = pgTable(
  'owner_notifications',
  {
    id: pk(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    /** The customer account linked to the owner when the entry was written (null: none yet). */
    customerUserId: ref('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** visit_recorded | prescription_written | appointment_booked | … */
    kind: varchar('kind', { length: 40 }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The customer screen that shows it, e.g. `/customer/viewpetvisit/<petId>`. */
    link: text('link'),
    refs: jsonb('refs').$type<Record<string, string>>().notNull().default({}),
    /** The same event announced twice is one entry. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('owner_notifications_dedupe_uq').on(t.dedupeKey),
    index('owner_notifications_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('owner_notifications_owner_unread_idx').on(t.ownerId).where(sql`${t.readAt} is null`),
  ],
);
