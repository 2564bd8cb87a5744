import type { PetDetails, PetPage } from '@pawdesk/shared';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
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

export const PET_PAGE_SIZE = 50;

/** The key of the All Pets list or its name/phone search (name lower-cased, both trimmed). */
export const petListKey = (name: string, phone: string) => [...queryRoots.pets, 'list', { name, phone }] as const;

/**
 * GET /pet/getallpets, or GET /pet/getfilteredpetsbynameandphone while a name or phone is given: the All Pets list
 * (Pet Records, the pet picker of /staff/salesSection), newest first, a page at a time.
 */
export function petListQuery(name: string, phone: string) {
  const n = name.trim();
  const p = phone.trim();
  const searching = n !== '' || p !== '';
  return infiniteQueryOptions({
    queryKey: petListKey(n.toLowerCase(), p),
    queryFn: ({ pageParam, signal }) =>
      api<PetPage>(searching ? '/pet/getfilteredpetsbynameandphone' : '/pet/getallpets', {
        query: { ...(searching ? { name: n, phone: p } : {}), limit: PET_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
