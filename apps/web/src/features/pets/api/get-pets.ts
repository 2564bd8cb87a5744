import type { PetPage } from '@pawdesk/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { petKeys } from './keys';

export const PET_PAGE_SIZE = 50;

/**
 * The All Pets list: every pet newest first, or the name/phone search,
 * loaded a page at a time as the list scrolls.
 */
export function usePetList(name: string, phone: string) {
  const n = name.trim();
  const p = phone.trim();
  const searching = n !== '' || p !== '';
  return useInfiniteQuery({
    queryKey: petKeys.list(n.toLowerCase(), p),
    queryFn: ({ pageParam, signal }) =>
      api<PetPage>(searching ? '/pet/getfilteredpetsbynameandphone' : '/pet/getallpets', {
        query: { ...(searching ? { name: n, phone: p } : {}), limit: PET_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
