import type { Owner, PetPage } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petKeys } from './keys';

/** A complete phone number: exactly 10 digits. */
const isComplete = (phone: string) => /^\d{10}$/.test(phone);

/**
 * The owner a complete phone number belongs to, or null (Add Pet says so before saving). Uses the pet search by
 * phone: phones are unique per owner, so one matching pet names the owner.
 */
export function useOwnerByPhone(phone: string) {
  return useQuery({
    queryKey: petKeys.ownerByPhone(phone),
    queryFn: ({ signal }): Promise<Owner | null> =>
      api<PetPage>('/pet/getfilteredpetsbynameandphone', { query: { phone, limit: 1 }, signal }).then(
        (page) => page.list.find((p) => p.owner.phone === phone)?.owner ?? null,
      ),
    enabled: isComplete(phone),
  });
}
