import type { PetSubscription } from '@pawdesk/shared';
import type { DbOrTx } from '../../db/client.ts';
import { findSubscriptionsOfPets } from './subscription-records.repo.ts';
import { toPetSubscriptions } from './subscription-views.service.ts';

/** Most subscriptions listed per pet. */
export const PET_SUBSCRIPTIONS_MAX = 100;

/**
 * A pet's subscriptions as the Pet Records panel reads them (spec 000 §3 "Subscription (per pet, as listed)"): the
 * active one first, then any waiting for its payment, then the most recently paid; each with its status, what is
 * owed, its validity and its history. The caller has checked the pet exists and may be read. Plans, purposes,
 * histories and dues come in one lookup each.
 */
export async function listPetSubscriptions(db: DbOrTx, petId: string): Promise<PetSubscription[]> {
  return toPetSubscriptions(db, await findSubscriptionsOfPets(db, [petId], PET_SUBSCRIPTIONS_MAX));
}
