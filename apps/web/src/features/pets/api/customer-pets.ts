import type { CustomerPetBody, PetDetails } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petKeys } from './keys';

export interface CustomerOwnerInfo {
  ownerName: string;
  email: string;
  phone: string;
  address: string;
  linked: boolean;
}

/** The owner details the form starts from (the caller's owner record, else their account). */
export function useCustomerOwnerInfo(enabled = true) {
  return useQuery({
    queryKey: petKeys.customerOwner,
    queryFn: ({ signal }) => api<{ owner: CustomerOwnerInfo }>('/customer/pet/ownerinfo', { signal }).then((r) => r.owner),
    enabled,
    staleTime: 0,
  });
}

/** The signed-in customer's registered pets. */
export function useMyPets(enabled = true) {
  return useQuery({
    queryKey: petKeys.customerPets,
    queryFn: ({ signal }) =>
      api<{ pets: PetDetails[] }>('/customer/pet/getallpets', { method: 'POST', body: {}, signal }).then((r) => r.pets),
    enabled,
  });
}

export function useCustomerAddPet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerPetBody) =>
      api<{ success: true; message: string; pet: PetDetails }>('/customer/pet/addpet', { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: petKeys.all });
      // Other customer screens (Choose Pet, bookings) list the pets too.
      void qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).toLowerCase().includes('pets') });
    },
  });
}
