import type { ReminderFilter } from '@pawdesk/shared';
import { queryRoots } from '../../../lib/query-keys';

/** Query keys of the reminders feature; the presets (also read by Attendance) are in lib/endpoints/reminders.ts. */
export const reminderKeys = {
  all: queryRoots.reminders,
  list: (from: string, to: string, filter: ReminderFilter) => [...queryRoots.reminders, 'list', from, to, filter] as const,
  sentAll: [...queryRoots.reminders, 'sent'] as const,
  sent: (from: string, to: string) => [...queryRoots.reminders, 'sent', from, to] as const,
  /** GET /reminders/vaccinations-due?days: overdue, due today and due in the next days. */
  vaccinationsDue: (days: number) => [...queryRoots.reminders, 'vaccinations-due', days] as const,
};
