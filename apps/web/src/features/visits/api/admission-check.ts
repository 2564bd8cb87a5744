import type { AdmissionCheckResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './keys';

/** POST /boarding/admissioncheck: what stops the pet from boarding today (age, core vaccinations). */
export function admissionCheck(petId: string, signal?: AbortSignal) {
  return api<AdmissionCheckResponse>('/boarding/admissioncheck', { method: 'POST', body: { _id: petId }, signal });
}

export function useAdmissionCheck(petId: string) {
  return useQuery({
    queryKey: visitKeys.admission(petId),
    queryFn: ({ signal }) => admissionCheck(petId, signal),
    staleTime: 0,
  });
}
