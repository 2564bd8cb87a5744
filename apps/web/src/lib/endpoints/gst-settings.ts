import type { GstSettingsBody, GstSettingsResponse } from '@pawdesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /settings/gst: the admin's GST rate list and the business's GSTIN, state and UPI id (staff). */
export function fetchGstSettings(signal?: AbortSignal) {
  return api<GstSettingsResponse>('/settings/gst', { signal });
}

export const gstSettingsKey = [...queryRoots.settings, 'gst'] as const;

export function gstSettingsQuery() {
  return queryOptions({ queryKey: gstSettingsKey, queryFn: ({ signal }) => fetchGstSettings(signal), staleTime: 60_000 });
}

/** The rate list (the Prices screen's GST rates card, the rate selects of visit types and items). */
export function useGstSettings() {
  return useQuery(gstSettingsQuery());
}

/** PUT /settings/gst {rates}: admins only, audited; 409 when a rate in use would be removed or retired. */
export function useSaveGstRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GstSettingsBody) => api<GstSettingsResponse>('/settings/gst', { method: 'PUT', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryRoots.settings }),
  });
}
