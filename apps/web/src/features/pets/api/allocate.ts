import type { AllocateBody, AllocateResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/**
 * POST /payments/allocate: money the owner holds (unapplied, wallet, deposit) applied to one of their sales. What it
 * changes: the statement, and what the sale still owes wherever it shows (visits, stays, prescriptions, subscriptions).
 */
export function useAllocate() {
  const qc = useQueryClient();
  return useMutation({
    // One Idempotency-Key per confirmation: sent again after it got no answer, the money is applied once; another
    // sale, source or amount is another submission.
    mutationFn: useKeyedSubmit(
      (body: AllocateBody, idempotencyKey) =>
        api<AllocateResponse>('/payments/allocate', { method: 'POST', body, idempotencyKey }),
      (body) => JSON.stringify(body),
    ),
    onSuccess: () =>
      Promise.all(
        [queryRoots.payments, queryRoots.visits, queryRoots.boarding, queryRoots.prescriptions, queryRoots.subscriptions].map(
          (queryKey) => qc.invalidateQueries({ queryKey }),
        ),
      ),
    networkMode: 'always',
  });
}
