import type { InventoryEditBody, InventoryItem, InventoryItemBody } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inventoryKeys } from './keys';

type Saved = { success: true; message: string; item: InventoryItem };

export function useAddItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryItemBody) => api<Saved>('/inventory/addinventory', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}

export function useEditItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryEditBody) => api<Saved>('/inventory/editinventory', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: inventoryKeys.all }),
  });
}
