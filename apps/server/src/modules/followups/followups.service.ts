import { ATTENDANCE_NOT_SCHEDULED, birthdayInRange, birthdayKeys } from '@pawdesk/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { type PetWithOwner, petsBornOn, petsWithOwnersByIds } from '../pets/pet-lookups.service.ts';
import {
  type FollowUpRow,
  type FollowUpSelection,
  findFollowUps,
  findFollowUpsAt,
  insertFollowUp,
  lockFollowUpsOn,
  selectionWhere,
  setPresent,
} from './followups.repo.ts';

export type { FollowUpSelection } from './followups.repo.ts';

/** A follow-up with what attendance and reminders show of its pet and owner. */
export interface FollowUpView {
  id: string;
  date: string;
  time: string | null;
  purpose: string;
  present: boolean | null;
  petId: string;
  petName: string;
  species: string;
  ownerId: string;
  ownerName: string;
  /** Null for an imported owner without a phone (issue 21). */
  ownerPhone: string | null;
  ownerEmail: string | null;
}

export interface BirthdayPet {
  petId: string;
  petName: string;
  species: string;
  dob: string;
  ownerId: string;
  ownerName: string;
  /** Null for an imported owner without a phone (issue 21). */
  ownerPhone: string | null;
  ownerEmail: string | null;
}

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
export function scheduleFollowUp(db: DbOrTx, f: NewFollowUp): Promise<string> {
  return insertFollowUp(db, {
    petId: f.petId,
    date: f.date,
    time: f.time,
    purpose: f.purpose,
    source: f.source,
    sourceId: f.sourceId,
  });
}

const petFields = (p: PetWithOwner) => ({
  petId: p.id,
  petName: p.name,
  species: p.species,
  ownerId: p.owner.id,
  ownerName: p.owner.name,
  ownerPhone: p.owner.phone,
  ownerEmail: p.owner.email,
});

/** Date, time (untimed last), pet name, id. */
function byDateTimeName(a: FollowUpView, b: FollowUpView): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.time !== b.time) return a.time === null ? 1 : b.time === null ? -1 : a.time < b.time ? -1 : 1;
  return a.petName.localeCompare(b.petName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Follow-ups of a range with their pets and owners, by date, time (untimed
 * last) and pet name, at most `limit`. The follow-ups are read by date, time
 * and id; when the limit cuts a date-and-time group, that whole group is read
 * so the pet-name order decides which rows make the cut. Pets and owners come
 * from the pets module in one batched lookup.
 */
async function followUpsWithPets(db: DbOrTx, from: string, to: string, extra: SQL | undefined, limit: number) {
  let rows: FollowUpRow[] = await findFollowUps(db, from, to, { extra, limit });
  const last = rows.at(-1);
  if (last && rows.length === limit) {
    const sameSlot = (r: FollowUpRow) => r.date === last.date && r.time === last.time;
    rows = [...rows.filter((r) => !sameSlot(r)), ...(await findFollowUpsAt(db, last.date, last.time, extra))];
  }
  const pets = await petsWithOwnersByIds(
    db,
    rows.map((r) => r.petId),
  );
  const views: FollowUpView[] = [];
  for (const r of rows) {
    const pet = pets.get(r.petId);
    if (pet) views.push({ id: r.id, date: r.date, time: r.time, purpose: r.purpose, present: r.present, ...petFields(pet) });
  }
  return views.sort(byDateTimeName).slice(0, limit);
}

export function followUpsBetween(
  db: DbOrTx,
  from: string,
  to: string,
  opts: { select?: FollowUpSelection; today?: string; limit: number },
): Promise<FollowUpView[]> {
  return followUpsWithPets(db, from, to, selectionWhere(opts.select ?? 'all', opts.today ?? from), opts.limit);
}

/** The follow-ups scheduled on a day (attendance). */
export function followUpsOn(db: DbOrTx, date: string, limit = 1000): Promise<FollowUpView[]> {
  return followUpsWithPets(db, date, date, undefined, limit);
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
  const pets = await petsBornOn(db, birthdayKeys(from, to), limit + 50);
  const out: BirthdayInRange[] = [];
  for (const p of pets) {
    const date = p.dob ? birthdayInRange(p.dob, from, to) : null;
    if (date) out.push({ ...petFields(p), dob: p.dob!, date });
  }
  out.sort((a, b) => a.date.localeCompare(b.date) || a.petName.localeCompare(b.petName) || a.petId.localeCompare(b.petId));
  return out.slice(0, limit);
}
