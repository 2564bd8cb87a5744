import type { PlanSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePriceData } from './keys';

export function restorePlan(id: string) {
  return api<PlanSaved>(`/admin/plans/${id}/restore`, { method: 'POST' });
}

export function useRestorePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restorePlan, onSuccess: () => invalidatePriceData(qc) });
}
