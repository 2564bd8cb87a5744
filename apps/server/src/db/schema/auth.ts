import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, updatedAt } from './_columns.ts';

export const users = pgTable(
  'users',
  {
    id: pk(),
    role: varchar('role', { length: 16 }).notNull().$type<'staff' | 'customer'>(),
    isAdmin: boolean('is_admin').notNull().default(false),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phone: varchar('phone', { length: 10 }),
    address: text('address'),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), check('users_role_ck', sql`${t.role} in ('staff','customer')`)],
);

/** Who did what, when: one row per sensitive write. */
export const auditLog = pgTable('audit_log', {
  id: pk(),
  userId: varchar('user_id', { length: 24 }),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: varchar('entity_id', { length: 24 }),
  data: jsonb('data'),
  createdAt: createdAt(),
});

/** Key/value settings (business identity and the like), editable by admins. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
