import type { InventoryListResponse } from '@pawdesk/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /inventory/getallinventory: items by name, optionally those whose name starts with `search` (trimmed, any case). */
export function fetchInventoryPage(q: { search: string; limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<InventoryListResponse>('/inventory/getallinventory', {
    query: { search: q.search || undefined, limit: q.limit, cursor: q.cursor },
    signal,
  });
}

export const inventoryListKey = (search: string, limit: number) => [...queryRoots.inventory, 'list', { search, limit }] as const;

/** The inventory list (Inventory List page, prescription item pickers), `limit` items a page. */
export function inventoryListQuery(search: string, limit: number) {
  const term = search.trim().toLowerCase();
  return infiniteQueryOptions({
    queryKey: inventoryListKey(term, limit),
    queryFn: ({ pageParam, signal }) => fetchInventoryPage({ search: term, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
