import type { OccupancyResponse } from '@pawdesk/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * GET /boarding/occupancy: places booked per boarding type and day, with each type's capacity. Read by the
 * occupancy grid (14 days) and the staff dashboard's card (today: days=1). Sales and deboardings invalidate the
 * `boarding` root; a capacity change on the price screen too.
 */
export function fetchOccupancy(from: string | undefined, days: number, signal?: AbortSignal) {
  return api<OccupancyResponse>('/boarding/occupancy', { query: { ...(from ? { from } : {}), days }, signal });
}

/** `from` undefined = the business's today (the server decides it). */
export const occupancyKey = (from: string | undefined, days: number) =>
  [...queryRoots.boarding, 'occupancy', { from: from ?? 'today', days }] as const;

export function occupancyQuery(from: string | undefined, days: number) {
  return queryOptions({
    queryKey: occupancyKey(from, days),
    queryFn: ({ signal }) => fetchOccupancy(from, days, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
