import type { ReminderPresetsResponse } from '@pawdesk/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reminderKeys } from './keys';

/** Today in the business time zone and the date ranges of the dashboard presets. */
export function useReminderPresets() {
  return useQuery({
    queryKey: reminderKeys.presets(),
    queryFn: ({ signal }) => api<ReminderPresetsResponse>('/reminders/presets', { signal }),
    staleTime: 60_000,
  });
}
