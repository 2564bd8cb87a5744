import { useQuery } from '@tanstack/react-query';
import { petDetailsQuery } from '../../../lib/endpoints/pets';

/** The pet the form is for (its name, breed or species and owner head the form). */
export function usePetSummary(petId: string | undefined) {
  return useQuery({ ...petDetailsQuery(petId), retry: false });
}
