import type { AddPrescriptionInput, AddPrescriptionResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/**
 * What a prescription changes, saved or refused: stock (every inventory view),
 * the pet's vet history and records, and the follow-up it may schedule
 * (reminders, attendance).
 */
const CHANGED = [queryRoots.inventory, queryRoots.prescriptions, queryRoots.pets, queryRoots.reminders, queryRoots.attendance];

export function useAddPrescription() {
  const qc = useQueryClient();
  return useMutation({
    // One Idempotency-Key per save: a prescription sent again after it got no answer is sold once.
    mutationFn: useKeyedSubmit((body: AddPrescriptionInput, idempotencyKey) =>
      api<AddPrescriptionResponse>('/prescription/addprescription', { method: 'POST', body, idempotencyKey }),
    ),
    onSettled: () => {
      for (const queryKey of CHANGED) void qc.invalidateQueries({ queryKey });
    },
  });
}
