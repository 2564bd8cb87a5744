import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import {
  notifications,
  payments,
  pets,
  providerEvents,
  receiptCounters,
  staffNotifications,
  visits,
  visitTypes,
} from '../src/db/schema/index.ts';
import { type LedgerRow, postCharge, recordPayment } from '../src/modules/payments/payments.service.ts';
import { makeOwner, makePet } from './factories.ts';

/**
 * Something to pay for, as a visit save leaves it (spec 001 §4): a visit with its charge on the ledger and,
 * when asked, the pending card or payment-link payment the save records. Inserted directly, so the payment
 * tests do not depend on the visit endpoints.
 */
export async function visitToPay(
  db: DbOrTx,
  opts: {
    pricePaise: number;
    pending?: { method: 'card' | 'payment_link'; amountPaise?: number };
    ownerEmail?: string | null;
  },
) {
  const owner = await makeOwner(db, { email: opts.ownerEmail === undefined ? 'owner@example.com' : opts.ownerEmail });
  const pet = await makePet(db, { ownerId: owner.id, name: 'Rocky' });
  const [type] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'dog_park')).limit(1);
  const [visit] = await db
    .insert(visits)
    .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise: opts.pricePaise })
    .returning();
  const base = { ownerId: owner.id, petId: pet.id, for: { visitId: visit!.id }, tz: 'Asia/Kolkata', now: new Date() };
  await postCharge(db, { ...base, amountPaise: opts.pricePaise });
  let pending: LedgerRow | null = null;
  if (opts.pending) {
    pending = await recordPayment(db, {
      ...base,
      amountPaise: opts.pending.amountPaise ?? opts.pricePaise,
      method: opts.pending.method,
      status: 'pending',
    });
  }
  return { owner, pet, visit: visit!, pending };
}

/** Cash taken at the desk for a visit (completed, with a receipt). */
export async function payCash(db: DbOrTx, petId: string, visitId: string, amountPaise: number) {
  const [pet] = await db.select({ ownerId: pets.ownerId }).from(pets).where(eq(pets.id, petId));
  return (await recordPayment(db, {
    ownerId: pet!.ownerId,
    petId,
    for: { visitId },
    amountPaise,
    method: 'cash',
    tz: 'Asia/Kolkata',
    now: new Date(),
  }))!;
}

/** The ledger's payments of a visit (any status), oldest first. */
export async function paymentsOf(db: DbOrTx, visitId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.visitId, visitId), eq(payments.kind, 'payment')))
    .orderBy(payments.createdAt, payments.id);
}

export async function rowCount(db: DbOrTx, table: 'payments' | 'offline_payments' | 'offline_orders' | 'notifications') {
  const r = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

/** The last receipt sequence given in the financial year, 0 before any. */
export async function lastReceiptSeq(db: DbOrTx, financialYear: string): Promise<number> {
  const [row] = await db.select().from(receiptCounters).where(eq(receiptCounters.financialYear, financialYear));
  return row?.lastSeq ?? 0;
}

export async function emailsAbout(db: DbOrTx, paymentId: string) {
  return db.select().from(notifications).where(sql`${notifications.meta}->>'paymentId' = ${paymentId}`);
}

/** One ledger row by id. */
export async function ledgerRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** Every ledger row of an owner (all accounts), oldest first. */
export async function ownerRows(db: DbOrTx, ownerId: string) {
  return db.select().from(payments).where(eq(payments.ownerId, ownerId)).orderBy(payments.createdAt, payments.id);
}

/** Staff notifications that name this ledger row. */
export async function staffNoticesAbout(db: DbOrTx, paymentId: string) {
  return db.select().from(staffNotifications).where(sql`${staffNotifications.refs}->>'paymentId' = ${paymentId}`);
}

/** The provider events kept under an event id. */
export async function providerEventsOf(db: DbOrTx, eventId: string) {
  return db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId));
}
