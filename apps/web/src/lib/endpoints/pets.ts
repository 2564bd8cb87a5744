import type { PetDetails } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /pet/getpetdetails/{id}: one pet with its owner and vaccinations. */
export function fetchPetDetails(id: string, signal?: AbortSignal) {
  return api<{ pet: PetDetails }>(`/pet/getpetdetails/${id}`, { signal }).then((r) => r.pet);
}

export const petDetailsKey = (id: string) => [...queryRoots.pets, 'details', id] as const;

/** A pet's details (pet records, registrations by date, the prescription form's header). */
export function petDetailsQuery(id: string | null | undefined) {
  return queryOptions({
    queryKey: petDetailsKey(id ?? ''),
    queryFn: ({ signal }) => fetchPetDetails(id as string, signal),
    enabled: Boolean(id),
  });
}
