import type { InventoryListResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { rxKeys } from './keys';

/** The first items by name for the selects (a clinic's list usually fits); more are found by searching. */
export const OPTIONS_PAGE = 100;

export function useInventoryOptions() {
  return useQuery({
    queryKey: rxKeys.inventory,
    queryFn: ({ signal }) => api<InventoryListResponse>('/inventory/getallinventory', { query: { limit: OPTIONS_PAGE }, signal }),
    // Stock and prices must be current while prescribing.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** Items whose name starts with `q` (server-side prefix search). */
export function useInventorySearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: rxKeys.inventorySearch(term.toLowerCase()),
    queryFn: ({ signal }) =>
      api<InventoryListResponse>('/inventory/getallinventory', { query: { search: term, limit: 25 }, signal }),
    enabled: term.length > 0,
    staleTime: 10_000,
  });
}
