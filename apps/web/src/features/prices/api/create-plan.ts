import type { CreatePlanBody, PlanSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePriceData } from './keys';

export function createPlan(body: CreatePlanBody) {
  return api<PlanSaved>('/admin/plans', { method: 'POST', body });
}

export function useCreatePlan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSuccess: () => invalidatePriceData(qc) });
}
