import type { PlanSaved, UpdatePlanBody } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePriceData } from './keys';

export function updatePlan(id: string, body: UpdatePlanBody) {
  return api<PlanSaved>(`/admin/plans/${id}`, { method: 'PATCH', body });
}

export function useUpdatePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePlanBody }) => updatePlan(id, body),
    onSuccess: () => invalidatePriceData(qc),
  });
}
