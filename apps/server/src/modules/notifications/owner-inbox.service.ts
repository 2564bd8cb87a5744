import { type CustomerNotificationsResponse, notificationView } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { decodeCursor, page } from '../../lib/cursor.ts';
import { customerOwnerOf } from '../pets/customer-owner.service.ts';
import { ownersByIds } from '../pets/pet-lookups.service.ts';
import { enqueueEmails } from './notifications.service.ts';
import {
  insertOwnerNotification,
  markOwnerRead,
  type OwnerNotificationRow,
  ownerNotificationsOf,
  ownerUnreadCount,
  pageOwnerNotifications,
} from './owner-inbox.repo.ts';

export type { OwnerNotificationRow };
export { ownerNotificationsOf };

/** What an owner is told (issue 19): an entry in their in-app inbox and, when they have an address, an email. */
export interface OwnerNotice {
  ownerId: string;
  /** visit_recorded | prescription_written | appointment_booked | package_low_balance | … */
  kind: string;
  title: string;
  body: string;
  /** The customer screen that shows it. */
  link?: string | null;
  refs?: Record<string, string>;
  /** The same event announced twice is one entry (and one email). */
  dedupeKey: string;
  now: Date;
  /** The business day it is about (the outbox's ref date). */
  refDate: string;
  /**
   * The email: its subject and text (default: the title, and the body after a greeting), or `false` when the caller
   * queues its own email for the event (the package and subscription notices), so the owner gets one email, not two.
   */
  email?: { subject: string; body: string } | false;
}

export interface Notified {
  /** The new entry; undefined when the dedupe key was written before (nothing new, no email). */
  entry: OwnerNotificationRow | undefined;
  /** Whether an email was queued now. */
  emailed: boolean;
}

/**
 * Writes the owner's inbox entry and queues its email through the outbox, both in the caller's transaction (call it
 * inside one), so they exist exactly when what they report does. No email without an address (the entry is there).
 */
export async function notifyOwner(db: DbOrTx, n: OwnerNotice): Promise<Notified> {
  const owner = (await ownersByIds(db, [n.ownerId])).get(n.ownerId);
  if (!owner) return { entry: undefined, emailed: false };
  const entry = await insertOwnerNotification(db, {
    ownerId: n.ownerId,
    customerUserId: owner.userId ?? null,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link ?? null,
    refs: n.refs ?? {},
    dedupeKey: n.dedupeKey,
    createdAt: n.now,
  });
  const to = owner.email?.trim();
  if (!entry || n.email === false || !to) return { entry, emailed: false };
  const email = n.email ?? { subject: n.title, body: `Dear ${owner.name},\n\n${n.body}` };
  await enqueueEmails(db, [
    {
      dedupeKey: `inbox:${n.dedupeKey}`,
      kind: n.kind.slice(0, 32),
      refDate: n.refDate,
      ownerId: n.ownerId,
      ownerName: owner.name,
      toAddress: to,
      subject: email.subject,
      body: email.body,
      meta: { inboxId: entry.id, ...(n.refs ?? {}) },
    },
  ]);
  return { entry, emailed: true };
}

const toApi = notificationView;

/** GET /customer/notifications: the caller's own inbox (their linked owner record's), newest first, paged. */
export async function customerInbox(
  db: DbOrTx,
  userId: string,
  q: { unread: boolean; limit: number; cursor?: string },
): Promise<CustomerNotificationsResponse> {
  const after = decodeCursor(q.cursor);
  const owner = await customerOwnerOf(db, userId);
  if (!owner) return { success: true as const, notifications: [], unreadCount: 0, nextCursor: null };
  const rows = await pageOwnerNotifications(db, { ownerId: owner.id, limit: q.limit, unreadOnly: q.unread, after });
  const { rows: pageRows, nextCursor } = page(rows, q.limit);
  return {
    success: true as const,
    notifications: pageRows.map(toApi),
    unreadCount: await ownerUnreadCount(db, owner.id),
    nextCursor,
  };
}

/** POST /customer/notifications/read: marks the caller's own entries read (ids of anyone else's change nothing). */
export async function markCustomerInboxRead(
  db: DbOrTx,
  userId: string,
  b: { ids?: string[]; all?: boolean },
  now: Date,
): Promise<{ success: true; marked: number; unreadCount: number }> {
  const owner = await customerOwnerOf(db, userId);
  if (!owner) return { success: true as const, marked: 0, unreadCount: 0 };
  const marked = await markOwnerRead(db, owner.id, b.all ? null : [...new Set(b.ids ?? [])], now);
  return { success: true as const, marked, unreadCount: await ownerUnreadCount(db, owner.id) };
}
