import { useQuery } from '@tanstack/react-query';
import { petDetailsQuery } from '../../../lib/endpoints/pets';

/** One pet with owner and vaccinations. */
export function usePetDetails(id: string | null | undefined) {
  return useQuery(petDetailsQuery(id));
}
