import type { CheckBoardingResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './keys';

/** POST /boarding/checkboarding: the pet's active boarding (absent when the pet is not boarded). */
export function checkBoarding(petId: string, signal?: AbortSignal) {
  return api<CheckBoardingResponse>('/boarding/checkboarding', { method: 'POST', body: { _id: petId }, signal }).then(
    (r) => r.boardingDetails ?? null,
  );
}

export function useBoardingCheck(petId: string | undefined) {
  return useQuery({
    queryKey: visitKeys.boarding(petId ?? ''),
    queryFn: ({ signal }) => checkBoarding(petId as string, signal),
    enabled: Boolean(petId),
    staleTime: 0,
  });
}
