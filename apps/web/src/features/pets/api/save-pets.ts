import type { AddPetBody, EditOwnerBody, EditPetBody } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePetData } from './keys';

interface AddPetAnswer {
  success: true;
  message: string;
  ownerId: string;
  ownerExisted: boolean;
  petIds: string[];
}

/** POST /pet/addpet: one owner and their pets, all saved or none. */
export function useAddPets() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPetBody) => api<AddPetAnswer>('/pet/addpet', { method: 'POST', body }),
    onSuccess: () => invalidatePetData(qc),
  });
}

export function useEditPet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditPetBody) => api<{ success: true; message: string }>('/pet/editpetdetails', { method: 'POST', body }),
    onSuccess: () => invalidatePetData(qc),
  });
}

export function useEditOwner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EditOwnerBody) =>
      api<{ success: true; message: string }>('/pet/editownerdetails', { method: 'POST', body }),
    onSuccess: () => invalidatePetData(qc),
  });
}
