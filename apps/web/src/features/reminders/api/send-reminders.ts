import type { ReminderFilter, SendRemindersResponse } from '@pawdesk/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sendOverdueReminders } from '../../../lib/endpoints/reminders';
import { reminderKeys } from './keys';

/**
 * Remind All: one message per owner and day. Overdue lists go to the owners
 * whose follow-ups were missed (absent or never marked); anything else to
 * everyone with a reminder (GET /reminders/sendreminders/{date}, as specified).
 */
export function sendReminders(r: { from: string; to: string; filter: ReminderFilter }) {
  if (r.filter === 'overdue') {
    return sendOverdueReminders({ date: r.from, to: r.to, includeUnmarked: true });
  }
  return api<SendRemindersResponse>(`/reminders/sendreminders/${r.from}`, {
    query: { to: r.to === r.from ? undefined : r.to, filter: r.filter === 'all' ? undefined : r.filter },
  });
}

export function useSendReminders() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendReminders,
    onSuccess: () => qc.invalidateQueries({ queryKey: reminderKeys.sentAll }),
  });
}
