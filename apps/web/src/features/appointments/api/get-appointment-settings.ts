import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { AppointmentSettings } from './types';

/** GET /settings/appointments: the slot table, capacity per service, vehicles per slot, fare rule, cancel window. */
export function fetchAppointmentSettings(signal?: AbortSignal) {
  return api<{ success: true; settings: AppointmentSettings }>('/settings/appointments', { signal }).then((r) => r.settings);
}

export const useAppointmentSettings = () =>
  useQuery({ queryKey: appointmentKeys.settings(), queryFn: ({ signal }) => fetchAppointmentSettings(signal) });
