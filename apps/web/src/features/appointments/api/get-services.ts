import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';
import type { BookableService } from './types';

/** GET /customerappointment/services: the services a customer can book, with price and kind (slot or stay). */
export function bookableServicesQuery() {
  return queryOptions({
    queryKey: appointmentKeys.services(),
    queryFn: ({ signal }) =>
      api<{ success: true; services: BookableService[] }>('/customerappointment/services', { signal }).then((r) => r.services),
    staleTime: 60_000,
  });
}

export const useBookableServices = () => useQuery(bookableServicesQuery());
