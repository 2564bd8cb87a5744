import type { CustomerSummaryResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './keys';

/** GET /customer/summary: This Month's visits and what was paid (the server's figures, from the ledger). */
export function useCustomerSummary() {
  return useQuery({
    queryKey: customerKeys.summary,
    queryFn: ({ signal }) => api<CustomerSummaryResponse>('/customer/summary', { signal }).then((r) => r.summary),
  });
}
