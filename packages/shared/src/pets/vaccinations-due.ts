/**
 * 'Vaccinations due' (issue 11), beside the reminders: the vaccinations whose next due date has passed (at most a
 * year back), falls today, or falls in the next N days, and 'Remind owner' (one email per owner per day).
 */
import { z } from 'zod';
import { idSchema } from '../common.ts';

export const VACCINATIONS_DUE_DEFAULT_DAYS = 30;
export const VACCINATIONS_DUE_MAX_DAYS = 90;
/** Overdue rows go back at most this many days. */
export const VACCINATIONS_OVERDUE_MAX_DAYS = 365;
/** Rows per group at most (the group says `truncated` when there are more). */
export const VACCINATIONS_DUE_GROUP_MAX = 500;
/** Pets one 'Remind owner' may name. */
export const VACCINATIONS_REMIND_MAX = 500;

const DAYS_MSG = `Days must be a whole number from 1 to ${VACCINATIONS_DUE_MAX_DAYS}`;

/** GET /reminders/vaccinations-due?days=30. */
export const vaccinationsDueQuery = z.object({
  days: z.coerce
    .number({ error: DAYS_MSG })
    .int(DAYS_MSG)
    .min(1, DAYS_MSG)
    .max(VACCINATIONS_DUE_MAX_DAYS, DAYS_MSG)
    .default(VACCINATIONS_DUE_DEFAULT_DAYS),
});

export const vaccinationDueRow = z.object({
  /** The vaccination's id. */
  _id: z.string(),
  petId: z.string(),
  petName: z.string(),
  species: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** The owner's phone; null for an owner imported without one (issue 21). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  vaccine: z.string(),
  numberOfDose: z.number().nullable(),
  nextDue: z.string(),
  /** Whether the owner was sent (or is being sent) the vaccinations email today. */
  remindedToday: z.boolean(),
});
export type VaccinationDueRow = z.infer<typeof vaccinationDueRow>;

const group = z.object({ rows: z.array(vaccinationDueRow), truncated: z.boolean() });

export const vaccinationsDueResponse = z.object({
  success: z.literal(true),
  today: z.string(),
  days: z.number(),
  /** Due before today (at most a year back), oldest first. */
  overdue: group,
  dueToday: group,
  /** Due from tomorrow to today + days. */
  upcoming: group,
});
export type VaccinationsDueResponse = z.infer<typeof vaccinationsDueResponse>;

/** POST /reminders/vaccinations-due/remind. */
export const remindVaccinationsBody = z.object({
  petIds: z
    .array(idSchema, { error: 'Choose at least one pet' })
    .min(1, 'Choose at least one pet')
    .max(VACCINATIONS_REMIND_MAX, `At most ${VACCINATIONS_REMIND_MAX} pets at once`),
  /** How far ahead the email lists due vaccinations (the list's `days`). */
  days: z
    .number({ error: DAYS_MSG })
    .int(DAYS_MSG)
    .min(1, DAYS_MSG)
    .max(VACCINATIONS_DUE_MAX_DAYS, DAYS_MSG)
    .default(VACCINATIONS_DUE_DEFAULT_DAYS),
});
export type RemindVaccinationsInput = z.input<typeof remindVaccinationsBody>;

export const remindVaccinationsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Owners whose email was queued now. */
  queued: z.number(),
  /** Owners already reminded today (one email per owner per day). */
  alreadySent: z.number(),
  /** Owners without an email address (kept as unreachable). */
  noEmail: z.number(),
  /** Owners of the named pets with no vaccination due in the window. */
  nothingDue: z.number(),
});
export type RemindVaccinationsResponse = z.infer<typeof remindVaccinationsResponse>;

export function remindVaccinationsMessage(r: Pick<RemindVaccinationsResponse, 'queued' | 'alreadySent' | 'noEmail'>): string {
  const parts = [`${r.queued} ${r.queued === 1 ? 'owner' : 'owners'} reminded`];
  if (r.alreadySent) parts.push(`${r.alreadySent} already reminded today`);
  if (r.noEmail) parts.push(`${r.noEmail} without an email address`);
  return parts.join(', ');
}
