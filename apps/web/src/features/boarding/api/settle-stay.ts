import type { SettleStayBody, SettleStayResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

/**
 * POST /visit/updatehostelvisit {boardingid, method}: posts the extra-day charge as of now, then asks for the
 * payment: `payment_link` (a link for what is due, emailed to the owner) or `card` (the checkout follows).
 */
export function settleStay(body: SettleStayBody) {
  return api<SettleStayResponse>('/visit/updatehostelvisit', { method: 'POST', body });
}

export function useSettleStay() {
  const qc = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: settleStay,
    onSuccess: () => Promise.all([queryRoots.boarding, queryRoots.visits].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
