import type { Owner, PetPage } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petKeys } from './keys';

/** Most pets one owner's list shows (a package takes at most 20 at a time). */
const OWNER_PETS = 50;

/**
 * The owner's pets (a boarding package's pet choices): the pet search by owner (`ownerId`: an owner imported without
 * a phone has pets too, issue 21), keeping only this owner's pets.
 */
export function useOwnerPets(owner: Pick<Owner, '_id'>) {
  return useQuery({
    queryKey: petKeys.ownerPets(owner._id),
    queryFn: ({ signal }) =>
      api<PetPage>('/pet/getfilteredpetsbynameandphone', { query: { ownerId: owner._id, limit: OWNER_PETS }, signal }).then(
        (page) => page.list.filter((p) => p.owner._id === owner._id),
      ),
  });
}
