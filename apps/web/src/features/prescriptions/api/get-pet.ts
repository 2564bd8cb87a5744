import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rxKeys } from './keys';

/** The little the form shows about the pet: name, breed or species and owner. */
export interface PetSummary {
  _id?: string;
  name?: string;
  species?: string;
  breed?: string;
  owner?: { name?: string } | null;
}

export function usePetSummary(petId: string | undefined) {
  return useQuery({
    queryKey: rxKeys.pet(petId ?? ''),
    queryFn: ({ signal }) =>
      api<{ success: true; pet: PetSummary }>(`/pet/getpetdetails/${petId}`, { signal }).then((r) => r.pet),
    enabled: Boolean(petId),
    retry: false,
  });
}
