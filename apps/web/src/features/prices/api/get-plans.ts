import type { PlansResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { priceKeys } from './keys';

export function getPlans(signal?: AbortSignal) {
  return api<PlansResponse>('/admin/plans', { signal });
}

/** Every subscription plan, retired ones too. */
export function usePlans(enabled = true) {
  return useQuery({ queryKey: priceKeys.plans(), queryFn: ({ signal }) => getPlans(signal), enabled });
}
