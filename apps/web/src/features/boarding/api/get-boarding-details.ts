import type { BoardingDetailsResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boardingKeys } from './keys';

/** POST /boarding/getboardingdetails {_id}: the boarding, its actual days and the deboard quote (what is due now). */
export function fetchBoardingDetails(boardingId: string, signal?: AbortSignal) {
  return api<BoardingDetailsResponse>('/boarding/getboardingdetails', { method: 'POST', body: { _id: boardingId }, signal });
}

/**
 * Always fresh: what is due changes with the clock and with payments made elsewhere (a link paid by the owner), so
 * each opening of the overlay loads anew (nothing kept once it closes) and a failed load is never hidden by an
 * earlier answer.
 */
export function useBoardingDetails(boardingId: string | null) {
  return useQuery({
    queryKey: boardingKeys.details(boardingId ?? ''),
    queryFn: ({ signal }) => fetchBoardingDetails(boardingId as string, signal),
    enabled: Boolean(boardingId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
