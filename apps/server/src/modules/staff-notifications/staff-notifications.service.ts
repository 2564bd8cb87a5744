import type { StaffNotification, StaffNotificationsResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import {
  insertNotification,
  markRead,
  pageNotifications,
  type StaffNotificationRow,
  unreadCount,
} from './staff-notifications.repo.ts';

export type { StaffNotificationRow };
export { listNotifications, markRead, unreadCount } from './staff-notifications.repo.ts';

/** What staff are told: money captured that pays no sale, a refund the provider failed… */
export interface StaffNotice {
  kind: 'unapplied_payment' | 'refund_failed' | (string & {});
  title: string;
  body: string;
  /** The screen that deals with it. */
  link?: string | null;
  ownerId?: string | null;
  refs?: Record<string, string>;
  /** The same event raised twice (a webhook and a verify) is one notification. */
  dedupeKey?: string | null;
  now: Date;
}

/** Raises a staff notification, in the caller's transaction (so it exists exactly when what it reports does). */
export function raiseStaffNotification(db: DbOrTx, n: StaffNotice): Promise<StaffNotificationRow> {
  return insertNotification(db, {
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    ownerId: n.ownerId ?? null,
    refs: n.refs ?? {},
    dedupeKey: n.dedupeKey ?? null,
    createdAt: n.now,
  });
}

const toApi = (r: StaffNotificationRow): StaffNotification => ({
  _id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});

/** GET /staff/notifications: the shared inbox newest first (all, or the unread only), a page at a time, with the unread count. */
export async function listStaffNotifications(
  db: DbOrTx,
  q: { unread: boolean; limit: number; cursor?: string },
): Promise<StaffNotificationsResponse> {
  const rows = await pageNotifications(db, { limit: q.limit, unreadOnly: q.unread, after: decodeCursor(q.cursor) });
  const { rows: pageRows, nextCursor } = page(rows, q.limit);
  return { success: true as const, notifications: pageRows.map(toApi), unreadCount: await unreadCount(db), nextCursor };
}

/** POST /staff/notifications/read: marks these (or every unread one) read for all staff; how many changed. */
export async function markStaffNotificationsRead(
  db: DbOrTx,
  b: { ids?: string[]; all?: boolean },
  by: string,
  now: Date,
): Promise<{ success: true; marked: number; unreadCount: number }> {
  const marked = await markRead(db, b.all ? null : [...new Set(b.ids ?? [])], by, now);
  return { success: true as const, marked, unreadCount: await unreadCount(db) };
}
