/**
 * Helpers of the boarding package tests (issue 16): owners with pets, wallet money put in through the ledger (a
 * completed payment on the owner's wallet account, as a top-up writes it), activating a package through the API,
 * running the daily job at the moved clock, and reading a package's rows.
 */
import { ledgerBalance, packageDayShare, toPaise } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll } from 'vitest';
import type { DbOrTx } from '../src/db/client.ts';
import {
  boardingPackageSubscriptions,
  boardingPackages,
  notifications,
  packageCharges,
  packagePets,
  payments,
  staffNotifications,
  visitTypes,
} from '../src/db/schema/index.ts';
import { DEFAULT_PACKAGE_ID } from '../src/db/seed/reference.ts';
import { lockLedger, recordPayment } from '../src/modules/payments/payments.service.ts';
import { chargePackageDays } from '../src/modules/sales/package-daily.service.ts';
import { makeOwner, makePet } from './factories.ts';
import type { TestApp } from './harness.ts';
import { useVisitTest } from './visit-kit.ts';

export { DEFAULT_PACKAGE_ID };

/** ₹11,500 over 15 days: a pet's day n. */
export const share = (n: number, pricePaise = 1_150_000, days = 15) => packageDayShare(pricePaise, days, n);
/** The sum of a pet's days from..to. */
export const shares = (from: number, to: number, pricePaise = 1_150_000, days = 15) => {
  let s = 0;
  for (let n = from; n <= to; n++) s += share(n, pricePaise, days);
  return s;
};

/** Noon in Gurugram on 1 Dec 2026: days never roll over while a test runs. */
export const NOON = new Date('2026-12-01T06:30:00Z');

let seq = 0;

/** Puts money in the owner's wallet through the ledger, as a cash top-up at the desk does. */
export async function topUp(t: TestApp, ownerId: string, paise: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await lockLedger(tx, [ownerId]);
    await recordPayment(tx, {
      ownerId,
      for: {},
      account: 'wallet',
      amountPaise: paise,
      method: 'cash',
      note: 'Wallet top-up (test)',
      tz: t.config.tz,
      now: t.clock.now(),
    });
  });
}

export async function walletPaise(db: DbOrTx, ownerId: string): Promise<number> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), eq(payments.account, 'wallet')));
  return ledgerBalance(rows).paidPaise;
}

/** Every ledger row of a package (its daily charges and the allocations into it), oldest first. */
export function packageLedger(db: DbOrTx, packageId: string) {
  return db.select().from(payments).where(eq(payments.packageId, packageId)).orderBy(payments.createdAt, payments.id);
}

export async function packageRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(boardingPackageSubscriptions).where(eq(boardingPackageSubscriptions.id, id));
  return row!;
}

export function petRows(db: DbOrTx, packageId: string) {
  return db.select().from(packagePets).where(eq(packagePets.packageSubscriptionId, packageId)).orderBy(packagePets.addedAt);
}

export function chargeRows(db: DbOrTx, packageId: string) {
  return db
    .select()
    .from(packageCharges)
    .where(eq(packageCharges.packageSubscriptionId, packageId))
    .orderBy(packageCharges.businessDate, packageCharges.packagePetId);
}

/** The owner's emails of a kind (package_stopped, package_low_balance), oldest first. */
export function emailsOf(db: DbOrTx, ownerId: string, kind: string) {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ownerId, ownerId), eq(notifications.kind, kind)))
    .orderBy(notifications.createdAt, notifications.id);
}

export function staffNoticesOf(db: DbOrTx, ownerId: string, kind: string) {
  return db
    .select()
    .from(staffNotifications)
    .where(and(eq(staffNotifications.ownerId, ownerId), eq(staffNotifications.kind, kind)));
}

/**
 * A package test file's app (capacities lifted so a file may board many pets, the clock at noon), a staff, admin and
 * customer account, and the helpers.
 */
export function usePackageTest() {
  const v = useVisitTest();
  const { t, staff, db, post } = v;
  let adminToken = '';
  beforeAll(async () => {
    await db().update(visitTypes).set({ capacity: null });
    adminToken = (await t.user('staff', { isAdmin: true })).token;
  });
  afterEach(() => t.clock.set(null));

  /** An owner (with an email) and `n` dogs that meet the admission rule. */
  async function family(n = 1, o: { userId?: string; email?: string } = {}) {
    const owner = await makeOwner(db(), {
      name: `Owner ${++seq}`,
      email: o.email ?? `pkg${seq}.${Date.now()}@example.in`,
      userId: o.userId,
    });
    const pets = [];
    for (let i = 0; i < n; i++)
      pets.push(await makePet(db(), { ownerId: owner.id, name: `Pet${seq}${String.fromCharCode(65 + i)}` }));
    return { owner, pets, petIds: pets.map((p) => p.id) };
  }

  /** A customer account with its own owner record and pets. */
  async function customerFamily(n = 1) {
    const user = await t.user('customer');
    const f = await family(n, { userId: user.id, email: user.email });
    return { ...f, user };
  }

  /** A new offer of its own (so a test may retire or change it); price in paise. */
  async function offer(o: Partial<typeof boardingPackages.$inferInsert> = {}) {
    const hostel = v.types.hostel!;
    const [row] = await db()
      .insert(boardingPackages)
      .values({ name: `Test Package ${++seq}`, visitTypeId: hostel.id, days: 15, pricePaise: 1_150_000, ...o })
      .returning();
    return row!;
  }

  const activate = (body: object, token = staff.token) => post('/packages/activate', body, token);

  /** Activates `packageId` (the default package) for the family's pets at the desk; the answer's package. */
  async function activated(f: { owner: { id: string }; petIds: string[] }, packageId = DEFAULT_PACKAGE_ID) {
    const res = await activate({ ownerId: f.owner.id, packageId, petIds: f.petIds });
    if (res.statusCode !== 201) throw new Error(`activate: ${res.statusCode} ${res.body}`);
    return res.json().package as { _id: string; pets: { _id: string; petId: string; boardingId: string }[] } & Record<
      string,
      any
    >;
  }

  /** Runs the daily job as the scheduler does, at the app's clock. */
  const runJob = () => chargePackageDays(t.app.appContext);

  return {
    ...v,
    adminToken: () => adminToken,
    family,
    customerFamily,
    offer,
    activate,
    activated,
    runJob,
    toPaise,
    seq: () => ++seq,
  };
}
