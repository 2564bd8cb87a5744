import type { ReservationStatus } from '@pawdesk/shared';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reservationPets, reservations } from '../../db/schema/index.ts';

/** Reads and writes of reservations and their pets (module `reservations` owns both tables). */

export type ReservationRow = typeof reservations.$inferSelect;
export type NewReservationRow = typeof reservations.$inferInsert;
export type ReservationPetRow = typeof reservationPets.$inferSelect;
export type ReservationPatch = Partial<Omit<NewReservationRow, 'id' | 'ownerId' | 'visitTypeId' | 'createdAt'>>;

export async function insertReservation(tx: DbOrTx, values: NewReservationRow): Promise<ReservationRow> {
  const [row] = await tx.insert(reservations).values(values).returning();
  return row!;
}

export async function insertReservationPets(tx: DbOrTx, reservationId: string, petIds: readonly string[]): Promise<void> {
  await tx.insert(reservationPets).values(petIds.map((petId) => ({ reservationId, petId })));
}

/** The reservation, locked (FOR UPDATE) until the transaction ends when `lock`. */
export async function reservationById(db: DbOrTx, id: string, lock = false): Promise<ReservationRow | undefined> {
  const q = db.select().from(reservations).where(eq(reservations.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Moves a reservation from one of `from` to its next state; undefined when it is no longer in one of them. */
/** The reservations of these ids (those that exist), in one query. */
export async function reservationsByIds(db: DbOrTx, ids: readonly string[]): Promise<ReservationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reservations)
    .where(inArray(reservations.id, [...new Set(ids)]));
}

export async function updateReservation(
  tx: DbOrTx,
  id: string,
  from: readonly ReservationStatus[],
  patch: ReservationPatch,
): Promise<ReservationRow | undefined> {
  const [row] = await tx
    .update(reservations)
    .set(patch)
    .where(and(eq(reservations.id, id), inArray(reservations.status, [...from])))
    .returning();
  return row;
}

export async function petsOfReservations(db: DbOrTx, ids: readonly string[]): Promise<ReservationPetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(reservationPets)
    .where(inArray(reservationPets.reservationId, [...ids]))
    .orderBy(reservationPets.createdAt, reservationPets.id);
}

/** The stay (boarding) and visit a pet's check-in created. */
export async function setPetStay(tx: DbOrTx, id: string, stay: { boardingId: string; visitId: string }): Promise<void> {
  await tx.update(reservationPets).set(stay).where(eq(reservationPets.id, id));
}

/** The reservation pet whose stay this boarding is. */
export async function petOfBoarding(db: DbOrTx, boardingId: string): Promise<ReservationPetRow | undefined> {
  const [row] = await db.select().from(reservationPets).where(eq(reservationPets.boardingId, boardingId)).limit(1);
  return row;
}

/** Reservations covering any day of from..to (the calendar), by check-in; at most `limit`. */
export async function reservationsOverlapping(
  db: DbOrTx,
  q: { from: string; to: string; visitTypeId?: string; status?: ReservationStatus; limit: number },
): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        lte(reservations.firstDay, q.to),
        gte(reservations.lastDay, q.from),
        q.visitTypeId ? eq(reservations.visitTypeId, q.visitTypeId) : undefined,
        q.status ? eq(reservations.status, q.status) : undefined,
      ),
    )
    .orderBy(asc(reservations.checkIn), asc(reservations.id))
    .limit(q.limit);
}

/** Reservations checking in on a day (index reservations_first_day_idx), in the statuses given. */
export async function arrivingOn(
  db: DbOrTx,
  day: string,
  statuses: readonly ReservationStatus[],
  limit: number,
): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.firstDay, day), inArray(reservations.status, [...statuses])))
    .orderBy(asc(reservations.checkIn), asc(reservations.id))
    .limit(limit);
}

