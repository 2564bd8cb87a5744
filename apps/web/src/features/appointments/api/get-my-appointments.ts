import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { Appointment } from './types';

/** GET /customerappointment/getcustomerappoint/:customerId: the caller's own appointments ({data}). */
export function myAppointmentsQuery(customerId: string | null | undefined) {
  return queryOptions({
    queryKey: appointmentKeys.mine(customerId ?? ''),
    queryFn: ({ signal }) =>
      api<{ data: Appointment[] }>(`/customerappointment/getcustomerappoint/${customerId}`, { signal }).then((r) => r.data),
    enabled: Boolean(customerId),
  });
}

export const useMyAppointments = (customerId: string | null | undefined) => useQuery(myAppointmentsQuery(customerId));
