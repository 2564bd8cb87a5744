import type {
  CancelSaleBody,
  CancelSaleResponse,
  RefundQuoteResponse,
  RefundQuoteView,
  VoidVisitBody,
  VoidVisitResponse,
} from '@pawdesk/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { useKeyedSubmit } from '../idempotency';
import { queryRoots } from '../query-keys';

/**
 * The refund calls of a visit (docs/api.md, "Refunds and voids"): the quote under the refund policy, cancelling the
 * sale with its refund, and voiding the visit. Admin only; the server checks again.
 */

export type { RefundQuoteView };

/** The refund quote of a visit's sale, under the payments root (any money write refreshes it). */
export const refundQuoteKey = (visitId: string) => [...queryRoots.payments, 'refund-quote', { visitId }] as const;

export function fetchRefundQuote(visitId: string, signal?: AbortSignal) {
  return api<RefundQuoteResponse>('/payments/refund-quote', { query: { visitId }, signal }).then((r) => r.quote);
}

/** The quote of cancelling a visit's sale today; always asked afresh when the dialog opens (the day may have turned). */
export function useRefundQuote(visitId: string) {
  return useQuery({
    queryKey: refundQuoteKey(visitId),
    queryFn: ({ signal }) => fetchRefundQuote(visitId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * What cancelling or voiding a sale changes: the visit lists (what is paid and due, voided), the owner's statement and
 * quotes (payments), a stay's money (boarding), a subscription a cancelled sale bought, and the sale's documents (a
 * credit note, a refund receipt).
 */
export function invalidateSaleData(qc: QueryClient) {
  return Promise.all(
    [queryRoots.visits, queryRoots.payments, queryRoots.boarding, queryRoots.subscriptions, queryRoots.documents].map(
      (queryKey) => qc.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /payments/cancel-sale. */
export function useCancelSale() {
  const qc = useQueryClient();
  return useMutation({
    // One Idempotency-Key per confirmation: sent again after it got no answer, the sale is cancelled and refunded once.
    mutationFn: useKeyedSubmit(
      (body: CancelSaleBody, idempotencyKey) =>
        api<CancelSaleResponse>('/payments/cancel-sale', { method: 'POST', body, idempotencyKey }),
      (body) => body.visitId ?? '',
    ),
    onSuccess: () => invalidateSaleData(qc),
    networkMode: 'always',
  });
}

/** POST /visit/voidvisit. */
export function useVoidVisit() {
  const qc = useQueryClient();
  return useMutation({
    // One Idempotency-Key per confirmation: sent again after it got no answer, the visit is voided once.
    mutationFn: useKeyedSubmit(
      (body: VoidVisitBody, idempotencyKey) =>
        api<VoidVisitResponse>('/visit/voidvisit', { method: 'POST', body, idempotencyKey }),
      (body) => body.visitId,
    ),
    onSuccess: () => invalidateSaleData(qc),
    networkMode: 'always',
  });
}
