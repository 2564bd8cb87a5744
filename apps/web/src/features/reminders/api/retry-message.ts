import type { SentMessage } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reminderKeys } from './keys';

/** Queues a failed message again. */
export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ success: true; message: string; data: SentMessage }>(`/reminders/sent/${id}/retry`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderKeys.sentAll }),
  });
}
