import type { MarkReadBody, MarkReadResponse, StaffNotificationsResponse } from '@pawdesk/shared/staff-notifications/schemas';
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