/** Reservations checking out on a day (index reservations_last_day_idx), in the statuses given. */
export async function leavingOn(
  db: DbOrTx,
  day: string,
  statuses: readonly ReservationStatus[],
  limit: number,
): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.lastDay, day), inArray(reservations.status, [...statuses])))
    .orderBy(asc(reservations.checkOut), asc(reservations.id))
    .limit(limit);
}

/** Today board: reservations checking in on a day, counted by status. */
export async function arrivalsCount(db: DbOrTx, day: string): Promise<{ expected: number; checkedIn: number }> {
  const [row] = await db
    .select({
      expected: sql<number>`(count(*) filter (where ${reservations.status} = 'confirmed'))::int`,
      checkedIn: sql<number>`(count(*) filter (where ${reservations.status} in ('checked_in','checked_out')))::int`,
    })
    .from(reservations)
    .where(eq(reservations.firstDay, day));
  return { expected: Number(row?.expected ?? 0), checkedIn: Number(row?.checkedIn ?? 0) };
}

/**
 * Places confirmed reservations hold per type and day within first..last (the capacity rule and the occupancy grid):
 * each confirmed reservation takes `pet_count` places on every business day it covers.
 */
export async function heldPerDay(
  db: DbOrTx,
  q: { visitTypeIds: readonly string[]; firstDay: string; lastDay: string },
): Promise<{ visitTypeId: string; day: string; n: number }[]> {
  if (q.visitTypeIds.length === 0) return [];
  const query = sql`
    select r.visit_type_id as "visitTypeId", d.day::date::text as "day", sum(r.pet_count)::int as "n"
    from ${reservations} r
    cross join lateral generate_series(
      greatest(r.first_day, ${q.firstDay}::date)::timestamp,
      least(r.last_day, ${q.lastDay}::date)::timestamp,
      interval '1 day'
    ) as d(day)
    where r.visit_type_id in (${sql.join(
      q.visitTypeIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and r.status = 'confirmed'
      and r.first_day <= ${q.lastDay}::date
      and r.last_day >= ${q.firstDay}::date
    group by 1, 2`;
  return ((await db.execute(query)) as unknown as { rows: { visitTypeId: string; day: string; n: number }[] }).rows.map((r) => ({
    ...r,
    n: Number(r.n),
  }));
}

/** The waitlist of a type, in order (index reservations_waitlist_idx): bookings whose check-in day is not past. */
export async function waitlistOf(db: DbOrTx, visitTypeId: string, today: string, limit: number): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(
      and(eq(reservations.visitTypeId, visitTypeId), eq(reservations.status, 'waitlisted'), gte(reservations.firstDay, today)),
    )
    .orderBy(asc(reservations.waitlistedAt), asc(reservations.id))
    .limit(limit);
}

/** Marks that staff were told a place freed for this waiting booking; false when it already was (once per booking). */
export async function markWaitlistNotified(tx: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ waitlistNotifiedAt: now })
    .where(and(eq(reservations.id, id), eq(reservations.status, 'waitlisted'), isNull(reservations.waitlistNotifiedAt)))
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/** Confirmed reservations checking in on `day` whose reminder was not sent yet. */
export async function remindersDue(db: DbOrTx, day: string, limit: number): Promise<ReservationRow[]> {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.firstDay, day), eq(reservations.status, 'confirmed'), isNull(reservations.reminderSentOn)))
    .orderBy(asc(reservations.id))
    .limit(limit);
}

/** Marks the reminder sent on `today`; false when another run got there first. */
export async function markReminded(tx: DbOrTx, id: string, today: string): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ reminderSentOn: today })
    .where(and(eq(reservations.id, id), isNull(reservations.reminderSentOn)))
    .returning({ id: reservations.id });
  return rows.length > 0;
}

/** The reservation pets whose stays these boardings are. */
export async function petsOfBoardings(db: DbOrTx, boardingIds: readonly string[]): Promise<ReservationPetRow[]> {
  if (boardingIds.length === 0) return [];
  return db
    .select()
    .from(reservationPets)
    .where(inArray(reservationPets.boardingId, [...boardingIds]));
}
