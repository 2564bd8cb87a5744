import type { DrawerCloseBody, DrawerOpenBody, DrawerResponse, TakingsResponse } from '@pawdesk/shared';
import { DEFAULT_TZ, todayIn } from '@pawdesk/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, ApiError, api } from '../../../lib/api-client';
import { auth } from '../../../lib/auth';
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
  const { token } = auth.get();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/payments/takings.csv?date=${encodeURIComponent(date)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'Network error');
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(res.status, data.message || `Request failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `takings-${date}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
