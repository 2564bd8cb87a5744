import type { CoreVaccinesInput, CoreVaccinesResponse } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { priceKeys } from './keys';

/** GET /settings/core-vaccines: the core vaccines of the boarding admission rule. */
export function useCoreVaccines() {
  return useQuery({
    queryKey: priceKeys.coreVaccines(),
    queryFn: ({ signal }) => api<CoreVaccinesResponse>('/settings/core-vaccines', { signal }),
  });
}

/** PUT /admin/core-vaccines {names}: admins only, audited. */
export function useSaveCoreVaccines() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CoreVaccinesInput) => api<CoreVaccinesResponse>('/admin/core-vaccines', { method: 'PUT', body }),
    // The list, and every admission check the New Visit forms made with the old one.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryRoots.settings }),
        qc.invalidateQueries({ queryKey: queryRoots.boarding }),
      ]),
  });
}
