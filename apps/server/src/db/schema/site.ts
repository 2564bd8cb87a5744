import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, paise, pk } from './_columns.ts';

/** The public service catalogue (home page, customer service list). */
export const customerServices = pgTable('customer_services', {
  id: pk(),
  name: text('name').notNull().unique(),
  durationMinutes: integer('duration_minutes').notNull(),
  pricePaise: paise('price_paise').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
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
