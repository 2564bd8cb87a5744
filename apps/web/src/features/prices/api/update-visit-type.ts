import type { UpdateVisitTypeBody, VisitTypeSaved } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidatePriceData } from './keys';

export function updateVisitType(id: string, body: UpdateVisitTypeBody) {
  return api<VisitTypeSaved>(`/admin/visit-types/${id}`, { method: 'PATCH', body });
}

export function useUpdateVisitType() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateVisitTypeBody }) => updateVisitType(id, body),
    onSuccess: () => invalidatePriceData(qc),
  });
}
