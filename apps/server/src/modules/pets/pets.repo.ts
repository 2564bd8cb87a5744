import { escapeLike } from '@pawdesk/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { owners, pets, vaccinations } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { afterCursor, type Cursor } from '../../lib/cursor.ts';
import { announcePetChange } from './pet-changes.ts';

export type OwnerRow = typeof owners.$inferSelect;
export type VaccinationRow = typeof vaccinations.$inferSelect;

export interface PetOwnerRow {
  id: string;
  name: string;
  species: string;
  breed: string;
  customBreed: string | null;
  sex: string;
  color: string;
  dob: string | null;
  neutered: boolean;
  registrationDate: string;
  segment: string | null;
  /** The content hash of the pet's photo (issue 20), null when it has none. */
  photoHash: string | null;
  /** ISO 8601 instant (UTC, milliseconds). */
  createdAt: string;
  /** created_at at full precision, for the paging cursor. */
  cursorTs: string;
  ownerId: string;
  ownerName: string;
  /** Null for an imported owner without a phone (issue 21). */
  ownerPhone: string | null;
  ownerEmail: string | null;
  ownerAddress: string;
  ownerUserId: string | null;
}

/**
 * The columns of a pet with its owner. Dates and instants are formatted in
 * SQL, so both drivers (PGlite, node-postgres) hand back the same strings and
 * nothing is re-parsed per row: the lists are the hottest reads of the app.
 */
const PET_COLUMNS = sql.raw(`
  "pets"."id", "pets"."name", "pets"."species", "pets"."breed", "pets"."custom_breed" as "customBreed",
  "pets"."sex", "pets"."color", to_char("pets"."dob", 'YYYY-MM-DD') as "dob", "pets"."neutered",
  to_char("pets"."registration_date", 'YYYY-MM-DD') as "registrationDate", "pets"."segment", "pets"."photo_hash" as "photoHash",
  to_char("pets"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char("pets"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "cursorTs",
  "owners"."id" as "ownerId", "owners"."name" as "ownerName", "owners"."phone" as "ownerPhone",
  "owners"."email" as "ownerEmail", "owners"."address" as "ownerAddress", "owners"."user_id" as "ownerUserId"`);
const NEWEST_FIRST = sql.raw('"pets"."created_at" desc nulls last, "pets"."id" desc nulls last');

async function rows(db: DbOrTx, query: SQL): Promise<PetOwnerRow[]> {
  const res = (await db.execute(query)) as unknown as { rows: PetOwnerRow[] };
  return res.rows;
}

/**
 * Pets with owners, newest first, after `cursor`; fetches `limit + 1` rows so
 * the caller can tell whether another page exists.
 *
 * `petWhere` may only name pets columns: then the page of pets is picked
 * first (served by pets_created_idx or pets_name_trgm_idx) and only those
 * rows are joined to their owners. `ownerWhere` names owners columns and is
 * applied on the join.
 */
export async function findPets(
  db: DbOrTx,
  opts: { petWhere?: SQL; ownerWhere?: SQL; cursor?: Cursor; limit: number },
): Promise<PetOwnerRow[]> {
  const conds: SQL[] = [];
  if (opts.petWhere) conds.push(opts.petWhere);
  if (opts.cursor) conds.push(afterCursor(pets.createdAt, pets.id, opts.cursor));
  const limit = opts.limit + 1;
  if (!opts.ownerWhere) {
    const where = conds.length ? sql`where ${and(...conds)}` : sql``;
    return rows(
      db,
      sql`select ${PET_COLUMNS}
          from (select * from "pets" ${where} order by ${NEWEST_FIRST} limit ${limit}) as "pets"
          join "owners" on "owners"."id" = "pets"."owner_id"
          order by ${NEWEST_FIRST}`,
    );
  }
  conds.push(opts.ownerWhere);
  return rows(
    db,
    sql`select ${PET_COLUMNS}
        from "pets" join "owners" on "owners"."id" = "pets"."owner_id"
        where ${and(...conds)}
        order by ${NEWEST_FIRST} limit ${limit}`,
  );
}

export async function findPetById(db: DbOrTx, id: string): Promise<PetOwnerRow | undefined> {
  const [row] = await rows(
    db,
    sql`select ${PET_COLUMNS} from "pets" join "owners" on "owners"."id" = "pets"."owner_id" where "pets"."id" = ${id}`,
  );
  return row;
}

