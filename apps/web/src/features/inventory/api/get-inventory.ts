import type { InventoryListResponse } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys, PAGE_SIZE } from './keys';

export function getInventory(search: string, cursor: string | undefined, signal?: AbortSignal) {
  return api<InventoryListResponse>('/inventory/getallinventory', {
    query: { search: search.trim() || undefined, limit: PAGE_SIZE, cursor },
    signal,
  });
}

/** Items by name, optionally filtered by a name prefix; more pages on demand. */
export function useInventoryList(search: string) {
  return useInfiniteQuery({
    queryKey: inventoryKeys.list(search.trim().toLowerCase()),
    queryFn: ({ pageParam, signal }) => getInventory(search, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
  });
}
