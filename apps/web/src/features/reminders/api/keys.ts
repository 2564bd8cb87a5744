import type { ReminderFilter } from '@pawdesk/shared';

/** Query keys of the reminders feature; everything starts with 'reminders'. */
export const reminderKeys = {
  all: ['reminders'] as const,
  presets: () => ['reminders', 'presets'] as const,
  list: (from: string, to: string, filter: ReminderFilter) => ['reminders', 'list', from, to, filter] as const,
  sent: (from: string, to: string) => ['reminders', 'sent', from, to] as const,
};
