import type { StatementResponse } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** One row of an owner's statement and the whole statement (GET /payments/statement): the shared contract. */
export type { StatementEntry } from '@pawdesk/shared';
export type OwnerStatement = StatementResponse;

/** GET /payments/statement?ownerId=: every charge, payment, credit and refund of an owner, with the balance. */
export function fetchOwnerStatement(ownerId: string, signal?: AbortSignal) {
  return api<OwnerStatement>('/payments/statement', { query: { ownerId }, signal });
}

export const ownerStatementKey = (ownerId: string) => [...queryRoots.payments, 'statement', { ownerId }] as const;

/** An owner's statement (Pet Records: the statement, and the refunds shown under a visit's payment). */
export function ownerStatementQuery(ownerId: string | null | undefined) {
  return queryOptions({
    queryKey: ownerStatementKey(ownerId ?? ''),
    queryFn: ({ signal }) => fetchOwnerStatement(ownerId as string, signal),
    enabled: Boolean(ownerId),
  });
}
