import type { InventoryItem, InventoryListResponse } from '@pawdesk/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery } from '@tanstack/react-query';
import { inventoryListQuery } from '../../../lib/endpoints/inventory';

/** The first items by name for the selects (a clinic's list usually fits); more are found by searching. */
export const OPTIONS_PAGE = 100;

const items = (d: InfiniteData<InventoryListResponse>): InventoryItem[] => d.pages.flatMap((p) => p.items);

export function useInventoryOptions() {
  return useInfiniteQuery({
    ...inventoryListQuery('', OPTIONS_PAGE),
    select: items,
    // Stock and prices must be current while prescribing.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** Items whose name starts with `q` (server-side prefix search). */
export function useInventorySearch(q: string) {
  return useInfiniteQuery({
    ...inventoryListQuery(q, 25),
    select: items,
    enabled: q.trim().length > 0,
    staleTime: 10_000,
  });
}
