import type { BoardedPetsResponse } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { boardingKeys } from './keys';

/** Rows a page of the Deboard list. */
export const BOARDED_PAGE_SIZE = 20;

/** GET /pet/getboardedpetslist/?type={visitTypeId}: the category's boardings, boarded first, then newest. */
export function fetchBoardedPets(q: { type: string; limit: number; cursor?: string }, signal?: AbortSignal) {
  return api<BoardedPetsResponse>('/pet/getboardedpetslist/', {
    query: { type: q.type, limit: q.limit, cursor: q.cursor },
    signal,
  });
}

/** One category's boardings, `BOARDED_PAGE_SIZE` a page ("Load more"); idle until a category is chosen. */
export function useBoardedPets(type: string | null) {
  return useInfiniteQuery({
    queryKey: boardingKeys.boardedPets(type ?? '', BOARDED_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) =>
      fetchBoardedPets({ type: type as string, limit: BOARDED_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(type),
  });
}
