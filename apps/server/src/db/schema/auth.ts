import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
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
    /** A disabled account cannot sign in, and its tokens stop working. */
    /** A staff member's profile photo (issue 21, from the original): the content hash of its `media` rows. */
    photoHash: varchar('photo_hash', { length: 64 }),
    /** An imported photo not fetched yet: the original's URL, retried by `--photos-only`. */
    photoUrl: text('photo_url'),
    disabled: boolean('disabled').notNull().default(false),
    /** Tokens issued before this instant are refused (log out everywhere, password change, role change). */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), check('users_role_ck', sql`${t.role} in ('staff','customer')`)],
);

/** Who did what, when: one row per sensitive write. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: pk(),
    userId: varchar('user_id', { length: 24 }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: varchar('entity_id', { length: 24 }),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  // The history of a kind of record, or of one record, newest first, as the admin screens page it.
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.createdAt.desc(), t.id.desc()),
    index('audit_log_record_idx').on(t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Key/value settings (business identity and the like), editable by admins. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Failed sign-ins counted per key (`acct:<email>|<ip>` and `ip:<ip>`) in a fixed window, so the limits hold
 * across instances. Rows whose window has passed are stale and are reset on the next failure.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('login_failures_window_idx').on(t.windowEnds)],
);

/**
 * Signed-in sessions of staff and customers: a token carries its session's id (`sid`). Ending a row (logout, log out
 * everywhere, password change or reset, an admin's logout) refuses its token at once on every instance: the token
 * check reads the row in the same query as the account, on every request.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: pk(),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** From the user agent at login, e.g. "Chrome on Android". */
    device: text('device').notNull(),
    /** The address, truncated (IPv4 /24, IPv6 /48): enough to tell places apart, not to find a person. */
    ipPrefix: text('ip_prefix'),
    createdAt: createdAt(),
    /** Updated at most once a minute. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the token's 7 days run out. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** logout | logout-all | ended | password-change | password-reset | admin */
    endReason: varchar('end_reason', { length: 32 }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt.desc()), index('user_sessions_expires_idx').on(t.expiresAt)],
);

/** Password-reset links: only the token's sha256 is kept; single use, 30 minutes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: pk(),
    userId: varchar('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_uq').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);
