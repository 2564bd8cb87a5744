import type { InventoryItem } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './keys';

export function useInventoryItem(id: string | undefined) {
  return useQuery({
    queryKey: inventoryKeys.item(id ?? ''),
    queryFn: ({ signal }) =>
      api<{ success: true; item: InventoryItem }>(`/inventory/getinventoryitemdetails/${id}`, { signal }).then((r) => r.item),
    enabled: Boolean(id),
    // The edit form must start from the current stock.
    staleTime: 0,
  });
}
