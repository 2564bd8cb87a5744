import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { petListQuery } from '../../../lib/endpoints/pets';

/**
 * The All Pets list: every pet newest first, or the name/phone search,
 * loaded a page at a time as the list scrolls.
 */
export function usePetList(name: string, phone: string) {
  return useInfiniteQuery({ ...petListQuery(name, phone), placeholderData: keepPreviousData });
}
