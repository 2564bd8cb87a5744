import type { VisitPricesResponse, VisitTypesResponse } from '@pawdesk/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /visit/getallvisittypes: the purposes on offer, with their prices. */
export function fetchVisitTypes(signal?: AbortSignal) {
  return api<VisitTypesResponse>('/visit/getallvisittypes', { signal }).then((r) => r.visitTypes);
}

/** GET /visit/getallvisitprices: one price entry per purpose. */
export function fetchVisitPrices(signal?: AbortSignal) {
  return api<VisitPricesResponse>('/visit/getallvisitprices', { signal }).then((r) => r.prices);
}

export const visitTypesKey = [...queryRoots.visits, 'types'] as const;
export const visitPricesKey = [...queryRoots.visits, 'prices'] as const;

/** The purposes (New Visit's select, the staff subscription purchase). */
export function visitTypesQuery() {
  return queryOptions({ queryKey: visitTypesKey, queryFn: ({ signal }) => fetchVisitTypes(signal) });
}

/** The current prices (New Visit's price previews). */
export function visitPricesQuery() {
  return queryOptions({ queryKey: visitPricesKey, queryFn: ({ signal }) => fetchVisitPrices(signal) });
}
