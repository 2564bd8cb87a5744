import type { ImportProblem } from '@pawdesk/shared/import/admin-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys, PROBLEMS_PAGE_SIZE } from './keys';

export function getProblems(id: string, collection: string, offset: number, signal?: AbortSignal) {
  return api<{ problems: ImportProblem[]; total: number }>(`/admin/import/runs/${id}/problems`, {
    query: { collection, offset, limit: PROBLEMS_PAGE_SIZE },
    signal,
  });
}

/** Every problem of one collection of a run ("Show all"), a page at a time. */
export function useRunProblems(id: string, collection: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: importKeys.problems(id, collection),
    queryFn: ({ pageParam, signal }) => getProblems(id, collection, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, p) => n + p.problems.length, 0);
      return seen < last.total && last.problems.length > 0 ? seen : undefined;
    },
    enabled,
  });
}
