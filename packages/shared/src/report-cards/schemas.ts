/**
 * Contracts of daily report cards and incidents during a stay (issue 20; docs/api.md "Report cards and incidents").
 * Staff write one report card per stay per business day (mood, activity, a note, up to 4 photos, and a summary the
 * server fills from the care log) and send it to the owner; staff record incidents (injury, illness, …) on a stay.
 */
import { z } from 'zod';
import { cursorQuery, idSchema, limitQuery, requiredId, requiredString, text } from '../common.ts';
import { mediaHashSchema, photoSchema } from '../media/schemas.ts';

/** At most this many photos on one report card or incident. */
export const REPORT_PHOTOS_MAX = 4;
/** The longest note, "what happened" or "action taken". */
export const REPORT_TEXT_MAX = 2000;

export const REPORT_CARD_MESSAGES = {
  mood: 'Mood must be a whole number from 1 to 5',
  activity: 'Activity must be a whole number from 1 to 5',
  noteTooLong: `The note can be at most ${REPORT_TEXT_MAX} characters`,
  boardingId: 'Choose the stay the report card is for',
  duplicate: 'This stay already has a report card for today: edit that card instead of writing a second one.',
  notInHouse: 'This pet is not in house (the stay is closed): report cards are written during a stay.',
  sentLocked: 'This report card was sent to the owner and can no longer be changed.',
  photoLimit: `A report card holds at most ${REPORT_PHOTOS_MAX} photos: remove one before adding another.`,
  photoMissing: 'This photo is not on the report card.',
  sent: 'Report card sent to the owner.',
  alreadySent: 'This report card was already sent; the owner has it.',
  noEmail: 'The owner has no email address: the report card is in their inbox in the customer area, but no email was sent.',
  load: 'Failed to load report cards',
} as const;