/** Ids of the owners whose phone starts with `prefix` (owners_phone_prefix_idx), at most `max`. */
export async function ownerIdsByPhonePrefix(db: DbOrTx, prefix: string, max: number): Promise<string[]> {
  const found = await db
    .select({ id: owners.id })
    .from(owners)
    .where(sql`${owners.phone} like ${`${prefix}%`}`)
    .limit(max);
  return found.map((r) => r.id);
}

/** Name contains `needle` (already lower-cased and LIKE-escaped): `lower(name) like '%x%'`, served by pets_name_trgm_idx. */
export const nameContains = (needle: string): SQL => sql`lower(${pets.name}) like ${`%${needle}%`}`;

/** The pet belongs to one of these owners: one array parameter, however many ids (pets_owner_idx or a hashed filter). */
export const ofOwners = (ids: string[]): SQL => sql`${pets.ownerId} = any(${sql.param(ids)}::varchar[])`;

/** Owner phone starts with `prefix` (digits only): served by owners_phone_prefix_idx (varchar_pattern_ops). */
export const phoneStartsWith = (prefix: string): SQL => sql`${owners.phone} like ${`${prefix}%`}`;

export const ofSpecies = (species: string): SQL => eq(pets.species, species);
/**
 * The breed filter's breed: that name, or that name with a qualifier in brackets, so the filter's 'Poodle' finds
 * the add form's 'Poodle (Toy, Miniature, Standard)'. LIKE wildcards in the name match themselves.
 */
export const ofBreed = (breed: string): SQL => sql`(${pets.breed} = ${breed} or ${pets.breed} like ${`${escapeLike(breed)} (%`})`;
export const registeredOn = (date: string): SQL => eq(pets.registrationDate, date);
export const ownedByUser = (userId: string): SQL => eq(owners.userId, userId);

export async function vaccinationsOf(db: DbOrTx, petIds: string[]): Promise<VaccinationRow[]> {
  if (petIds.length === 0) return [];
  return db
    .select()
    .from(vaccinations)
    .where(inArray(vaccinations.petId, petIds))
    .orderBy(asc(vaccinations.createdAt), sql`${vaccinations.givenOn} asc nulls last`, asc(vaccinations.name));
}

export type VaccinationValues = Pick<VaccinationRow, 'name' | 'numberOfDose' | 'givenOn' | 'nextDue'> & {
  serialNo?: string | null;
};

/** Changes a pet's vaccination list in place: rows updated, inserted and deleted (all of this pet's). */
export async function applyVaccinationChanges(
  db: DbOrTx,
  petId: string,
  c: { update: { id: string; values: VaccinationValues }[]; insert: VaccinationValues[]; remove: string[] },
): Promise<void> {
  if (c.remove.length) {
    await db.delete(vaccinations).where(and(eq(vaccinations.petId, petId), inArray(vaccinations.id, c.remove)));
  }
  for (const u of c.update) {
    await db
      .update(vaccinations)
      .set(u.values)
      .where(and(eq(vaccinations.petId, petId), eq(vaccinations.id, u.id)));
  }
  if (c.insert.length) await db.insert(vaccinations).values(c.insert.map((v) => ({ petId, ...v })));
}

export async function findOwnerById(db: DbOrTx, id: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.id, id));
  return row;
}

export async function findOwnerByPhone(db: DbOrTx, phone: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.phone, phone));
  return row;
}

export async function findOwnerByUser(db: DbOrTx, userId: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.userId, userId));
  return row;
}

/**
 * Serialises the transactions that create or change the owner record linked to
 * one account: a transaction-level advisory lock keyed on the user id, held
 * until commit or rollback. Under READ COMMITTED every later statement of the
 * waiting transaction sees what the first one committed.
 */
export async function lockOwnerOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pawdesk:owner-of-user:${userId}`}, 0))`);
}

/** Inserts the owner unless one with this phone exists; returns the owner's id and whether it existed. */
export async function upsertOwnerByPhone(
  db: DbOrTx,
  o: { name: string; phone: string; email: string | null; address: string },
): Promise<{ id: string; existed: boolean }> {
  const [inserted] = await db.insert(owners).values(o).onConflictDoNothing({ target: owners.phone }).returning({ id: owners.id });
  if (inserted) return { id: inserted.id, existed: false };
  const existing = await findOwnerByPhone(db, o.phone);
  if (!existing) throw new Error('owner vanished between insert and select');
  return { id: existing.id, existed: true };
}

