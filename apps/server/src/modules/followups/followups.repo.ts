import { and, asc, between, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { followUps, owners, pets } from '../../db/schema/index.ts';

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
  ownerPhone: string;
  ownerEmail: string | null;
}

const followUpColumns = {
  id: followUps.id,
  date: followUps.date,
  time: followUps.time,
  purpose: followUps.purpose,
  present: followUps.present,
  petId: pets.id,
  petName: pets.name,
  species: pets.species,
  ownerId: owners.id,
  ownerName: owners.name,
  ownerPhone: owners.phone,
  ownerEmail: owners.email,
};

/**
 * Follow-ups from `from` to `to` (inclusive) with pet and owner, by date,
 * time (untimed last) and pet name. `extra` narrows the rows further.
 */
export async function findFollowUps(
  db: DbOrTx,
  from: string,
  to: string,
  opts: { extra?: SQL; limit: number },
): Promise<FollowUpView[]> {
  return db
    .select(followUpColumns)
    .from(followUps)
    .innerJoin(pets, eq(pets.id, followUps.petId))
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(and(from === to ? eq(followUps.date, from) : between(followUps.date, from, to), opts.extra))
    .orderBy(asc(followUps.date), sql`${followUps.time} asc nulls last`, asc(pets.name), asc(followUps.id))
    .limit(opts.limit);
}

/** Ids among `ids` that are follow-ups on `date`, locked for update. */
export async function lockFollowUpsOn(db: DbOrTx, date: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.date, date), inArray(followUps.id, ids)))
    .for('update');
  return rows.map((r) => r.id);
}

export async function setPresent(db: DbOrTx, ids: string[], present: boolean, markedBy: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(followUps).set({ present, markedBy }).where(inArray(followUps.id, ids));
}

export interface BirthdayPet {
  petId: string;
  petName: string;
  species: string;
  dob: string;
  ownerId: string;
  ownerName: string;
  ownerPhone: string;
  ownerEmail: string | null;
}

/**
 * Pets born on any of the (month, day) pairs, using the
 * `extract(month/day from dob)` expression index.
 */
export async function findPetsBornOn(db: DbOrTx, keys: { month: number; day: number }[], limit: number): Promise<BirthdayPet[]> {
  if (keys.length === 0) return [];
  const match = or(
    ...keys.map(
      (k) => sql`(extract(month from ${pets.dob}) = ${k.month}::int and extract(day from ${pets.dob}) = ${k.day}::int)`,
    ),
  );
  const rows = await db
    .select({
      petId: pets.id,
      petName: pets.name,
      species: pets.species,
      dob: pets.dob,
      ownerId: owners.id,
      ownerName: owners.name,
      ownerPhone: owners.phone,
      ownerEmail: owners.email,
    })
    .from(pets)
    .innerJoin(owners, eq(owners.id, pets.ownerId))
    .where(and(isNotNull(pets.dob), match))
    .orderBy(asc(pets.name), asc(pets.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, dob: r.dob! }));
}
