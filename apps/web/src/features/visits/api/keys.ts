import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the customer visit views; a pet's visits are read by the pet records too (lib/endpoints/visits.ts). */
export const visitKeys = {
  /** GET /customerappointment/getcustomerpets: the signed-in customer's pets. */
  customerPets: (email: string) => [...queryRoots.appointments, 'customerPets', email] as const,
};
