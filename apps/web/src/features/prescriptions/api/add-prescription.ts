import type { AddPrescriptionInput, AddPrescriptionResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rxKeys } from './keys';

export function useAddPrescription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPrescriptionInput) =>
      api<AddPrescriptionResponse>('/prescription/addprescription', { method: 'POST', body }),
    onSettled: () => {
      // Stock changed (or was found short): every inventory view must re-read it.
      void qc.invalidateQueries({ queryKey: rxKeys.inventory });
      void qc.invalidateQueries({ queryKey: ['inventory'] });
      // Any cached prescription list (ours or the pet records screen's) is out of date.
      void qc.invalidateQueries({ predicate: (q) => JSON.stringify(q.queryKey).toLowerCase().includes('prescription') });
    },
  });
}
