import type { DrawerCloseBody, DrawerOpenBody, DrawerResponse, TakingsResponse } from '@pawdesk/shared';
import { DEFAULT_TZ, todayIn } from '@pawdesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { reminderPresetsQuery } from '../../../lib/endpoints/reminders';
import { queryRoots } from '../../../lib/query-keys';

/** Keys of the takings screen: under the payments root, so any money write refreshes them. */
export const takingsKeys = {
  day: (date: string | undefined) => [...queryRoots.payments, 'takings', { date: date ?? 'today' }] as const,
  drawer: () => [...queryRoots.payments, 'drawer'] as const,
};

/** GET /payments/takings?date= (undefined: the business's today). */
export function takingsQuery(date: string | undefined) {
  return queryOptions({
    queryKey: takingsKeys.day(date),
    queryFn: ({ signal }) => api<TakingsResponse>('/payments/takings', { query: date ? { date } : {}, signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });
}

export function drawerQuery() {
  return queryOptions({
    queryKey: takingsKeys.drawer(),
    queryFn: ({ signal }) => api<DrawerResponse>('/payments/drawer', { signal }),
    staleTime: 10_000,
  });
}

export const openDrawer = (body: DrawerOpenBody, idempotencyKey: string) =>
  api<DrawerResponse>('/payments/drawer/open', { method: 'POST', body, idempotencyKey });

export const closeDrawer = (body: DrawerCloseBody, idempotencyKey: string) =>
  api<DrawerResponse>('/payments/drawer/close', { method: 'POST', body, idempotencyKey });

/** Today in the business time zone as the server computes it; until it answers, today in the default zone. */
export function useBusinessToday(): string {
  const q = useQuery({ ...reminderPresetsQuery(), select: (r) => r.today });
  return q.data ?? todayIn(DEFAULT_TZ);
}

/** Downloads GET /payments/takings.csv for the date (the browser saves it under the server's file name). */
export async function downloadTakingsCsv(date: string): Promise<void> {
  await apiDownload('/payments/takings.csv', `takings-${date}.csv`, { query: { date } });
}
