import type { QueryClient } from '@tanstack/react-query';
import { myPetsKey } from '../../../lib/endpoints/customer';
import { petListKey } from '../../../lib/endpoints/pets';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the pet records feature, each under the root of the data it
 * holds (lib/query-keys.ts). A pet's details and visits are read by other
 * features too: their keys are in lib/endpoints/.
 */
export const petKeys = {
  all: queryRoots.pets,
  list: petListKey,
  byBreed: (species: string, breed: string) => [...queryRoots.pets, 'byBreed', { species, breed }] as const,
  byDate: (date: string) => [...queryRoots.pets, 'byDate', date] as const,
  ownerByPhone: (phone: string) => [...queryRoots.pets, 'ownerByPhone', phone] as const,
  ownerPets: (ownerId: string) => [...queryRoots.pets, 'ownerPets', ownerId] as const,
  customerPets: myPetsKey,
  customerOwner: [...queryRoots.pets, 'customer', 'owner'] as const,
  prescriptions: (id: string) => [...queryRoots.prescriptions, 'pet', id] as const,
};

/**
 * After a pet or owner is added or changed: every cached answer that shows
 * pets or owners, other features' included (the customer's pet pickers under
 * /customerappointment, visit lists that name the pet, vaccinations due).
 */
export function invalidatePetData(qc: QueryClient) {
  return Promise.all(
    // Vaccination records feed the reminders' 'Vaccinations due' and the boarding admission check.
    [queryRoots.pets, queryRoots.appointments, queryRoots.visits, queryRoots.reminders, queryRoots.boarding].map((queryKey) =>
      qc.invalidateQueries({ queryKey }),
    ),
  );
}
