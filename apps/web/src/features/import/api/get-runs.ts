import type { ImportRun } from '@pawdesk/shared/import/admin-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys, RUNS_PAGE_SIZE } from './keys';

export function getRuns(cursor: string | undefined, signal?: AbortSignal) {
  return api<{ runs: ImportRun[]; nextCursor: string | null }>('/admin/import/runs', {
    query: { limit: RUNS_PAGE_SIZE, cursor },
    signal,
  });
}

/** Import runs, newest first; more pages on demand. */
export function useImportRuns() {
  return useInfiniteQuery({
    queryKey: importKeys.runs(),
    queryFn: ({ pageParam, signal }) => getRuns(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
