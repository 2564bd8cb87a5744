import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { Appointment } from './types';

/** GET /appointment/onlineappointments?date=yyyy-MM-dd: the day's online appointments ({success, appointments}). */
export function useOnlineAppointments(date: string) {
  return useQuery({
    queryKey: appointmentKeys.online(date),
    queryFn: ({ signal }) =>
      api<{ success: true; appointments: Appointment[] }>('/appointment/onlineappointments', { query: { date }, signal }).then(
        (r) => r.appointments,
      ),
    enabled: Boolean(date),
  });
}
