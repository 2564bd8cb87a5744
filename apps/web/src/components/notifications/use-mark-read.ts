import { STAFF_NOTIFICATION_MESSAGES as M } from '@pawdesk/shared';
import type { MarkReadBody, MarkReadResponse } from '@pawdesk/shared/staff-notifications/schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** Marking notifications read (some, or all): the inbox's lists and counts reload; a failure is told. */
export function useMarkRead(mark: (body: MarkReadBody) => Promise<MarkReadResponse>, invalidate: (qc: QueryClient) => unknown) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: mark,
    onSuccess: () => invalidate(qc),
    onError: (err) => notify.error(serverMessage(err, M.markFailed), err),
    networkMode: 'always',
  });
}

export type MarkRead = ReturnType<typeof useMarkRead>;
