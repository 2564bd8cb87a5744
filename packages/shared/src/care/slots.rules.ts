import { minutesOf, wallClock } from '../stays/counting.ts';

/**
 * Care slots (issue 20): the parts of the business day that meals, doses and other tasks are due in (default Morning
 * 07:00–11:00, Noon 11:00–15:00, Evening 15:00–20:00; admins edit them). Times are minutes after midnight in the
 * business time zone. A task is due by the end of its slot and is late from that minute on while not recorded.
 */

export interface SlotTimes {
  id: string;
  name: string;
  /** Minutes after midnight, inclusive. */
  startMinute: number;
  /** Minutes after midnight, exclusive (the task is late from this minute). */
  endMinute: number;
}

/** How long after an exact time outside every slot the task is late. */
export const EXACT_TIME_GRACE_MINUTES = 60;

/** A task's slot key: the slot's id, or `@HH:MM` for an item at an exact time. */
export const exactTimeKey = (hhmm: string) => `@${hhmm}`;
export const isExactTimeKey = (key: string) => key.startsWith('@');

/** `HH:MM` of minutes after midnight (1440 is 24:00). */
export function hhmmOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The slot a time of day (minutes) falls in: start ≤ time < end; undefined when in none. */
export function slotAt<S extends SlotTimes>(slots: readonly S[], minute: number): S | undefined {
  return slots.find((s) => s.startMinute <= minute && minute < s.endMinute);
}

/** Slots in the order of the day. */
export const sortSlots = <S extends SlotTimes>(slots: readonly S[]): S[] =>
  [...slots].sort((a, b) => a.startMinute - b.startMinute || a.name.localeCompare(b.name));

/** Where a task of a slot key sits on the board and when it is due. */
export interface SlotPlace {
  /** The slot it is grouped under (an exact time: the slot it falls in), null when none. */
  slotId: string | null;
  /** The slot's name, or the exact time when it falls in no slot. */
  slotName: string;
  /** The minute of the day from which it is late. */
  dueMinute: number;
}

/** The board place of a slot key; undefined for a slot id that no longer exists. */
export function placeOf(slots: readonly SlotTimes[], key: string): SlotPlace | undefined {
  if (isExactTimeKey(key)) {
    const minute = minutesOf(key.slice(1));
    const slot = slotAt(slots, minute);
    if (slot) return { slotId: slot.id, slotName: slot.name, dueMinute: slot.endMinute };
    return { slotId: null, slotName: key.slice(1), dueMinute: Math.min(1440, minute + EXACT_TIME_GRACE_MINUTES) };
  }
  const slot = slots.find((s) => s.id === key);
  return slot ? { slotId: slot.id, slotName: slot.name, dueMinute: slot.endMinute } : undefined;
}

/**
 * Late: not recorded by the end of its slot. `day` is the task's business day; `now` the business wall clock. A task
 * of an earlier day is late; of a later day, never.
 */
export function isLate(day: string, dueMinute: number, now: { date: string; minutes: number }, recorded: boolean): boolean {
  if (recorded) return false;
  if (now.date !== day) return now.date > day;
  return now.minutes >= dueMinute;
}

/** `isLate` with an instant and the business time zone. */
export const isLateAt = (day: string, dueMinute: number, now: Date, tz: string, recorded: boolean) =>
  isLate(day, dueMinute, wallClock(now, tz), recorded);

/** An issue with a slot table: the row (index) and field it is about, and the message. */
export interface SlotIssue {
  index: number;
  field: 'name' | 'start' | 'end';
  message: string;
}

export const SLOT_MESSAGES = {
  startBeforeEnd: 'The start must be before the end',
  overlap: (other: string) => `Overlaps ${other}`,
  duplicate: 'Another slot has this name',
  atLeastOne: 'Keep at least one slot',
} as const;

/** The slot table's rules: start < end, no two overlapping, names unique (case and spaces aside). */
export function slotTableIssues(slots: readonly { name: string; startMinute: number; endMinute: number }[]): SlotIssue[] {
  const issues: SlotIssue[] = [];
  const seen = new Map<string, number>();
  slots.forEach((s, i) => {
    const key = s.name.trim().replace(/\s+/g, ' ').toLowerCase();
    if (seen.has(key)) issues.push({ index: i, field: 'name', message: SLOT_MESSAGES.duplicate });
    else seen.set(key, i);
    if (!(s.startMinute < s.endMinute)) issues.push({ index: i, field: 'end', message: SLOT_MESSAGES.startBeforeEnd });
  });
  slots.forEach((s, i) => {
    if (!(s.startMinute < s.endMinute)) return;
    const other = slots.find(
      (o, j) => j < i && o.startMinute < o.endMinute && o.startMinute < s.endMinute && s.startMinute < o.endMinute,
    );
    if (other) issues.push({ index: i, field: 'start', message: SLOT_MESSAGES.overlap(other.name.trim()) });
  });
  return issues;
}

/** A care item as the day's task list needs it. */
export interface PlannedItem {
  id: string;
  kind: 'meal' | 'dose' | 'other';
  slotIds: readonly string[];
  atTime: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** Whether an item is due on a day: a dose only between its start and end dates (inclusive). */
export const dueOn = (item: Pick<PlannedItem, 'startDate' | 'endDate'>, day: string) =>
  (item.startDate === null || item.startDate <= day) && (item.endDate === null || day <= item.endDate);

/** One planned task of a day: an item in one slot (or at its exact time). */
export interface PlannedTask<I extends PlannedItem = PlannedItem> extends SlotPlace {
  item: I;
  slotKey: string;
}

/**
 * The tasks of a day from a plan: each item due that day, once per slot it names (slots that no longer exist are
 * skipped), an exact-time item once at its time; in the order of the day.
 */
export function tasksOfDay<I extends PlannedItem>(
  items: readonly I[],
  slots: readonly SlotTimes[],
  day: string,
): PlannedTask<I>[] {
  const out: PlannedTask<I>[] = [];
  for (const item of items) {
    if (!dueOn(item, day)) continue;
    const keys = item.atTime ? [exactTimeKey(item.atTime)] : item.slotIds;
    for (const key of keys) {
      const place = placeOf(slots, key);
      if (place) out.push({ item, slotKey: key, ...place });
    }
  }
  const order = new Map(sortSlots(slots).map((s, i) => [s.id, i]));
  const rank = (t: PlannedTask<I>) => (t.slotId ? (order.get(t.slotId) ?? 99) : 99);
  const kinds = { meal: 0, dose: 1, other: 2 } as const;
  return out.sort((a, b) => rank(a) - rank(b) || a.dueMinute - b.dueMinute || kinds[a.item.kind] - kinds[b.item.kind]);
}

/** How long after recording a task the same person may undo it. */
export const UNDO_WINDOW_MINUTES = 10;

/** Whether `by` may undo a task recorded by `doneBy` at `doneAt`, at `now`: the same person, within the window. */
export function undoCheck(task: { doneBy: string; doneAt: Date }, by: string, now: Date): 'ok' | 'not_yours' | 'too_late' {
  if (task.doneBy !== by) return 'not_yours';
  return now.getTime() - task.doneAt.getTime() <= UNDO_WINDOW_MINUTES * 60_000 ? 'ok' : 'too_late';
}