export async function insertOwner(db: DbOrTx, values: typeof owners.$inferInsert): Promise<OwnerRow> {
  const [row] = await db.insert(owners).values(values).returning();
  return row!;
}

export async function updateOwner(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<OwnerRow, 'name' | 'phone' | 'email' | 'address'>>,
): Promise<boolean> {
  const rows = await db.update(owners).set(values).where(eq(owners.id, id)).returning({ id: owners.id });
  if (rows.length > 0 && (values.name !== undefined || values.phone !== undefined))
    await announcePetChange(db, { kind: 'owner', ownerId: id, name: values.name, phone: values.phone });
  return rows.length > 0;
}

export interface NewPet {
  name: string;
  species: string;
  breed: string;
  customBreed: string | null;
  sex: 'Male' | 'Female';
  color: string;
  dob: string;
  neutered: boolean;
  registrationDate: string;
  segment?: string | null;
  vaccinations: {
    name: string;
    numberOfDose: number | null;
    givenOn: string | null;
    nextDue: string | null;
    serialNo?: string | null;
  }[];
}

/** Inserts pets of one owner with their vaccinations; returns the new ids in input order. */
export async function insertPets(db: DbOrTx, ownerId: string, list: NewPet[], createdBy: string | null): Promise<string[]> {
  if (list.length === 0) return [];
  // Ids made here, so vaccinations pair with their pet whatever order RETURNING would give.
  const ids = list.map(() => newId());
  await db.insert(pets).values(
    list.map((p, i) => ({
      id: ids[i]!,
      ownerId,
      name: p.name,
      species: p.species,
      breed: p.breed,
      customBreed: p.customBreed,
      sex: p.sex,
      color: p.color,
      dob: p.dob,
      neutered: p.neutered,
      registrationDate: p.registrationDate,
      segment: p.segment ?? null,
      createdBy,
    })),
  );
  const vacc = list.flatMap((p, i) => p.vaccinations.map((v) => ({ petId: ids[i]!, ...v })));
  if (vacc.length) await db.insert(vaccinations).values(vacc);
  return ids;
}

export async function updatePet(
  db: DbOrTx,
  id: string,
  values: Pick<
    typeof pets.$inferInsert,
    'name' | 'species' | 'breed' | 'customBreed' | 'sex' | 'color' | 'dob' | 'neutered' | 'registrationDate'
  >,
): Promise<boolean> {
  const rows = await db.update(pets).set(values).where(eq(pets.id, id)).returning({ id: pets.id });
  if (rows.length > 0) await announcePetChange(db, { kind: 'pet', petId: id, name: values.name });
  return rows.length > 0;
}

/** The species of a pet and the account its owner is linked to (for permission checks). */
export async function petOwnership(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; species: string; ownerUserId: string | null } | undefined> {
  const [row] = await db
    .select({ id: pets.id, species: pets.species, ownerUserId: owners.userId })
    .from(pets)
    .innerJoin(owners, eq(pets.ownerId, owners.id))
    .where(eq(pets.id, id));
  return row;
}

export interface PetPhotoRow {
  id: string;
  photoHash: string | null;
  ownerId: string;
  ownerUserId: string | null;
}

/**
 * A pet's photo, its owner and the account the owner is linked to; `lock` takes the pet's row lock, so two uploads to
 * one pet at once replace the photo one after the other (each deletes the photo it replaced, none is left behind).
 */
export async function findPetPhoto(db: DbOrTx, id: string, lock = false): Promise<PetPhotoRow | undefined> {
  const res = (await db.execute(
    sql`select "pets"."id", "pets"."photo_hash" as "photoHash", "owners"."id" as "ownerId", "owners"."user_id" as "ownerUserId"
        from "pets" join "owners" on "owners"."id" = "pets"."owner_id"
        where "pets"."id" = ${id} ${lock ? sql`for update of "pets"` : sql``}`,
  )) as unknown as { rows: PetPhotoRow[] };
  return res.rows[0];
}

export async function setPetPhotoHash(db: DbOrTx, id: string, hash: string | null): Promise<void> {
  await db.update(pets).set({ photoHash: hash }).where(eq(pets.id, id));
}
