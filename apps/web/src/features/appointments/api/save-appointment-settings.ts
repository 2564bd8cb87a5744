import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { AppointmentSettingsResponse } from '@pawdesk/shared';
import type { AppointmentSettings } from './types';

/** PUT /settings/appointments: only the changed fields (audited); answers the settings as saved. */
export function useSaveAppointmentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<AppointmentSettings>) =>
      api<AppointmentSettingsResponse>('/settings/appointments', {
        method: 'PUT',
        body: patch,
      }),
    onSuccess: (res) => {
      qc.setQueryData(appointmentKeys.settings(), res.settings);
      void qc.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });
}
