import type { BookableServicesResponse } from '@pawdesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './keys';

/**
 * GET /customerappointment/services: the services a customer can book (price, kind slot|stay), the pickup fare rule,
 * the earliest bookable day and the owner's cancel window.
 */
export function bookableServicesQuery() {
  return queryOptions({
    queryKey: appointmentKeys.services(),
    queryFn: ({ signal }) => api<BookableServicesResponse>('/customerappointment/services', { signal }),
    staleTime: 60_000,
  });
}

export const useBookableServices = () => useQuery(bookableServicesQuery());
