import type { Prescription, PrescriptionListResponse } from '@pawdesk/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petSubscriptionsQuery } from '../../../lib/endpoints/subscriptions';
import { petVisitsQuery } from '../../../lib/endpoints/visits';
import { petKeys } from './keys';

/** The pet's visits (View Visits), newest first, a page at a time. */
export function usePetVisits(petId: string) {
  return useInfiniteQuery({ ...petVisitsQuery(petId), retry: false });
}

/** The pet's subscriptions with their history (Subscriptions tile and panel). */
export function usePetSubscriptions(petId: string) {
  return useQuery({ ...petSubscriptionsQuery(petId), retry: false });
}

/** The pet's prescriptions (View Vet History), with the token like every protected call. */
export function usePetPrescriptions(petId: string) {
  return useInfiniteQuery({
    queryKey: petKeys.prescriptions(petId),
    queryFn: ({ pageParam, signal }) =>
      api<PrescriptionListResponse>(`/prescription/getprescription/${petId}`, {
        query: { limit: 50, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}

export type { Prescription };
