import type { DbOrTx } from '../../db/client.ts';
import { insertNotification, type StaffNotificationRow } from './staff-notifications.repo.ts';

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
