import type { Pet, PetBreedPage } from '@pawdesk/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petKeys } from './keys';

/** Pets of a species and/or breed, a page at a time (Breed Management). */
export function usePetsByBreed(species: string, breed: string) {
  return useInfiniteQuery({
    queryKey: petKeys.byBreed(species, breed),
    queryFn: ({ pageParam, signal }) =>
      api<PetBreedPage>('/pet/getfilteredpetsbybreedandspecies', {
        query: { species, breed, limit: 48, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Pets registered on a day (yyyy-MM-dd). */
export function usePetsByDate(date: string) {
  return useQuery({
    queryKey: petKeys.byDate(date),
    queryFn: ({ signal }) => api<{ pets: Pet[] }>(`/pet/getpetsbyregistrationdate/${date}`, { signal }).then((r) => r.pets),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}
