import type { SubscriptionDetailsResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { visitKeys } from './keys';

/** GET /subscription/getsubscriptiondetails/?petId&visitType: the pet's active subscription for a purpose, or null. */
export function fetchSubscriptionDetails(petId: string, visitType: string, signal?: AbortSignal) {
  return api<SubscriptionDetailsResponse>('/subscription/getsubscriptiondetails/', {
    query: { petId, visitType },
    signal,
  }).then((r) => r.subscription);
}

export function useSubscriptionDetails(petId: string, visitType: string) {
  return useQuery({
    queryKey: visitKeys.subscription(petId, visitType),
    queryFn: ({ signal }) => fetchSubscriptionDetails(petId, visitType, signal),
    staleTime: 0,
  });
}
