import type { CustomerVisitDocumentsResponse, PetDetails } from '@pawdesk/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petVisitsQuery } from '../../../lib/endpoints/visits';
import { visitKeys } from './keys';

/** The signed-in customer's pets, fetched by their email (spec 000 §2); the server answers only the caller's own pets. */
export function useCustomerPets(email: string | undefined) {
  return useQuery({
    queryKey: visitKeys.customerPets(email ?? ''),
    queryFn: ({ signal }) =>
      api<{ pets: PetDetails[] }>('/customerappointment/getcustomerpets', { query: { email }, signal }).then((r) => r.pets),
    enabled: Boolean(email),
  });
}

/** A pet's visits, newest first, a page at a time. */
export function useCustomerPetVisits(petId: string | undefined) {
  return useInfiniteQuery({ ...petVisitsQuery(petId), retry: false });
}

/** GET /customer/visits/{id}/documents: one of the customer's visits' documents and receipts, when asked for. */
export function useCustomerVisitDocuments(visitId: string, enabled: boolean) {
  return useQuery({
    queryKey: visitKeys.customerVisitDocuments(visitId),
    queryFn: ({ signal }) =>
      api<CustomerVisitDocumentsResponse>(`/customer/visits/${encodeURIComponent(visitId)}/documents`, { signal }).then(
        (r) => r.documents,
      ),
    enabled,
  });
}