export const INCIDENT_KINDS = ['injury', 'illness', 'fight', 'escape_attempt', 'other'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_KIND_LABELS: Record<IncidentKind, string> = {
  injury: 'Injury',
  illness: 'Illness',
  fight: 'Fight',
  escape_attempt: 'Escape attempt',
  other: 'Other',
};

export const INCIDENT_MESSAGES = {
  kind: 'Choose the kind of incident (injury, illness, fight, escape attempt or other)',
  whatHappened: 'Say what happened',
  whatHappenedTooLong: `What happened can be at most ${REPORT_TEXT_MAX} characters`,
  actionTaken: 'Say what action was taken',
  actionTakenTooLong: `Action taken can be at most ${REPORT_TEXT_MAX} characters`,
  occurredAt: 'When it happened must be a date and time (2026-11-25T10:00:00+05:30)',
  future: 'An incident cannot be recorded in the future',
  beforeStay: 'The incident cannot be before the stay began',
  notInHouse: 'This pet is not in house (the stay is closed): incidents are recorded during a stay.',
  photoLimit: `An incident holds at most ${REPORT_PHOTOS_MAX} photos: remove one before adding another.`,
  photoMissing: 'This photo is not on the incident.',
  recorded: 'Incident recorded; the admins have been notified.',
  told: 'The owner has been told.',
  alreadyTold: (at: string, by: string) => `The owner was already told (${at}, by ${by}).`,
} as const;

/** A 1–5 scale (mood, activity). */
const scale = (message: string) => z.number({ error: message }).int(message).min(1, message).max(5, message);

/** The note: optional multi-line text, trimmed, at most 2000 characters; '' and null mean none. */
const note = text({ multiline: true, error: 'The note must be text' })
  .max(REPORT_TEXT_MAX, REPORT_CARD_MESSAGES.noteTooLong)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

export const reportCardFields = z.object({
  mood: scale(REPORT_CARD_MESSAGES.mood),
  activity: scale(REPORT_CARD_MESSAGES.activity),
  note,
});
export type ReportCardFields = z.input<typeof reportCardFields>;

/** POST /report-cards: today's card for a stay in house. */
export const createReportCardBody = reportCardFields.extend({
  boardingId: requiredId(REPORT_CARD_MESSAGES.boardingId),
});
export type CreateReportCardBody = z.input<typeof createReportCardBody>;

/** PUT /report-cards/{id}: the card's fields (a card not sent yet). */
export const updateReportCardBody = reportCardFields;
export type UpdateReportCardBody = z.input<typeof updateReportCardBody>;

export const photoParams = z.object({ id: idSchema, hash: mediaHashSchema });

export const reportCardStateSchema = z.enum(['draft', 'sent']);
export type ReportCardState = z.infer<typeof reportCardStateSchema>;

export const reportCardSchema = z.object({
  _id: z.string(),
  boardingId: z.string(),
  petId: z.string(),
  petName: z.string(),
  /** The business day the card is about (`yyyy-MM-dd`). */
  day: z.string(),
  mood: z.number().int(),
  activity: z.number().int(),
  note: z.string().nullable(),
  photos: z.array(photoSchema),
  /** From the care log (what was eaten, doses given); refreshed on every change until the card is sent. */
  summary: z.string(),
  state: reportCardStateSchema,
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

export const reportCardResponse = z.object({ success: z.literal(true), message: z.string().optional(), card: reportCardSchema });
export type ReportCardResponse = z.infer<typeof reportCardResponse>;

export const sendReportCardResponse = reportCardResponse.extend({
  /** Whether an email was queued now (false: no address, or sent before). */
  emailed: z.boolean(),
});
export type SendReportCardResponse = z.infer<typeof sendReportCardResponse>;

export const incidentSchema = z.object({
  _id: z.string(),
  boardingId: z.string(),
  petId: z.string(),
  petName: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  whatHappened: z.string(),
  actionTaken: z.string(),
  occurredAt: z.string(),
  photos: z.array(photoSchema),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
  ownerToldAt: z.string().nullable(),
  ownerToldBy: z.string().nullable(),
});
export type Incident = z.infer<typeof incidentSchema>;

/** A stay in house with today's card state and its incidents count (the staff page's list). */
export const reportStaySchema = z.object({
  boardingId: z.string(),
  petId: z.string(),
  petName: z.string(),
  ownerName: z.string(),
  boardingType: z.string(),
  entryTime: z.string(),
  isBoarded: z.boolean(),
  /** Today's card: null when missing. */
  card: z.object({ _id: z.string(), state: reportCardStateSchema }).nullable(),
  incidents: z.number().int(),
});
export type ReportStay = z.infer<typeof reportStaySchema>;

/** GET /report-cards/today */
export const reportCardsTodayResponse = z.object({
  success: z.literal(true),
  day: z.string(),
  stays: z.array(reportStaySchema),
});
export type ReportCardsTodayResponse = z.infer<typeof reportCardsTodayResponse>;

/** GET /report-cards/stays/{id}: a stay with today's card and its incidents (newest first). */
export const reportStayResponse = z.object({
  success: z.literal(true),
  day: z.string(),
  stay: reportStaySchema,
  card: reportCardSchema.nullable(),
  incidents: z.array(incidentSchema),
});
export type ReportStayResponse = z.infer<typeof reportStayResponse>;

/** GET /customer/report-cards: the caller's pets' sent cards, newest first. */
export const customerReportCardsQuery = z.object({
  petId: idSchema.optional(),
  limit: limitQuery(50, 20),
  cursor: cursorQuery(200),
});
export type CustomerReportCardsQuery = z.input<typeof customerReportCardsQuery>;

export const customerReportCardsResponse = z.object({
  success: z.literal(true),
  cards: z.array(reportCardSchema),
  nextCursor: z.string().nullable(),
});
export type CustomerReportCardsResponse = z.infer<typeof customerReportCardsResponse>;

/** POST /incidents */
export const createIncidentBody = z.object({
  boardingId: requiredId(REPORT_CARD_MESSAGES.boardingId),
  kind: z.enum(INCIDENT_KINDS, { error: INCIDENT_MESSAGES.kind }),
  whatHappened: requiredString(INCIDENT_MESSAGES.whatHappened, REPORT_TEXT_MAX, INCIDENT_MESSAGES.whatHappenedTooLong, {
    multiline: true,
  }),
  actionTaken: requiredString(INCIDENT_MESSAGES.actionTaken, REPORT_TEXT_MAX, INCIDENT_MESSAGES.actionTakenTooLong, {
    multiline: true,
  }),
  /** Default: now. Not in the future, not before the stay began. */
  occurredAt: z.iso.datetime({ offset: true, error: INCIDENT_MESSAGES.occurredAt }).nullish(),
});
export type CreateIncidentBody = z.input<typeof createIncidentBody>;

export const incidentResponse = z.object({ success: z.literal(true), message: z.string().optional(), incident: incidentSchema });
export type IncidentResponse = z.infer<typeof incidentResponse>;

export const incidentsResponse = z.object({ success: z.literal(true), incidents: z.array(incidentSchema) });
export type IncidentsResponse = z.infer<typeof incidentsResponse>;

/** The state a stay's card shows in the staff list. */
export function cardStateLabel(card: { state: ReportCardState } | null): 'Missing' | 'Draft' | 'Sent' {
  if (!card) return 'Missing';
  return card.state === 'sent' ? 'Sent' : 'Draft';
}

/** Words for the 1–5 scales, on the card and in the email. */
export const MOOD_LABELS = ['', 'Unsettled', 'Quiet', 'Content', 'Happy', 'Very happy'] as const;
export const ACTIVITY_LABELS = ['', 'Resting', 'Low', 'Moderate', 'Active', 'Very active'] as const;
