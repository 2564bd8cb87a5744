import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the boarding feature (Deboard Pets). Each key starts with the root of the API path that answers:
 * `/visit/…` → visits, `/pet/…` → pets, `/boarding/…` → boarding.
 */
export const boardingKeys = {
  /** GET /visit/getboardingcategories: the purposes whose visits board the pet. */
  categories: () => [...queryRoots.visits, 'boardingCategories'] as const,
  /** GET /pet/getboardedpetslist/?type&limit&cursor: one category's boardings, boarded first. */
  boardedPets: (type: string, limit: number) => [...queryRoots.pets, 'boardedList', { type, limit }] as const,
  /** GET /boarding/inhousecounts: pets boarded now per category. */
  inHouseCounts: () => [...queryRoots.boarding, 'inHouseCounts'] as const,
  /** POST /boarding/getboardingdetails {_id}: a boarding with what is due before the pet leaves. */
  details: (boardingId: string) => [...queryRoots.boarding, 'details', boardingId] as const,
};
