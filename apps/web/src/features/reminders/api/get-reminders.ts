import type { ReminderFilter, RemindersListResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reminderKeys } from './keys';

export function getReminders(from: string, to: string, filter: ReminderFilter, signal?: AbortSignal) {
  return api<RemindersListResponse>(`/reminders/getreminderslist/${from}`, {
    query: { to: to === from ? undefined : to, filter: filter === 'all' ? undefined : filter },
    signal,
  });
}

/** Follow-ups and birthdays of a day or a range. */
export function useReminders(range: { from: string; to: string; filter: ReminderFilter } | null) {
  return useQuery({
    queryKey: reminderKeys.list(range?.from ?? '', range?.to ?? '', range?.filter ?? 'all'),
    queryFn: ({ signal }) => getReminders(range!.from, range!.to, range!.filter, signal),
    enabled: range !== null,
    staleTime: 0,
  });
}
