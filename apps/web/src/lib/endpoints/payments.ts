import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** One row of an owner's statement (GET /payments/statement); amounts in rupees. */
export interface StatementEntry {
  _id: string;
  date: string;
  /** charge | credit | payment | refund | allocation */
  kind: string;
  account: string;
  direction: string | null;
  method: string | null;
  /** pending | completed | failed | void */
  status: string;
  amount: number;
  /** Signed: + raises what the owner owes, − lowers it, 0 for pending/void/failed rows and allocations. */
  effect: number;
  balance: number;
  description: string;
  petName: string | null;
  visitId: string | null;
  boardingId: string | null;
  prescriptionId: string | null;
  subscriptionId: string | null;
  receiptNo: string | null;
}

export interface OwnerStatement {
  success: true;
  owner: { _id: string; name: string; phone: string; email: string | null };
  entries: StatementEntry[];
  totals: {
    charged: number;
    credited: number;
    paid: number;
    refunded: number;
    due: number;
    unapplied: number;
    wallet: number;
    deposit: number;
    balance: number;
  };
  openSales: {
    visitId?: string;
    boardingId?: string;
    prescriptionId?: string;
    subscriptionId?: string;
    purpose: string;
    date: string;
    due: number;
  }[];
}

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
