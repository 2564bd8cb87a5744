import type { ImportMode } from '@pawdesk/shared/import/admin-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { importKeys } from './keys';

export function startRun(uploadId: string, mode: ImportMode) {
  return api<{ runId: string; message: string }>('/admin/import/runs', { method: 'POST', body: { uploadId, mode } });
}

/** Starts a dry run or an import of an upload (202: it goes on in the background); the runs list reloads. */
export function useStartRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { uploadId: string; mode: ImportMode }) => startRun(v.uploadId, v.mode),
    onSettled: () => qc.invalidateQueries({ queryKey: importKeys.runs() }),
  });
}
