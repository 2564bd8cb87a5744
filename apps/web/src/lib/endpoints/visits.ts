import type { BoughtSubscriptionResponse, PetVisitsPage, VisitDetailsResponse } from '@pawdesk/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /visit/getparticularpetvisit: a pet's visits, newest first. */
export function fetchPetVisits(q: { petId: string; limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<PetVisitsPage>('/visit/getparticularpetvisit', { query: q, signal });
}

export const petVisitsKey = (petId: string) => [...queryRoots.visits, 'pet', petId] as const;

const PAGE = 50;

/** A pet's visits a page at a time (staff View Visits, the customer's visit list). */
export function petVisitsQuery(petId: string | undefined) {
  return infiniteQueryOptions({
    queryKey: petVisitsKey(petId ?? ''),
    queryFn: ({ pageParam, signal }) => fetchPetVisits({ petId: petId as string, limit: PAGE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(petId),
  });
}

/** GET /visit/getvisitdetails/{id}: one visit with its pet, visit type, details and ledger rows (the detail dialog). */
export function fetchVisitDetails(id: string, signal?: AbortSignal) {
  return api<VisitDetailsResponse>(`/visit/getvisitdetails/${encodeURIComponent(id)}`, { signal });
}

/** GET /visit/buyy/{id}: the subscription a Buy or Renew Subscription visit bought. */
export function fetchBoughtSubscription(id: string, signal?: AbortSignal) {
  return api<BoughtSubscriptionResponse>(`/visit/buyy/${encodeURIComponent(id)}`, { signal });
}

export const visitDetailsKey = (id: string) => [...queryRoots.visits, 'details', id] as const;
export const boughtSubscriptionKey = (id: string) => [...queryRoots.visits, 'bought-subscription', id] as const;
