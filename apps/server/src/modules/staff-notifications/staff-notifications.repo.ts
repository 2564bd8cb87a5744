import { and, count, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffNotifications } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs } from '../../lib/cursor.ts';

export type StaffNotificationRow = typeof staffNotifications.$inferSelect;
export type NewStaffNotificationRow = typeof staffNotifications.$inferInsert;

/** Inserts once per dedupe key; the existing row when the key was raised before. */
export async function insertNotification(db: DbOrTx, values: NewStaffNotificationRow): Promise<StaffNotificationRow> {
  const [row] = await db.insert(staffNotifications).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(staffNotifications)
    .where(eq(staffNotifications.dedupeKey, values.dedupeKey ?? ''))
    .limit(1);
  return existing!;
}

/** Newest first, paged by (created_at, id). */
export async function listNotifications(
  db: DbOrTx,
  opts: { limit: number; unreadOnly: boolean; before?: { createdAt: Date; id: string } },
): Promise<StaffNotificationRow[]> {
  const conds = [];
  if (opts.unreadOnly) conds.push(isNull(staffNotifications.readAt));
  if (opts.before)
    conds.push(
      or(
        lt(staffNotifications.createdAt, opts.before.createdAt),
        and(eq(staffNotifications.createdAt, opts.before.createdAt), lt(staffNotifications.id, opts.before.id)),
      ),
    );
  return db
    .select()
    .from(staffNotifications)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(opts.limit);
}

export async function unreadCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffNotifications).where(isNull(staffNotifications.readAt));
  return Number(row?.n ?? 0);
}

/** Marks these (or all unread, when `ids` is null) read; returns how many changed. */
export async function markRead(db: DbOrTx, ids: readonly string[] | null, by: string, at: Date): Promise<number> {
  const where = ids
    ? and(isNull(staffNotifications.readAt), sql`${staffNotifications.id} = any(${sql.param([...ids])}::varchar[])`)
    : isNull(staffNotifications.readAt);
  const rows = await db
    .update(staffNotifications)
    .set({ readAt: at, readBy: by })
    .where(where)
    .returning({ id: staffNotifications.id });
  return rows.length;
}

/** A page of the inbox, newest first, after the cursor (created_at at full precision, id): `limit + 1` rows. */
export async function pageNotifications(
  db: DbOrTx,
  opts: { limit: number; unreadOnly: boolean; after?: Cursor },
): Promise<(StaffNotificationRow & { cursorTs: string })[]> {
  const conds = [];
  if (opts.unreadOnly) conds.push(isNull(staffNotifications.readAt));
  if (opts.after) conds.push(afterCursor(staffNotifications.createdAt, staffNotifications.id, opts.after));
  return db
    .select({ ...getTableColumns(staffNotifications), cursorTs: cursorTs(staffNotifications.createdAt) })
    .from(staffNotifications)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(opts.limit + 1);
}
