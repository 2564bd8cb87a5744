import type { PetHistoryEntry } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petDetailsQuery } from '../../../lib/endpoints/pets';
import { petKeys } from './keys';

/** One pet with owner and vaccinations. */
export function usePetDetails(id: string | null | undefined) {
  return useQuery(petDetailsQuery(id));
}

/** The pet's visits with items (registrations-by-date screen). */
export function usePetHistory(id: string | null | undefined) {
  return useQuery({
    queryKey: petKeys.history(id ?? ''),
    queryFn: ({ signal }) => api<{ history: PetHistoryEntry[] }>(`/pet/getpethistory/${id}`, { signal }).then((r) => r.history),
    enabled: Boolean(id),
  });
}
