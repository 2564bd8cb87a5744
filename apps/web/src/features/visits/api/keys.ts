import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the visits feature. A pet's visits, the visit types, prices and plans are read by other
 * features too (lib/endpoints/visits.ts, visit-types.ts, subscriptions.ts).
 */
export const visitKeys = {
  /** GET /customerappointment/getcustomerpets: the signed-in customer's pets. */
  customerPets: (email: string) => [...queryRoots.appointments, 'customerPets', email] as const,
  /** GET /customer/visits/{id}/documents: a customer's visit's documents (they follow the documents). */
  customerVisitDocuments: (visitId: string) => [...queryRoots.documents, 'customer', 'visit', visitId] as const,
  /** POST /boarding/checkboarding {_id: petId}: the pet's active boarding, if any. */
  boarding: (petId: string) => [...queryRoots.boarding, 'check', petId] as const,
  /** POST /boarding/admissioncheck {_id: petId}: what the admission rule finds missing today. */
  admission: (petId: string) => [...queryRoots.boarding, 'admission', petId] as const,
  /** GET /subscription/getsubscriptiondetails/?petId&visitType: the pet's active subscription for a purpose. */
  subscription: (petId: string, visitType: string) => [...queryRoots.subscriptions, 'details', petId, visitType] as const,
};
