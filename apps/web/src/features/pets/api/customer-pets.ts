import type { CustomerPetBody, PetDetails } from '@pawdesk/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myPetsQuery } from '../../../lib/endpoints/customer';
import { invalidatePetData, petKeys } from './keys';

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

/** The signed-in customer's registered pets (the one fetcher the customer screens share: lib/endpoints/customer.ts). */
export function useMyPets(enabled = true) {
  return useQuery({ ...myPetsQuery(), enabled });
}

export function useCustomerAddPet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerPetBody) =>
      api<{ success: true; message: string; pet: PetDetails }>('/customer/pet/addpet', { method: 'POST', body }),
    // Choose Pet and the booking screens list the customer's pets too (under /customerappointment).
    onSuccess: () => invalidatePetData(qc),
  });
}
