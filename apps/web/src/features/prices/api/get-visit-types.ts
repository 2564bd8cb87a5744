import type { AdminVisitTypesResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { priceKeys } from './keys';

export function getVisitTypes(signal?: AbortSignal) {
  return api<AdminVisitTypesResponse>('/admin/visit-types', { signal });
}

/** Every visit type with its prices, those not on offer too. */
export function useVisitTypes(enabled = true) {
  return useQuery({ queryKey: priceKeys.visitTypes(), queryFn: ({ signal }) => getVisitTypes(signal), enabled });
}
