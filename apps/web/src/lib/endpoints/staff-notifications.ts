import type {
  MarkReadBody,
  MarkReadResponse,
  StaffNotification,
  StaffNotificationsResponse,
} from '@pawdesk/shared/staff-notifications/schemas';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * The staff inbox (GET /staff/notifications, POST /staff/notifications/read): the dashboard's Notifications card
 * shows the latest unread ones, the staff navigation their count. Both read the same query.
 */
export function fetchStaffNotifications(q: { unread: boolean; limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<StaffNotificationsResponse>('/staff/notifications', {
    query: { unread: String(q.unread), limit: q.limit, cursor: q.cursor },
    signal,
  });
}

export const staffNotificationsKey = (unread: boolean, limit: number) =>
  [...queryRoots.staff, 'notifications', { unread, limit }] as const;

/** How many of the latest unread notifications the dashboard shows. */
export const LATEST_UNREAD = 5;

/** The latest unread notifications with the unread count; refreshed every minute while a staff page is open. */
export function unreadNotificationsQuery() {
  return queryOptions({
    queryKey: staffNotificationsKey(true, LATEST_UNREAD),
    queryFn: ({ signal }) => fetchStaffNotifications({ unread: true, limit: LATEST_UNREAD }, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function markStaffNotificationsRead(body: MarkReadBody) {
  return api<MarkReadResponse>('/staff/notifications/read', { method: 'POST', body });
}

/** After marking: every list and count of the inbox. */
export const invalidateStaffNotifications = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryRoots.staff });

/** How many of the latest notifications (read or not) the header bell's list shows. */
export const BELL_RECENT = 10;

/** The header bell: the latest notifications, read or not, with the unread count. */
export function recentNotificationsQuery() {
  return queryOptions({
    queryKey: staffNotificationsKey(false, BELL_RECENT),
    queryFn: ({ signal }) => fetchStaffNotifications({ unread: false, limit: BELL_RECENT }, signal),
    staleTime: 30_000,
  });
}

/** The notifications key the live stream updates: every list of the inbox (all, unread; any length). */
const inboxLists = [...queryRoots.staff, 'notifications'] as const;

/**
 * A notification pushed by the live stream: put it at the top of every cached list of the inbox (the unread lists
 * too, since it is unread) and add one to their unread count; a notification already there changes nothing.
 */
export function addPushedNotification(qc: QueryClient, n: StaffNotification) {
  for (const [key, old] of qc.getQueriesData<StaffNotificationsResponse>({ queryKey: inboxLists })) {
    if (!old || old.notifications.some((x) => x._id === n._id)) continue;
    const opts = key.at(-1) as { limit?: unknown } | undefined;
    const limit = typeof opts?.limit === 'number' ? opts.limit : old.notifications.length + 1;
    qc.setQueryData<StaffNotificationsResponse>(key, {
      ...old,
      notifications: [n, ...old.notifications].slice(0, limit),
      unreadCount: old.unreadCount + (n.readAt ? 0 : 1),
    });
  }
}
