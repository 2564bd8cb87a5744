import type { StaffUsersResponse } from '@pawdesk/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { USERS_PAGE_SIZE, userKeys } from './keys';

export function getUsers(cursor: string | undefined, signal?: AbortSignal) {
  return api<StaffUsersResponse>('/admin/users', { query: { limit: USERS_PAGE_SIZE, cursor }, signal });
}

/** Staff accounts, newest first; more pages on demand. */
export function useUsers() {
  return useInfiniteQuery({
    queryKey: userKeys.list(),
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
