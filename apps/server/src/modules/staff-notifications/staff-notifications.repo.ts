import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffNotifications } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs } from '../../lib/cursor.ts';

export type StaffNotificationRow = typeof staffNotifications.$inferSelect;
export type NewStaffNotificationRow = typeof staffNotifications.$inferInsert;

/** Who reads which audiences: staff the staff ones, admins both. */
export type Audience = 'staff' | 'admin';
export const audiencesOf = (isAdmin: boolean): Audience[] => (isAdmin ? ['staff', 'admin'] : ['staff']);
const seenBy = (audiences: readonly Audience[]): SQL => inArray(staffNotifications.audience, [...audiences]);

/** Inserts once per dedupe key; the existing row (`fresh: false`) when the key was raised before. */
export async function insertNotification(
  db: DbOrTx,
  values: NewStaffNotificationRow,
): Promise<{ row: StaffNotificationRow; fresh: boolean }> {
  const [row] = await db.insert(staffNotifications).values(values).onConflictDoNothing().returning();
  if (row) return { row, fresh: true };
  const [existing] = await db
    .select()
    .from(staffNotifications)
    .where(eq(staffNotifications.dedupeKey, values.dedupeKey ?? ''))
    .limit(1);
  return { row: existing!, fresh: false };
}

/** Tells every instance listening on `channel` (PostgreSQL NOTIFY: delivered when the caller's transaction commits). */
export async function notifyChannel(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export async function findNotification(db: DbOrTx, id: string): Promise<StaffNotificationRow | undefined> {
  const [row] = await db.select().from(staffNotifications).where(eq(staffNotifications.id, id)).limit(1);
  return row;
}

/** Newest first, paged by (created_at, id). */
export async function listNotifications(
  db: DbOrTx,
  opts: { limit: number; unreadOnly: boolean; before?: { createdAt: Date; id: string }; audiences?: readonly Audience[] },
): Promise<StaffNotificationRow[]> {
  const conds: (SQL | undefined)[] = [seenBy(opts.audiences ?? ['staff', 'admin'])];
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

export async function unreadCount(db: DbOrTx, audiences: readonly Audience[] = ['staff', 'admin']): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffNotifications)
    .where(and(isNull(staffNotifications.readAt), seenBy(audiences)));
  return Number(row?.n ?? 0);
}

/** Marks these (or all unread, when `ids` is null) of these audiences read; returns how many changed. */
export async function markRead(
  db: DbOrTx,
  ids: readonly string[] | null,
  by: string,
  at: Date,
  audiences: readonly Audience[] = ['staff', 'admin'],
): Promise<number> {
  const where = ids
    ? and(
        isNull(staffNotifications.readAt),
        seenBy(audiences),
        sql`${staffNotifications.id} = any(${sql.param([...ids])}::varchar[])`,
      )
    : and(isNull(staffNotifications.readAt), seenBy(audiences));
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
  opts: { limit: number; unreadOnly: boolean; after?: Cursor; audiences: readonly Audience[] },
): Promise<(StaffNotificationRow & { cursorTs: string })[]> {
  const conds = [seenBy(opts.audiences)];
  if (opts.unreadOnly) conds.push(isNull(staffNotifications.readAt));
  if (opts.after) conds.push(afterCursor(staffNotifications.createdAt, staffNotifications.id, opts.after));
  return db
    .select({ ...getTableColumns(staffNotifications), cursorTs: cursorTs(staffNotifications.createdAt) })
    .from(staffNotifications)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(opts.limit + 1);
}
