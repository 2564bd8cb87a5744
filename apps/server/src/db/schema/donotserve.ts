import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, pk, ref } from './_columns.ts';
import { users } from './auth.ts';
import { owners, pets } from './pets.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * "Do not serve" flags (issue 20): an owner or a pet that New Visit, boarding, reservations and online booking
 * refuse while the flag is active. A staff member's request waits (`requested`) for an admin; an admin's flag is
 * active at once. People are ids, with a name column for the original system's flags (issue 21 imports them: its
 * `blacklistedBy` is a staff name, not an account).
 */
export const serviceFlags = pgTable(
  'service_flags',
  {
    id: pk(),
    subject: varchar('subject', { length: 8 }).notNull().$type<'owner' | 'pet'>(),
    ownerId: ref('owner_id').references(() => owners.id, { onDelete: 'cascade' }),
    petId: ref('pet_id').references(() => pets.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 12 }).notNull().$type<'requested' | 'active' | 'rejected' | 'lifted'>(),
    requestedBy: ref('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: at('requested_at'),
    /** The admin who flagged it, or approved or rejected the request; an imported flag names them only by text. */
    decidedBy: ref('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
    liftedBy: ref('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftedByName: text('lifted_by_name'),
    liftedAt: at('lifted_at'),
    liftNote: text('lift_note'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'service_flags_subject_ck',
      sql`(${t.subject} = 'pet' and ${t.petId} is not null and ${t.ownerId} is null) or (${t.subject} = 'owner' and ${t.ownerId} is not null and ${t.petId} is null)`,
    ),
    check('service_flags_status_ck', sql`${t.status} in ('requested','active','rejected','lifted')`),
    // One live (requested or active) flag per subject: two admins flagging the same pet at once make one flag.
    uniqueIndex('service_flags_live_pet_uq').on(t.petId).where(sql`${t.status} in ('requested','active')`),
    uniqueIndex('service_flags_live_owner_uq').on(t.ownerId).where(sql`${t.status} in ('requested','active')`),
    index('service_flags_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * An owner's request to lift a flag (the original's BlacklistRequest): one pending per flag; an admin approves it
 * (the flag is lifted) or rejects it with a note, and the owner is told.
 */
export const serviceFlagLiftRequests = pgTable(
  'service_flag_lift_requests',
  {
    id: pk(),
    flagId: ref('flag_id')
      .notNull()
      .references(() => serviceFlags.id, { onDelete: 'cascade' }),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => owners.id, { onDelete: 'cascade' }),
    customerUserId: ref('customer_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 10 }).notNull().$type<'pending' | 'approved' | 'rejected'>(),
    adminNote: text('admin_note'),
    resolvedAt: at('resolved_at'),
    resolvedBy: ref('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedByName: text('resolved_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    check('service_flag_lift_requests_status_ck', sql`${t.status} in ('pending','approved','rejected')`),
    uniqueIndex('service_flag_lift_requests_pending_uq').on(t.flagId).where(sql`${t.status} = 'pending'`),
    index('service_flag_lift_requests_status_idx').on(t.status, t.createdAt.desc()),
    index('service_flag_lift_requests_flag_idx').on(t.flagId, t.createdAt.desc()),
  ],
);

/** An admin's override of an active flag for one request: who, why, which flag, what it allowed. */
export const serviceFlagOverrides = pgTable(
  'service_flag_overrides',
  {
    id: pk(),
    flagId: ref('flag_id')
      .notNull()
      .references(() => serviceFlags.id, { onDelete: 'cascade' }),
    byUserId: ref('by_user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    /** visit | reservation | appointment | package | prescription | plan_order */
    allowedKind: varchar('allowed_kind', { length: 16 }).notNull(),
    allowedId: varchar('allowed_id', { length: 24 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('service_flag_overrides_flag_idx').on(t.flagId, t.createdAt.desc())],
);
