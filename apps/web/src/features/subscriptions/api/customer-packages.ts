import type { CustomerActivatePackageBody, PackageAnswer } from '@pawdesk/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useKeyedSubmit } from '../../../lib/idempotency';
import { queryRoots } from '../../../lib/query-keys';

/** A package changed: the packages, the wallet (and the statement) it charges, the pets' boardings. */
function refresh(qc: QueryClient) {
  return Promise.all(
    [queryRoots.packages, queryRoots.wallet, queryRoots.payments, queryRoots.boarding].map((queryKey) =>
      qc.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * POST /customer/packages/activate (idempotent): a request for the caller's pets that waits for check-in at the
 * resort; its daily charges start then. One Idempotency-Key per submission (a retry after no answer is one request).
 */
export function useActivateMyPackage() {
  const qc = useQueryClient();
  const send = useKeyedSubmit((body: CustomerActivatePackageBody, idempotencyKey: string) =>
    api<PackageAnswer>('/customer/packages/activate', { method: 'POST', body, idempotencyKey }),
  );
  return useMutation({ mutationFn: send, networkMode: 'always', onSuccess: () => refresh(qc) });
}

/** POST /customer/packages/:id/end: the caller ends their own package (no refund of days already charged). */
export function useEndMyPackage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<PackageAnswer>(`/customer/packages/${id}/end`, { method: 'POST', body: {} }),
    networkMode: 'always',
    onSuccess: () => refresh(qc),
  });
}
