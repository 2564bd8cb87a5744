import type { CustomerNotificationsResponse, MarkReadBody, MarkReadResponse } from '@pawdesk/shared/staff-notifications/schemas';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * The pet owner's inbox (GET /customer/notifications, POST /customer/notifications/read): the dashboard card and the
 * header badge read the latest unread ones; /customer/notifications pages through all of them.
 */
const root = queryRoots.notifications;
export const customerNotificationKeys = {
  root,
  unread: (limit: number) => [...root, { unread: true, limit }] as const,
  all: [...root, 'all'] as const,
};

/** How many unread entries the dashboard card shows. */
export const CARD_UNREAD = 5;
export const INBOX_PAGE = 20;

export function fetchCustomerNotifications(q: { unread: boolean; limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<CustomerNotificationsResponse>('/customer/notifications', {
    query: { unread: String(q.unread), limit: q.limit, cursor: q.cursor },
    signal,
  });
}

/** The latest unread entries with the unread count; refreshed every two minutes while a page shows them. */
export function unreadCustomerNotificationsQuery(limit = CARD_UNREAD) {
  return queryOptions({
    queryKey: customerNotificationKeys.unread(limit),
    queryFn: ({ signal }) => fetchCustomerNotifications({ unread: true, limit }, signal),
    staleTime: 30_000,
    refetchInterval: 120_000,
  });
}

/** The whole inbox, newest first, a page at a time. */
export function customerInboxQuery() {
  return infiniteQueryOptions({
    queryKey: customerNotificationKeys.all,
    queryFn: ({ pageParam, signal }) =>
      fetchCustomerNotifications({ unread: false, limit: INBOX_PAGE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function markCustomerNotificationsRead(body: MarkReadBody) {
  return api<MarkReadResponse>('/customer/notifications/read', { method: 'POST', body });
}

export const invalidateCustomerNotifications = (qc: QueryClient) => qc.invalidateQueries({ queryKey: root });
