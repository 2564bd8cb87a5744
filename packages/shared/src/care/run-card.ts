import { z } from 'zod';
import { addDays, daysBetween } from '../dates.ts';
import { photoSchema } from '../media/schemas.ts';
import { CARE_KINDS, type CareKind, careWarningSchema, FEEDBACK_LABEL } from './schemas.ts';
import { type PlannedItem, type SlotTimes, tasksOfDay, dueOn } from './slots.rules.ts';

/**
 * Run cards (issue 20): a stay's printable card for the kennel door: the pet, owner and emergency phones,
 * vaccinations, warnings, incidents and a grid of every planned meal, dose and task (rows) for each day of the stay
 * (columns), a box to tick by hand or what the care log recorded. docs/api.md "Run cards".
 */

export const RUN_CARD_FORMATS = ['a4', 'kennel'] as const;
export type RunCardFormat = (typeof RUN_CARD_FORMATS)[number];
export const RUN_CARD_FORMAT_LABEL: Record<RunCardFormat, string> = { a4: 'A4', kennel: 'Kennel card' };

/** Day columns on one printed page (the grid continues on the next page). */
export const RUN_CARD_DAYS_PER_PAGE = 14;
/** The most days one card shows (a months-long stay shows the window around today). */
export const RUN_CARD_MAX_DAYS = 62;
/** A vaccination due within this many days is marked "due soon". */
export const VACCINE_DUE_SOON_DAYS = 14;
/** At most this many cards in one "all run cards" answer (a resort's in-house count is far below). */
export const RUN_CARDS_MAX = 300;

export const runCardQuery = z.object({
  format: z.enum(RUN_CARD_FORMATS, { error: 'format is a4 or kennel' }).default('a4'),
});

export const VACCINE_STATUSES = ['overdue', 'due_soon', 'ok', 'none'] as const;
export type VaccineStatus = (typeof VACCINE_STATUSES)[number];
export const VACCINE_STATUS_LABEL: Record<VaccineStatus, string> = {
  overdue: 'Overdue',
  due_soon: 'Due soon',
  ok: 'Up to date',
  none: 'No due date',
};

/** A vaccination's state on a day: overdue once its next due date has passed; due soon within 14 days. */
export function vaccineStatus(nextDue: string | null, today: string): VaccineStatus {
  if (!nextDue) return 'none';
  const left = daysBetween(today, nextDue);
  if (left < 0) return 'overdue';
  return left <= VACCINE_DUE_SOON_DAYS ? 'due_soon' : 'ok';
}

/**
 * The day columns of a stay: from its entry day to its last day (the expected exit, or the exit or today when the
 * pet stayed on), inclusive. A stay longer than `RUN_CARD_MAX_DAYS` shows that many days around `today` (a week
 * before it, where the stay allows), so the card always has the days staff work on.
 */
export function runCardDays(firstDay: string, lastDay: string, today: string): { days: string[]; truncated: boolean } {
  const last = lastDay < firstDay ? firstDay : lastDay;
  const total = daysBetween(firstDay, last) + 1;
  if (total <= RUN_CARD_MAX_DAYS)
    return { days: Array.from({ length: total }, (_, i) => addDays(firstDay, i)), truncated: false };
  const focus = today < firstDay ? firstDay : today > last ? last : today;
  const latestStart = addDays(last, -(RUN_CARD_MAX_DAYS - 1));
  let start = addDays(focus, -7);
  if (start < firstDay) start = firstDay;
  if (start > latestStart) start = latestStart;
  return { days: Array.from({ length: RUN_CARD_MAX_DAYS }, (_, i) => addDays(start, i)), truncated: true };
}

/** The days split into printed pages of at most `perPage` columns. */
export function dayPages(days: readonly string[], perPage = RUN_CARD_DAYS_PER_PAGE): string[][] {
  const pages: string[][] = [];
  for (let i = 0; i < days.length; i += perPage) pages.push(days.slice(i, i + perPage));
  return pages;
}

/** The kennel card's days: today and tomorrow where the stay has them, else (a past stay) its last two days. */
export function kennelDays(days: readonly string[], today: string): string[] {
  const near = days.filter((d) => d === today || d === addDays(today, 1));
  return near.length > 0 ? near : days.slice(-2);
}

