import type { ImportRunDetail } from '@pawdesk/shared/import/admin-schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './keys';

export function getRun(id: string, signal?: AbortSignal) {
  return api<{ run: ImportRunDetail }>(`/admin/import/runs/${id}`, { signal }).then((r) => r.run);
}

/**
 * One run with its report. While it runs, it is asked again every few seconds: the pushed events are the live view,
 * this is the net under them when the stream is down.
 */
export function useImportRun(id: string | null) {
  return useQuery({
    queryKey: importKeys.run(id ?? ''),
    queryFn: ({ signal }) => getRun(id!, signal),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 4000 : false),
  });
}
