import type { PetDetails, PetVisitsPage } from '@pawdesk/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const customerVisitKeys = {
  pets: (email: string) => ['customer', 'pets', email] as const,
  visits: (petId: string) => ['customer', 'visits', petId] as const,
};

/** The signed-in customer's pets, fetched by their email (spec 000 §2); the server answers only the caller's own pets. */
export function useCustomerPets(email: string | undefined) {
  return useQuery({
    queryKey: customerVisitKeys.pets(email ?? ''),
    queryFn: ({ signal }) =>
      api<{ pets: PetDetails[] }>('/customerappointment/getcustomerpets', { query: { email }, signal }).then((r) => r.pets),
    enabled: Boolean(email),
  });
}

/** A pet's visits, newest first, a page at a time. */
export function useCustomerPetVisits(petId: string | undefined) {
  return useInfiniteQuery({
    queryKey: customerVisitKeys.visits(petId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api<PetVisitsPage>('/visit/getparticularpetvisit', { query: { petId, limit: 50, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(petId),
    retry: false,
  });
}
