import { notificationView, type StaffNotification, type StaffNotificationsResponse } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import {
  type Audience,
  audiencesOf,
  findNotification,
  insertNotification,
  markRead,
  notifyChannel,
  pageNotifications,
  type StaffNotificationRow,
  unreadCount,
} from './staff-notifications.repo.ts';

export type { Audience, StaffNotificationRow };
export { audiencesOf, listNotifications, markRead, unreadCount } from './staff-notifications.repo.ts';

/** The channel a new staff notification is announced on (PostgreSQL NOTIFY; PGlite's in-process listener). */
export const STAFF_NOTIFY_CHANNEL = 'pawdesk_staff_notifications';

/**
 * Kinds only admins see (docs/decisions.md, "Staff notifications: audience"): a refund the provider failed is an
 * admin's to deal with, since only admins may refund (POST /payments/refund). Every other kind is for all staff.
 */
export const ADMIN_ONLY_KINDS: ReadonlySet<string> = new Set(['refund_failed']);

/** What staff are told: money captured that pays no sale, a refund the provider failed… */
export interface StaffNotice {
  kind: 'unapplied_payment' | 'refund_failed' | 'email_failed' | (string & {});
  title: string;
  body: string;
  /** The screen that deals with it. */
  link?: string | null;
  ownerId?: string | null;
  refs?: Record<string, string>;
  /** The same event raised twice (a webhook and a verify) is one notification. */
  dedupeKey?: string | null;
  /** Who sees it; default: `admin` for the kinds of ADMIN_ONLY_KINDS, else `staff`. */
  audience?: Audience;
  now: Date;
}

/** What the NOTIFY carries: the id and audience of the new notification (each instance reads the row itself). */
export interface StaffNotifyPayload {
  id: string;
  audience: Audience;
}

/**
 * Raises a staff notification, in the caller's transaction (so it exists exactly when what it reports does), and
 * announces it on STAFF_NOTIFY_CHANNEL in the same transaction: the open streams of every instance receive it once
 * it commits. Raised again (the same dedupe key), nothing new is stored or announced.
 */
export async function raiseStaffNotification(db: DbOrTx, n: StaffNotice): Promise<StaffNotificationRow> {
  const audience = n.audience ?? (ADMIN_ONLY_KINDS.has(n.kind) ? 'admin' : 'staff');
  const { row, fresh } = await insertNotification(db, {
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    ownerId: n.ownerId ?? null,
    refs: n.refs ?? {},
    dedupeKey: n.dedupeKey ?? null,
    audience,
    createdAt: n.now,
  });
  if (fresh) {
    const payload: StaffNotifyPayload = { id: row.id, audience };
    await notifyChannel(db, STAFF_NOTIFY_CHANNEL, JSON.stringify(payload));
  }
  return row;
}

/**
 * What the NOTIFY carries for a live event that is not a notification (issue 20: a care task recorded or undone): the
 * stream sends it to every staff stream as the SSE event `event` with `data`; the screens refetch on it.
 */
export interface StaffEventPayload {
  event: string;
  data: Record<string, string>;
}

/** Events other modules may publish on the staff stream (never 'ready', 'notification' or 'resync'). */
const STAFF_EVENTS: ReadonlySet<string> = new Set(['care']);

/**
 * Publishes a live event on the staff stream, in the caller's transaction: open streams on every instance receive it
 * once it commits (not at all on a rollback).
 */
export async function publishStaffEvent(db: DbOrTx, event: string, data: Record<string, string>): Promise<void> {
  if (!STAFF_EVENTS.has(event)) throw new Error(`Unknown staff stream event: ${event}`);
  const payload: StaffEventPayload = { event, data };
  await notifyChannel(db, STAFF_NOTIFY_CHANNEL, JSON.stringify(payload));
}

export const toApi = notificationView;

/** One notification as the API shows it (the live stream reads each announced one). */
export async function staffNotificationById(db: DbOrTx, id: string): Promise<StaffNotification | undefined> {
  const row = await findNotification(db, id);
  return row ? toApi(row) : undefined;
}

/**
 * GET /staff/notifications: the inbox newest first (all, or the unread only), a page at a time, with the unread
 * count; staff see the `staff` audience, admins also the `admin` one.
 */
export async function listStaffNotifications(
  db: DbOrTx,
  q: { unread: boolean; limit: number; cursor?: string },
  isAdmin: boolean,
): Promise<StaffNotificationsResponse> {
  const audiences = audiencesOf(isAdmin);
  const rows = await pageNotifications(db, {
    limit: q.limit,
    unreadOnly: q.unread,
    after: decodeCursor(q.cursor),
    audiences,
  });
  const { rows: pageRows, nextCursor } = page(rows, q.limit);
  return {
    success: true as const,
    notifications: pageRows.map(toApi),
    unreadCount: await unreadCount(db, audiences),
    nextCursor,
  };
}

/** POST /staff/notifications/read: marks these (or every unread one the caller sees) read for all staff. */
export async function markStaffNotificationsRead(
  db: DbOrTx,
  b: { ids?: string[]; all?: boolean },
  by: { id: string; isAdmin: boolean },
  now: Date,
): Promise<{ success: true; marked: number; unreadCount: number }> {
  const audiences = audiencesOf(by.isAdmin);
  const marked = await markRead(db, b.all ? null : [...new Set(b.ids ?? [])], by.id, now, audiences);
  return { success: true as const, marked, unreadCount: await unreadCount(db, audiences) };
}

/** Staff's unread count (for the live stream's greeting). */
export const staffUnreadCount = (db: DbOrTx, isAdmin: boolean) => unreadCount(db, audiencesOf(isAdmin));
