import type { DrawerCloseBody, DrawerOpenBody, DrawerResponse, DrawerSettingsResponse, TakingsResponse } from '@pawdesk/shared';
import { DEFAULT_TZ, todayIn } from '@pawdesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client';
import { reminderPresetsQuery } from '../../../lib/endpoints/reminders';
import { queryRoots } from '../../../lib/query-keys';

/** Keys of the takings screen: under the payments root, so any money write refreshes them. */
export const takingsKeys = {
  day: (date: string | undefined, range?: TakingsRange | null) =>
    [...queryRoots.payments, 'takings', range ? { from: range.from, to: range.to } : { date: date ?? 'today' }] as const,
  drawer: () => [...queryRoots.payments, 'drawer'] as const,
};

/** An admin's range of dates (inclusive). */
export interface TakingsRange {
  from: string;
  to: string;
}

/** GET /payments/takings?date= (undefined: the business's today), or an admin's ?from=&to=. */
export function takingsQuery(date: string | undefined, range?: TakingsRange | null) {
  return queryOptions({
    queryKey: takingsKeys.day(date, range),
    queryFn: ({ signal }) =>
      api<TakingsResponse>('/payments/takings', { query: range ? { ...range } : date ? { date } : {}, signal }),
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

/** Admins: whether cash needs an open drawer session. */
export const setDrawerRequired = (required: boolean) =>
  api<DrawerSettingsResponse>('/settings/cash-drawer', { method: 'PUT', body: { required } });

/** Downloads GET /payments/takings.csv for the date or range (the browser saves it under the server's file name). */
export async function downloadTakingsCsv(date: string, range?: TakingsRange | null): Promise<void> {
  if (range) {
    await apiDownload('/payments/takings.csv', `takings-${range.from}_${range.to}.csv`, { query: { ...range } });
    return;
  }
  await apiDownload('/payments/takings.csv', `takings-${date}.csv`, { query: { date } });
}

/** Admins: downloads GET /payments/gst-summary.csv for the range (a day is a range of one). */
export async function downloadGstSummaryCsv(range: TakingsRange): Promise<void> {
  await apiDownload('/payments/gst-summary.csv', `gst-summary-${range.from}_${range.to}.csv`, { query: { ...range } });
}
