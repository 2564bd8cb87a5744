import type { PetVisitsPage } from '@pawdesk/shared';
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
