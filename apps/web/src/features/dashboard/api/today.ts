import type { TodayBoardResponse } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/** GET /dashboard/today: under the payments root, so any money write refreshes the board. */
export function todayBoardQuery() {
  return queryOptions({
    queryKey: [...queryRoots.payments, 'today-board'] as const,
    queryFn: ({ signal }) => api<TodayBoardResponse>('/dashboard/today', { signal }),
    staleTime: 60_000,
  });
}
