import type { ReminderPresetsResponse, SendOverdueBody, SendRemindersResponse } from '@pawdesk/shared';
import { DEFAULT_TZ, todayIn } from '@pawdesk/shared/dates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

/** GET /reminders/presets: today in the business time zone and the reminder dashboard's date ranges. */
export function fetchReminderPresets(signal?: AbortSignal) {
  return api<ReminderPresetsResponse>('/reminders/presets', { signal });
}

export const reminderPresetsKey = [...queryRoots.reminders, 'presets'] as const;

/** The presets (Reminders) and the business's today (Attendance). */
export function reminderPresetsQuery() {
  return queryOptions({
    queryKey: reminderPresetsKey,
    queryFn: ({ signal }) => fetchReminderPresets(signal),
    staleTime: 60_000,
  });
}

/** Today in the business time zone as the server computes it (from the presets); until it answers, today in the default zone. */
export function useBusinessToday(): string {
  const q = useQuery({ ...reminderPresetsQuery(), select: (r) => r.today });
  return q.data ?? todayIn(DEFAULT_TZ);
}

/** POST /reminders/sendoverduereminders: one message per owner whose follow-ups were missed (Attendance, Reminders). */
export function sendOverdueReminders(body: SendOverdueBody) {
  return api<SendRemindersResponse>('/reminders/sendoverduereminders', { method: 'POST', body });
}
