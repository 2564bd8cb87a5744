import type { VisitListResponse } from '@pawdesk/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** The search's filters as the query string carries them (shared visitListQuery; limit and cursor are the query's own). */
export type VisitListFilters = Partial<Record<'name' | 'phone' | 'purpose' | 'date' | 'state' | 'petId', string>>;

/** Rows per page of the Visit History search and the pet's visit lists built on it. */
export const VISIT_LIST_PAGE = 25;

/** Only the filters that are set, so `{ name: '' }` and `{}` share a key and a request. */
export function compactFilters(f: VisitListFilters): VisitListFilters {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out as VisitListFilters;
}

/**
 * POST /visit/getvisitlist with the filters in the query string and no body (issue 17 "Search"): rows newest first,
 * a page at a time.
 */
export function fetchVisitList(q: VisitListFilters & { limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<VisitListResponse>('/visit/getvisitlist', { method: 'POST', query: q, signal });
}

export const visitListKey = (f: VisitListFilters) => [...queryRoots.visits, 'list', compactFilters(f)] as const;

/**
 * The Visit History search (/staff/saleshistory, /staff/salesSection) and a pet's visit history (Pets by Date):
 * the previous answer stays on screen while a changed filter loads.
 */
export function visitListQuery(filters: VisitListFilters, limit = VISIT_LIST_PAGE) {
  const f = compactFilters(filters);
  return infiniteQueryOptions({
    queryKey: visitListKey(f),
    queryFn: ({ pageParam, signal }) => fetchVisitList({ ...f, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
