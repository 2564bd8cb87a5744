import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, pk, ref } from './_columns.ts';
import { visitTypes } from './clinic.ts';

/** The public service catalogue (home page, customer service list). */
export const customerServices = pgTable('customer_services', {
  id: pk(),
  name: text('name').notNull().unique(),
  durationMinutes: integer('duration_minutes').notNull(),
  pricePaise: paise('price_paise').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The visit type booking this service books (issue 19); null: not bookable online. */
  visitTypeId: ref('visit_type_id').references(() => visitTypes.id),
  /** Pictures (issue 21, from the original's `images`): each a stored photo's hash, or its URL until fetched. */
  images: jsonb('images').$type<{ hash?: string; url: string }[]>().notNull().default([]),
  /** The original's feature list, shown with the service. */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: pk(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  comment: text('comment').notNull(),
  createdAt: createdAt(),
});
