import type { PlanSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePriceData } from './keys';

export function retirePlan(id: string) {
  return api<PlanSaved>(`/admin/plans/${id}/retire`, { method: 'POST' });
}

export function useRetirePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retirePlan, onSuccess: () => invalidatePriceData(qc) });
}
