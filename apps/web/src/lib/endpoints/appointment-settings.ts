import type { AppointmentSettings, AppointmentSettingsBody, AppointmentSettingsResponse } from '@pawdesk/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/**
 * GET /settings/appointments (staff): the slot table, places per slot (default and per service), pickup vehicles per
 * slot, the pickup fare rule and the owner's cancel window (issue 19). Read by the Prices screen's appointment card.
 */
export const appointmentSettingsKey = [...queryRoots.settings, 'appointments'] as const;

export function appointmentSettingsQuery() {
  return queryOptions({
    queryKey: appointmentSettingsKey,
    queryFn: ({ signal }) => api<AppointmentSettingsResponse>('/settings/appointments', { signal }).then((r) => r.settings),
    staleTime: 60_000,
  });
}

export const useAppointmentSettings = () => useQuery(appointmentSettingsQuery());

/** PUT /settings/appointments: admins only, only the changed settings, audited; answers them as saved. */
export function useSaveAppointmentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: AppointmentSettingsBody) =>
      api<AppointmentSettingsResponse>('/settings/appointments', { method: 'PUT', body: patch }),
    onSuccess: (res) => {
      qc.setQueryData<AppointmentSettings>(appointmentSettingsKey, res.settings);
      // The slots and the fare customers see follow the settings.
      void qc.invalidateQueries({ queryKey: queryRoots.appointments });
    },
  });
}
