import type { SettleStayBody, SettleStayResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/**
 * POST /visit/updatehostelvisit {boardingid, method}: posts the extra-day charge as of now, then asks for the
 * payment: `payment_link` (a link for what is due, emailed to the owner) or `card` (the checkout follows).
 */
export function settleStay(body: SettleStayBody, idempotencyKey?: string) {
  return api<SettleStayResponse>('/visit/updatehostelvisit', { method: 'POST', body, idempotencyKey });
}

export function useSettleStay() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    // One Idempotency-Key per settling of a stay: sent again after no answer, it is settled once.
    mutationFn: useKeyedSubmit(settleStay, (b) => [b.boardingid, b.boardingId, b._id, b.visitId].join('|')),
    onSuccess: () => Promise.all([queryRoots.boarding, queryRoots.visits].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
