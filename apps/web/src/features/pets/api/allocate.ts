import type { AllocateBody, AllocateResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * POST /payments/allocate: money the owner holds (unapplied, wallet, deposit) applied to one of their sales. What it
 * changes: the statement, and what the sale still owes wherever it shows (visits, stays, prescriptions, subscriptions).
 */
export function useAllocate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AllocateBody) => api<AllocateResponse>('/payments/allocate', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all(
        [queryRoots.payments, queryRoots.visits, queryRoots.boarding, queryRoots.prescriptions, queryRoots.subscriptions].map(
          (queryKey) => qc.invalidateQueries({ queryKey }),
        ),
      ),
    networkMode: 'always',
  });
}
