import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendOverdueReminders } from '../../../lib/endpoints/reminders';
import { queryRoots } from '../../../lib/query-keys';

/** Queues a message to each owner whose follow-up on the date was marked absent. */
export function useRemindAbsentees() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => sendOverdueReminders({ date }),
    // The Reminders screen's Messages tab shows what was queued.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryRoots.reminders }),
  });
}
