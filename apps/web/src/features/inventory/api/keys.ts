/** Query keys of the inventory feature; invalidate `inventoryKeys.all` after any change. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (search: string) => ['inventory', 'list', search] as const,
  item: (id: string) => ['inventory', 'item', id] as const,
  alerts: () => ['inventory', 'alerts'] as const,
};

/** Page size of the inventory list and the alert list. */
export const PAGE_SIZE = 50;
