import { DEFAULT_STAY_SETTINGS, type StaySettings, type StaySettingsBody, type StaySettingsResponse } from '@pawdesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * GET /settings/stays (staff): how a stay is counted (calendar days or nights with a check-out time), the longest
 * half day, the free cancellation days and the existing client's switch-over settings (issue 18). Read by the New
 * Visit boarding forms (the dates a booking covers) and the Prices screen's stay settings card.
 */
export const staySettingsKey = [...queryRoots.settings, 'stays'] as const;

export function staySettingsQuery() {
  return queryOptions({
    queryKey: staySettingsKey,
    queryFn: ({ signal }) => api<StaySettingsResponse>('/settings/stays', { signal }).then((r) => r.settings),
    staleTime: 60_000,
  });
}

export function useStaySettings() {
  return useQuery(staySettingsQuery());
}

/** The settings to count with: the saved ones, or the defaults until they load (the server decides anyway). */
export function useStayRule(): StaySettings {
  return useStaySettings().data ?? DEFAULT_STAY_SETTINGS;
}

/** PUT /settings/stays: admins only, field by field, audited. */
export function useSaveStaySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaySettingsBody) => api<StaySettingsResponse>('/settings/stays', { method: 'PUT', body }),
    onSuccess: (res) => {
      qc.setQueryData(staySettingsKey, res.settings);
      return Promise.all([
        qc.invalidateQueries({ queryKey: queryRoots.settings }),
        // Deboard quotes count with the rule.
        qc.invalidateQueries({ queryKey: queryRoots.boarding }),
      ]);
    },
  });
}
