import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the customer area's own pages. The profile is the customer's account and owner record (the pets
 * module's data), so it sits under the pets root: a save there refreshes it, and it refreshes the pets data. This
 * Month follows visits (a new visit, a void).
 */
export const customerKeys = {
  profile: [...queryRoots.pets, 'customer', 'profile'] as const,
  summary: [...queryRoots.visits, 'customer', 'summary'] as const,
};
