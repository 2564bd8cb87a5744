import { z } from 'zod';
import { dateSchema, idSchema } from '../common.ts';
import { daysBetween } from '../dates.ts';
import { MAX_REMINDER_RANGE_DAYS, REMINDER_FILTERS } from './rules.ts';

/* ───────────── Attendance (spec 000 §2 Scheduled Visits, §3 Attendance entry, §7 /attendance) ───────────── */

/** How many ids one attendance save may carry in each list. */
export const MAX_ATTENDANCE_IDS = 500;

export const attendanceEntry = z.object({
  _id: z.string(),
  /** Present ticked; false when marked absent or not marked yet (see `marked`). */
  present: z.boolean(),
  /** Whether attendance was recorded for this follow-up (false: not marked yet). */
  marked: z.boolean(),
  purpose: z.string(),
  /** `HH:mm`, when the follow-up has a time. */
  time: z.string().nullable(),
  date: z.string(),
  petId: z.object({
    _id: z.string(),
    name: z.string(),
    species: z.string(),
    owner: z.object({ _id: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  }),
});
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

export const attendanceListResponse = z.object({
  success: z.literal(true),
  date: z.string(),
  attendance: z.object({ List: z.array(attendanceEntry) }),
  /** The same list at the top level: the existing client's attendance page reads `List` (issue 9). */
  List: z.array(attendanceEntry),
});
export type AttendanceListResponse = z.infer<typeof attendanceListResponse>;

const idList = (field: string) =>
  z
    .array(idSchema, { error: `${field} must be a list of ids` })
    .max(MAX_ATTENDANCE_IDS, `At most ${MAX_ATTENDANCE_IDS} entries at a time`)
    .default([]);

export const updateAttendanceBody = z
  .object({
    date: dateSchema,
    presentIds: idList('presentIds'),
    absentIds: idList('absentIds'),
  })
  .refine((b) => !b.presentIds.some((id) => b.absentIds.includes(id)), {
    message: 'An entry cannot be both present and absent',
    path: ['absentIds'],
  });
export type UpdateAttendanceBody = z.input<typeof updateAttendanceBody>;

export const updateAttendanceResponse = attendanceListResponse.extend({ message: z.string() });
export type UpdateAttendanceResponse = z.infer<typeof updateAttendanceResponse>;

export const ATTENDANCE_SAVED = 'Attendance saved successfully';
export const ATTENDANCE_NOT_SCHEDULED = 'Some entries are not follow-ups scheduled on this date';

/* ───────────── Reminders (spec 000 §2 Reminders, §3 Reminder, §7 /reminders) ───────────── */

export const reminderItem = z.object({
  /** The follow-up's id, or the pet's id for a birthday. */
  _id: z.string(),
  kind: z.enum(['followup', 'birthday']),
  petId: z.string(),
  petName: z.string(),
  species: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** The owner's phone; null for an owner imported without one (issue 21). */
  contact: z.string().nullable(),
  email: z.string().nullable(),
  /** 'Birthday' for birthdays. */
  purpose: z.string(),
  /** `yyyy-MM-dd` */
  scheduledDate: z.string(),
  time: z.string().nullable(),
  /** Follow-ups: true present, false absent, null not marked. Birthdays: null. */
  present: z.boolean().nullable(),
});
export type ReminderItem = z.infer<typeof reminderItem>;

/** Range and filter of a reminders list or send: `?to=yyyy-MM-dd` (inclusive, at most 31 days) and `?filter=`. */
export const reminderRangeQuery = z.object({
  to: dateSchema.optional(),
  filter: z.enum(REMINDER_FILTERS, { error: `filter must be one of ${REMINDER_FILTERS.join(', ')}` }).default('all'),
});
export type ReminderRangeQuery = z.input<typeof reminderRangeQuery>;

export const reminderListQuery = reminderRangeQuery.extend({
  limit: z.coerce.number().int().min(1).max(500).default(500),
});

export const remindersListResponse = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  filter: z.enum(REMINDER_FILTERS),
  List: z.array(reminderItem),
  /** True when more reminders matched than `limit`. */
  truncated: z.boolean(),
});
export type RemindersListResponse = z.infer<typeof remindersListResponse>;

export const presetRangeSchema = z.object({ from: z.string(), to: z.string(), filter: z.enum(REMINDER_FILTERS) });

export const reminderPresetsResponse = z.object({
  success: z.literal(true),
  /** Today in the business time zone. */
  today: z.string(),
  tz: z.string(),
  presets: z.object({
    today: presetRangeSchema,
    nextweek: presetRangeSchema,
    overdue: presetRangeSchema,
    birthdays: presetRangeSchema,
  }),
});
export type ReminderPresetsResponse = z.infer<typeof reminderPresetsResponse>;

export const sendOverdueBody = z.object({
  date: dateSchema,
  /** Last day of a range (inclusive); the date alone when absent. */
  to: dateSchema.optional(),
  /** Also remind owners whose past follow-up was never marked (the Overdue Last Week list). */
  includeUnmarked: z.boolean().default(false),
});
export type SendOverdueBody = z.input<typeof sendOverdueBody>;

export const sendRecipient = z.object({
  ownerId: z.string(),
  ownerName: z.string(),
  date: z.string(),
  toAddress: z.string().nullable(),
  /** queued: a message is on its way; unreachable: the owner has no email; already: sent or queued before. */
  outcome: z.enum(['queued', 'unreachable', 'already']),
});

export const sendRemindersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Messages queued by this call. */
  queued: z.number().int(),
  /** Owners without an email address (recorded, not sent). */
  unreachable: z.number().int(),
  /** Owners already reminded for that day (nothing queued twice). */
  alreadySent: z.number().int(),
  recipients: z.array(sendRecipient),
});
export type SendRemindersResponse = z.infer<typeof sendRemindersResponse>;

export const REMINDERS_QUEUED = 'Reminders will be sent';
export const ABSENTEE_REMINDERS_QUEUED = 'Reminders will be sent to absentees';

/** Validates a date range: to ≥ from and at most 31 days. Returns an error message or null. */
export function rangeProblem(from: string, to: string): string | null {
  const n = daysBetween(from, to);
  if (n < 0) return 'The end date must not be before the start date';
  if (n + 1 > MAX_REMINDER_RANGE_DAYS) return `A range may span at most ${MAX_REMINDER_RANGE_DAYS} days`;
  return null;
}

/* ───────────── Messages sent (the outbox, per date) ───────────── */

export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unreachable'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const sentMessage = z.object({
  _id: z.string(),
  kind: z.string(),
  channel: z.string(),
  refDate: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  toAddress: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** How it was delivered: smtp, or log when no mail server is configured. */
  transport: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessage>;

export const sentMessagesQuery = z.object({
  date: dateSchema,
  to: dateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const sentMessagesResponse = z.object({
  success: z.literal(true),
  List: z.array(sentMessage),
  truncated: z.boolean(),
});
export type SentMessagesResponse = z.infer<typeof sentMessagesResponse>;

export * from './rules.ts';
