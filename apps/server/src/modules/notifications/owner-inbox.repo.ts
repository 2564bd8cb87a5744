import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ownerNotifications } from '../../db/schema/index.ts';
import { afterCursor, type Cursor, cursorTs } from '../../lib/cursor.ts';

export type OwnerNotificationRow = typeof ownerNotifications.$inferSelect;
export type NewOwnerNotificationRow = typeof ownerNotifications.$inferInsert;

/** Inserts once per dedupe key; undefined when the key was written before. */
export async function insertOwnerNotification(
  db: DbOrTx,
  values: NewOwnerNotificationRow,
): Promise<OwnerNotificationRow | undefined> {
  const [row] = await db.insert(ownerNotifications).values(values).onConflictDoNothing().returning();
  return row;
}

/** A page of one owner's inbox, newest first, after the cursor: `limit + 1` rows. */
export async function pageOwnerNotifications(
  db: DbOrTx,
  opts: { ownerId: string; limit: number; unreadOnly: boolean; after?: Cursor },
): Promise<(OwnerNotificationRow & { cursorTs: string })[]> {
  const conds = [eq(ownerNotifications.ownerId, opts.ownerId)];
  if (opts.unreadOnly) conds.push(isNull(ownerNotifications.readAt));
  if (opts.after) conds.push(afterCursor(ownerNotifications.createdAt, ownerNotifications.id, opts.after));
  return db
    .select({ ...getTableColumns(ownerNotifications), cursorTs: cursorTs(ownerNotifications.createdAt) })
    .from(ownerNotifications)
    .where(and(...conds))
    .orderBy(desc(ownerNotifications.createdAt), desc(ownerNotifications.id))
    .limit(opts.limit + 1);
}

export async function ownerUnreadCount(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ownerNotifications)
    .where(and(eq(ownerNotifications.ownerId, ownerId), isNull(ownerNotifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks these (or all, when `ids` is null) of the owner's unread entries read; how many changed. */
export async function markOwnerRead(db: DbOrTx, ownerId: string, ids: readonly string[] | null, at: Date): Promise<number> {
  const conds = [eq(ownerNotifications.ownerId, ownerId), isNull(ownerNotifications.readAt)];
  if (ids) conds.push(sql`${ownerNotifications.id} = any(${sql.param([...ids])}::varchar[])`);
  const rows = await db
    .update(ownerNotifications)
    .set({ readAt: at })
    .where(and(...conds))
    .returning({ id: ownerNotifications.id });
  return rows.length;
}

/** Every entry of an owner (tests and the desk), newest first. */
export function ownerNotificationsOf(db: DbOrTx, ownerId: string): Promise<OwnerNotificationRow[]> {
  return db
    .select()
    .from(ownerNotifications)
    .where(eq(ownerNotifications.ownerId, ownerId))
    .orderBy(desc(ownerNotifications.createdAt), desc(ownerNotifications.id));
}
