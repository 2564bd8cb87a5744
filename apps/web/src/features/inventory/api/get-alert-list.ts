import type { InventoryListResponse } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys, PAGE_SIZE } from './keys';

/** Items at or below their reorder level, by name. */
export function useAlertList() {
  return useInfiniteQuery({
    queryKey: inventoryKeys.alerts(),
    queryFn: ({ pageParam, signal }) =>
      api<InventoryListResponse>('/inventory/getalertlist', { query: { limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
