import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardingPackageSubscriptions, packageCharges, packagePets } from '../../db/schema/index.ts';

/**
 * An owner's activated packages, their pets and the days charged. Owned by the packages module. The unique keys of
 * package_charges ((pet, day) and (pet, business date)) decide whether a day is charged: a claim that conflicts was
 * charged by another run.
 */

export type PackageRow = typeof boardingPackageSubscriptions.$inferSelect;
export type PackagePetRow = typeof packagePets.$inferSelect;
export type PackageChargeRow = typeof packageCharges.$inferSelect;
export type PackageStatusPatch = Partial<
  Pick<PackageRow, 'status' | 'endReason' | 'startedAt' | 'endedAt' | 'endedBy' | 'lowBalanceWarnedOn'>
>;

/** The partial unique index that keeps a pet on at most one live package. */
export const ONE_LIVE_PACKAGE_UQ = 'package_pets_one_live_uq';

export async function insertPackage(db: DbOrTx, values: typeof boardingPackageSubscriptions.$inferInsert): Promise<PackageRow> {
  const [row] = await db.insert(boardingPackageSubscriptions).values(values).returning();
  return row!;
}

/** One package; locked (FOR UPDATE) until the transaction ends when `lock`. */
export async function packageById(db: DbOrTx, id: string, lock = false): Promise<PackageRow | undefined> {
  const q = db.select().from(boardingPackageSubscriptions).where(eq(boardingPackageSubscriptions.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** An owner's packages, newest first, at most `limit`. */
export async function packagesOfOwner(db: DbOrTx, ownerId: string, limit: number): Promise<PackageRow[]> {
  return db
    .select()
    .from(boardingPackageSubscriptions)
    .where(eq(boardingPackageSubscriptions.ownerId, ownerId))
    .orderBy(desc(boardingPackageSubscriptions.createdAt), desc(boardingPackageSubscriptions.id))
    .limit(limit);
}

/** Active packages after `afterId` (by id), a page at a time: the daily job's scan. */
export async function activePackagesPage(db: DbOrTx, afterId: string | null, limit: number): Promise<PackageRow[]> {
  return db
    .select()
    .from(boardingPackageSubscriptions)
    .where(
      and(eq(boardingPackageSubscriptions.status, 'active'), afterId ? gt(boardingPackageSubscriptions.id, afterId) : undefined),
    )
    .orderBy(boardingPackageSubscriptions.id)
    .limit(limit);
}

/** Changes a package's status (and when, why, by whom); only while it is in one of `from`. Undefined otherwise. */
export async function setPackageStatus(
  db: DbOrTx,
  id: string,
  from: readonly PackageRow['status'][],
  patch: PackageStatusPatch,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(boardingPackageSubscriptions)
    .set(patch)
    .where(and(eq(boardingPackageSubscriptions.id, id), inArray(boardingPackageSubscriptions.status, [...from])))
    .returning();
  return row;
}

/** Records the day a 'Low Wallet Balance' warning went out; false when one already went out that day. */
export async function markLowBalanceWarned(db: DbOrTx, id: string, date: string): Promise<boolean> {
  const rows = await db
    .update(boardingPackageSubscriptions)
    .set({ lowBalanceWarnedOn: date })
    .where(
      and(
        eq(boardingPackageSubscriptions.id, id),
        or(isNull(boardingPackageSubscriptions.lowBalanceWarnedOn), ne(boardingPackageSubscriptions.lowBalanceWarnedOn, date)),
      ),
    )
    .returning({ id: boardingPackageSubscriptions.id });
  return rows.length > 0;
}

/* ───────────── pets ───────────── */

export async function insertPackagePets(db: DbOrTx, values: (typeof packagePets.$inferInsert)[]): Promise<PackagePetRow[]> {
  if (values.length === 0) return [];
  return db.insert(packagePets).values(values).returning();
}

/** The pets of these packages, in the order they were added. */
export async function petsOfPackages(db: DbOrTx, packageIds: readonly string[]): Promise<PackagePetRow[]> {
  if (packageIds.length === 0) return [];
  return db
    .select()
    .from(packagePets)
    .where(inArray(packagePets.packageSubscriptionId, [...new Set(packageIds)]))
    .orderBy(packagePets.addedAt, packagePets.id);
}

/** The pets of one package, locked (FOR UPDATE) until the transaction ends. */
export async function lockPetsOfPackage(db: DbOrTx, packageId: string): Promise<PackagePetRow[]> {
  return db
    .select()
    .from(packagePets)
    .where(eq(packagePets.packageSubscriptionId, packageId))
    .orderBy(packagePets.addedAt, packagePets.id)
    .for('update');
}

/** Which of these pets are on a live package (waiting or boarded). */
export async function livePackagePetsOf(db: DbOrTx, petIds: readonly string[]): Promise<PackagePetRow[]> {
  if (petIds.length === 0) return [];
  return db
    .select()
    .from(packagePets)
    .where(and(inArray(packagePets.petId, [...new Set(petIds)]), inArray(packagePets.status, ['waiting', 'boarded'])));
}

/**
 * The boarded package pet whose stay this boarding is, if any: found by the pet (the live-pet unique index), then
 * matched on the boarding.
 */
export async function boardedPetOfBoarding(db: DbOrTx, petId: string, boardingId: string): Promise<PackagePetRow | undefined> {
  const [row] = await db
    .select()
    .from(packagePets)
    .where(and(eq(packagePets.petId, petId), inArray(packagePets.status, ['waiting', 'boarded'])))
    .limit(1);
  return row?.status === 'boarded' && row.boardingId === boardingId ? row : undefined;
}

/** The package pet whose stay this boarding is, whatever its status now. */
export async function packagePetOfBoardingAnyState(db: DbOrTx, boardingId: string): Promise<{ pet: PackagePetRow } | undefined> {
  const [pet] = await db.select().from(packagePets).where(eq(packagePets.boardingId, boardingId)).limit(1);
  return pet && { pet };
}

/** The package pets of these stays, in any state (a stay is one package pet's). */
export async function packagePetsOfBoardingsAnyState(db: DbOrTx, boardingIds: readonly string[]): Promise<PackagePetRow[]> {
  if (boardingIds.length === 0) return [];
  return db
    .select()
    .from(packagePets)
    .where(inArray(packagePets.boardingId, [...boardingIds]));
}

/** A waiting pet is boarded: its stay and its day 1. */
export async function setPetBoarded(db: DbOrTx, id: string, boardingId: string, startDate: string): Promise<PackagePetRow> {
  const [row] = await db
    .update(packagePets)
    .set({ status: 'boarded', boardingId, startDate })
    .where(and(eq(packagePets.id, id), eq(packagePets.status, 'waiting')))
    .returning();
  return row!;
}

/** These live pets leave the package (removed, deboarded, the package ended or stopped): their share stops. */
export async function removePets(db: DbOrTx, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(packagePets)
    .set({ status: 'removed', removedAt: at })
    .where(and(inArray(packagePets.id, [...ids]), inArray(packagePets.status, ['waiting', 'boarded'])));
}

/** A day charged: days_charged reaches it (never goes back); the pet is done at the package's last day. */
export async function markDayCharged(db: DbOrTx, id: string, dayNumber: number, days: number): Promise<void> {
  await db
    .update(packagePets)
    .set({
      daysCharged: sql`greatest(${packagePets.daysCharged}, ${dayNumber}::int)`,
      status: sql`case when ${dayNumber}::int >= ${days}::int and ${packagePets.status} = 'boarded' then 'done' else ${packagePets.status} end`,
    })
    .where(eq(packagePets.id, id));
}

/* ───────────── charges ───────────── */

/**
 * Claims a pet's day: inserts its charge row unless that day (or that date) was charged already, which the unique
 * keys decide even when two runs race. Undefined when it was.
 */
export async function claimDay(db: DbOrTx, values: typeof packageCharges.$inferInsert): Promise<PackageChargeRow | undefined> {
  const [row] = await db.insert(packageCharges).values(values).onConflictDoNothing().returning();
  return row;
}

/** Everything charged per package (paise), by package id. */
export async function chargedByPackage(db: DbOrTx, packageIds: readonly string[]): Promise<Map<string, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await db
    .select({ id: packageCharges.packageSubscriptionId, total: sql<string>`sum(${packageCharges.amountPaise})` })
    .from(packageCharges)
    .where(inArray(packageCharges.packageSubscriptionId, [...new Set(packageIds)]))
    .groupBy(packageCharges.packageSubscriptionId);
  return new Map(rows.map((r) => [r.id, Number(r.total)]));
}

/** The charge rows of a package, oldest first (tests and the ledger's reconciliation read them). */
export async function chargesOfPackage(db: DbOrTx, packageId: string): Promise<PackageChargeRow[]> {
  return db
    .select()
    .from(packageCharges)
    .where(eq(packageCharges.packageSubscriptionId, packageId))
    .orderBy(packageCharges.businessDate, packageCharges.dayNumber, packageCharges.id);
}
