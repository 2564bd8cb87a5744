import { useQuery } from '@tanstack/react-query';
import { reminderPresetsQuery } from '../../../lib/endpoints/reminders';

/** Today in the business time zone and the date ranges of the dashboard presets. */
export function useReminderPresets() {
  return useQuery(reminderPresetsQuery());
}
