import type { SendOverdueBody, SendRemindersResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Queues a message to each owner whose follow-up on the date was marked absent. */
export function useRemindAbsentees() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api<SendRemindersResponse>('/reminders/sendoverduereminders', { method: 'POST', body: { date } satisfies SendOverdueBody }),
    // The Reminders screen's Messages tab shows what was queued.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reminders'] }),
  });
}
