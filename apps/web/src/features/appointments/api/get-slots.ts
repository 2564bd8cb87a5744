import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { SlotsResponse } from './types';

/** GET /customerappointment/slots?serviceId=&date=: the day's times, taken ones and whether the vehicle is free. */
export function useSlots(serviceId: string | undefined, date: string | null) {
  return useQuery({
    queryKey: appointmentKeys.slots(serviceId ?? '', date ?? ''),
    queryFn: ({ signal }) => api<SlotsResponse>('/customerappointment/slots', { query: { serviceId, date }, signal }),
    enabled: Boolean(serviceId && date),
    staleTime: 0,
  });
}
