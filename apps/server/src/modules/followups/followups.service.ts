import { ATTENDANCE_NOT_SCHEDULED, birthdayInRange, birthdayKeys } from '@pawdesk/shared';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { followUps } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  type BirthdayPet,
  type FollowUpView,
  findFollowUps,
  findPetsBornOn,
  lockFollowUpsOn,
  setPresent,
} from './followups.repo.ts';

export type { BirthdayPet, FollowUpView } from './followups.repo.ts';

export interface NewFollowUp {
  petId: string;
  /** `yyyy-MM-dd` in the business time zone. */
  date: string;
  /** `HH:mm` */
  time: string | null;
  purpose: string;
  source: 'prescription' | 'inquiry' | 'visit';
  sourceId?: string;
}

/**
 * Schedules a follow-up that attendance and reminders will list. Other modules
 * call this (inside their own transaction) instead of writing the table.
 */
export async function scheduleFollowUp(db: DbOrTx, f: NewFollowUp): Promise<string> {
  const [row] = await db
    .insert(followUps)
    .values({ petId: f.petId, date: f.date, time: f.time, purpose: f.purpose, source: f.source, sourceId: f.sourceId })
    .returning({ id: followUps.id });
  return row!.id;
}

/**
 * Which follow-ups of a range to read:
 * - all: every follow-up;
 * - notPresent: all but those marked present (who still need a reminder);
 * - absent: those marked absent;
 * - overdue: marked absent, or never marked and dated before `today`.
 */
export type FollowUpSelection = 'all' | 'notPresent' | 'absent' | 'overdue';

export async function followUpsBetween(
  db: DbOrTx,
  from: string,
  to: string,
  opts: { select?: FollowUpSelection; today?: string; limit: number },
): Promise<FollowUpView[]> {
  const select = opts.select ?? 'all';
  const extra =
    select === 'notPresent'
      ? or(isNull(followUps.present), ne(followUps.present, true))
      : select === 'absent'
        ? eq(followUps.present, false)
        : select === 'overdue'
          ? or(eq(followUps.present, false), and(isNull(followUps.present), lt(followUps.date, opts.today ?? from)))
          : undefined;
  return findFollowUps(db, from, to, { extra, limit: opts.limit });
}

/** The follow-ups scheduled on a day (attendance). */
export function followUpsOn(db: DbOrTx, date: string, limit = 1000): Promise<FollowUpView[]> {
  return findFollowUps(db, date, date, { limit });
}

/**
 * Records attendance for follow-ups of one day. Every id must be a follow-up
 * on that date, else nothing changes (400). Run inside a transaction.
 */
export async function markAttendance(
  db: DbOrTx,
  input: { date: string; presentIds: string[]; absentIds: string[]; markedBy: string },
): Promise<void> {
  const presentIds = [...new Set(input.presentIds)];
  const absentIds = [...new Set(input.absentIds)];
  const all = [...presentIds, ...absentIds];
  const found = new Set(await lockFollowUpsOn(db, input.date, all));
  const missing = all.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const errors: Record<string, string> = {};
    if (presentIds.some((id) => !found.has(id))) errors.presentIds = ATTENDANCE_NOT_SCHEDULED;
    if (absentIds.some((id) => !found.has(id))) errors.absentIds = ATTENDANCE_NOT_SCHEDULED;
    throw badRequest(ATTENDANCE_NOT_SCHEDULED, errors, { invalidIds: missing });
  }
  await setPresent(db, presentIds, true, input.markedBy);
  await setPresent(db, absentIds, false, input.markedBy);
}

export interface BirthdayInRange extends BirthdayPet {
  /** The day in the range on which the pet celebrates. */
  date: string;
}

/**
 * Pets whose birthday falls from `from` to `to` (29 February birthdays on
 * 28 February in non-leap years), by date and name.
 */
export async function birthdaysBetween(db: DbOrTx, from: string, to: string, limit: number): Promise<BirthdayInRange[]> {
  // A pet born on 28 Feb in the same year is filtered below, so ask for a few more than the limit.
  const pets = await findPetsBornOn(db, birthdayKeys(from, to), limit + 50);
  const out: BirthdayInRange[] = [];
  for (const p of pets) {
    const date = birthdayInRange(p.dob, from, to);
    if (date) out.push({ ...p, date });
  }
  out.sort((a, b) => a.date.localeCompare(b.date) || a.petName.localeCompare(b.petName) || a.petId.localeCompare(b.petId));
  return out.slice(0, limit);
}