export const runCardRecordSchema = z.object({
  feedback: z.string(),
  /** "Ate all", "Given", … */
  feedbackLabel: z.string(),
  note: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type RunCardRecord = z.infer<typeof runCardRecordSchema>;

export const runCardCellSchema = z.object({
  day: z.string(),
  /** Planned that day (a dose outside its start and end dates is not: the cell is shaded). */
  due: z.boolean(),
  /** What the care log recorded, null for an empty box. */
  recorded: runCardRecordSchema.nullable(),
});
export type RunCardCell = z.infer<typeof runCardCellSchema>;

export const runCardRowSchema = z.object({
  /** `itemId|slotKey`. */
  key: z.string(),
  itemId: z.string(),
  kind: z.enum(CARE_KINDS),
  slotKey: z.string(),
  slotName: z.string(),
  label: z.string(),
  instructions: z.string().nullable(),
  /** The item is no longer in the plan; the row stays for what was recorded. */
  removed: z.boolean(),
  cells: z.array(runCardCellSchema),
});
export type RunCardRow = z.infer<typeof runCardRowSchema>;

export const runCardVaccinationSchema = z.object({
  name: z.string(),
  givenOn: z.string().nullable(),
  nextDue: z.string().nullable(),
  status: z.enum(VACCINE_STATUSES),
});

export const runCardIncidentSchema = z.object({ at: z.string(), kind: z.string(), summary: z.string() });

export const runCardSchema = z.object({
  boardingId: z.string(),
  /** The business day the card was made on. */
  today: z.string(),
  /** The stay has ended: the card is history. */
  closed: z.boolean(),
  pet: z.object({
    _id: z.string(),
    name: z.string(),
    species: z.string(),
    breed: z.string(),
    sex: z.string(),
    age: z.string(),
    photo: photoSchema.nullable(),
  }),
  owner: z.object({ name: z.string(), phone: z.string().nullable() }),
  emergencyContact: z.object({ name: z.string().nullable(), phone: z.string().nullable() }),
  warnings: z.array(careWarningSchema),
  vaccinations: z.array(runCardVaccinationSchema),
  stay: z.object({
    type: z.string(),
    entryTime: z.string(),
    entryDay: z.string(),
    expectedExitDay: z.string(),
    exitTime: z.string().nullable(),
  }),
  incidents: z.array(runCardIncidentSchema),
  days: z.array(z.string()),
  /** The stay is longer than the card shows (`RUN_CARD_MAX_DAYS` around today). */
  daysTruncated: z.boolean(),
  rows: z.array(runCardRowSchema),
});
export type RunCard = z.infer<typeof runCardSchema>;

export const runCardResponse = z.object({ success: z.literal(true), card: runCardSchema });
export type RunCardResponse = z.infer<typeof runCardResponse>;

export const runCardsResponse = z.object({ success: z.literal(true), day: z.string(), cards: z.array(runCardSchema) });
export type RunCardsResponse = z.infer<typeof runCardsResponse>;

/** A plan item as the grid needs it. */
export interface GridItem extends PlannedItem {
  label: string;
  instructions: string | null;
}

/** A recorded task as the grid needs it. */
export interface GridTask {
  itemId: string;
  slotKey: string;
  slotName: string;
  day: string;
  kind: CareKind;
  label: string;
  feedback: string;
  note: string | null;
  doneByName: string;
  doneAt: string;
}

/**
 * The grid: one row per planned task (an item in one of its slots, or at its exact time), in the order of the day,
 * one cell per day; a cell is due when the item is due that day and holds what the log recorded. A task recorded on
 * an item since removed from the plan keeps a row (it happened).
 */
export function runCardGrid(
  items: readonly GridItem[],
  slots: readonly SlotTimes[],
  days: readonly string[],
  tasks: readonly GridTask[],
): RunCardRow[] {
  const recorded = new Map(tasks.map((t) => [`${t.itemId}|${t.slotKey}|${t.day}`, t]));
  const record = (t: GridTask | undefined): RunCardRecord | null =>
    t
      ? {
          feedback: t.feedback,
          feedbackLabel: FEEDBACK_LABEL[t.feedback] ?? t.feedback,
          note: t.note,
          by: t.doneByName,
          at: t.doneAt,
        }
      : null;
  // Every slot of every item, whatever its dates: the rows; whether it is due is per day.
  const undated = items.map((i) => ({ ...i, startDate: null, endDate: null, source: i }));
  const rows: RunCardRow[] = tasksOfDay(undated, slots, days[0] ?? '2000-01-01').map((t) => ({
    key: `${t.item.id}|${t.slotKey}`,
    itemId: t.item.id,
    kind: t.item.kind,
    slotKey: t.slotKey,
    slotName: t.slotName,
    label: t.item.label,
    instructions: t.item.instructions,
    removed: false,
    cells: days.map((day) => ({
      day,
      due: dueOn(t.item.source, day),
      recorded: record(recorded.get(`${t.item.id}|${t.slotKey}|${day}`)),
    })),
  }));
  const shown = new Set(rows.map((r) => r.key));
  for (const t of tasks) {
    const key = `${t.itemId}|${t.slotKey}`;
    if (shown.has(key)) continue;
    shown.add(key);
    rows.push({
      key,
      itemId: t.itemId,
      kind: t.kind,
      slotKey: t.slotKey,
      slotName: t.slotName,
      label: t.label,
      instructions: null,
      removed: true,
      cells: days.map((day) => {
        const rec = recorded.get(`${key}|${day}`);
        return { day, due: rec !== undefined, recorded: record(rec) };
      }),
    });
  }
  return rows;
}

/** `Sat 28 Nov` of a `yyyy-MM-dd` day (the grid's column heads). */
export function runCardDayLabel(day: string): { weekday: string; date: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]!;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return { weekday, date: `${d.getUTCDate()} ${months[d.getUTCMonth()]}` };
}

/** The file name of a run card's PDF. */
export const runCardFileName = (petName: string, day: string) =>
  `run-card-${
    petName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'pet'
  }-${day}.pdf`;
