import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { inventoryListQuery } from '../../../lib/endpoints/inventory';
import { PAGE_SIZE } from './keys';

/** Items by name, optionally filtered by a name prefix; more pages on demand. */
export function useInventoryList(search: string) {
  return useInfiniteQuery({ ...inventoryListQuery(search, PAGE_SIZE), placeholderData: keepPreviousData });
}
