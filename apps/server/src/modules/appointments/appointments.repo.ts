import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments } from '../../db/schema/index.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;
export type AppointmentPatch = Partial<Omit<NewAppointmentRow, 'id' | 'customerId' | 'ownerId' | 'createdAt'>>;

export async function insertAppointment(tx: DbOrTx, values: NewAppointmentRow): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

export async function appointmentById(db: DbOrTx, id: string, lock = false): Promise<AppointmentRow | undefined> {
  const q = db.select().from(appointments).where(eq(appointments.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Updates an appointment only while it is in one of `from` (a guarded transition); undefined when it moved on. */
export async function updateAppointment(
  tx: DbOrTx,
  id: string,
  from: readonly AppointmentRow['status'][],
  patch: AppointmentPatch,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .update(appointments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(appointments.id, id), inArray(appointments.status, [...from])))
    .returning();
  return row;
}

/** A customer's appointments, the latest date first. */
export function appointmentsOfCustomer(db: DbOrTx, customerId: string, limit: number): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.customerId, customerId))
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime), desc(appointments.id))
    .limit(limit);
}

/** The appointments of a business day by time (stays: those starting that day). */
export function appointmentsOn(db: DbOrTx, date: string, limit: number): Promise<AppointmentRow[]> {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.appointmentDate, date))
    .orderBy(asc(appointments.appointmentTime), asc(appointments.createdAt), asc(appointments.id))
    .limit(limit);
}

/** Places taken per time of a day for one service (slot appointments not cancelled). */
export async function takenPerTime(db: DbOrTx, visitTypeId: string, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ time: appointments.appointmentTime, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.visitTypeId, visitTypeId),
        eq(appointments.appointmentDate, date),
        eq(appointments.kind, 'slot'),
        ne(appointments.status, 'cancelled'),
      ),
    )
    .groupBy(appointments.appointmentTime);
  return new Map(rows.map((r) => [r.time, Number(r.n)]));
}

/** Pickups booked per time of a day (any service, not cancelled). */
export async function pickupsPerTime(db: DbOrTx, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ time: appointments.appointmentTime, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.appointmentDate, date),
        ne(appointments.status, 'cancelled'),
        sql`${appointments.pickupAddress} is not null`,
      ),
    )
    .groupBy(appointments.appointmentTime);
  return new Map(rows.map((r) => [r.time, Number(r.n)]));
}

/**
 * Serialises the bookings that compete for the same places until the transaction ends: one lock per service and
 * day (the slot's places), one per day for the pickup vehicle. Taken after the owner's ledger lock, service before
 * vehicle (the one order).
 */
export async function lockSlotDay(tx: DbOrTx, visitTypeId: string, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`appointments:slot:${visitTypeId}:${date}`}, 0))`);
}
export async function lockPickupDay(tx: DbOrTx, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`appointments:pickup:${date}`}, 0))`);
}

/** The appointment a reservation was booked through, if any. */
export async function appointmentOfReservation(db: DbOrTx, reservationId: string): Promise<AppointmentRow | undefined> {
  const [row] = await db.select().from(appointments).where(eq(appointments.reservationId, reservationId));
  return row;
}
