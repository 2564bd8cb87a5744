import { queryRoots } from '../../../lib/query-keys';

/**
 * Query keys of the inventory feature; invalidate `inventoryKeys.all` after any
 * change. The list (also read by the prescription form) is in lib/endpoints/inventory.ts.
 */
export const inventoryKeys = {
  all: queryRoots.inventory,
  item: (id: string) => [...queryRoots.inventory, 'item', id] as const,
  alerts: () => [...queryRoots.inventory, 'alerts'] as const,
};

/** Page size of the inventory list and the alert list. */
export const PAGE_SIZE = 50;
