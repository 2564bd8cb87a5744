/**
 * Two app instances on one database running the daily package job at the same moment (issue 16): each pet's day is
 * charged once. Both read the days due before either charges; the unique keys of package_charges ((pet, day) and
 * (pet, date)) refuse the second claim of a day, and that run's charges of the day roll back. Races are real only
 * on PostgreSQL (DATABASE_URL); on PGlite the runs take turns and the test still checks the outcome.
 */
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { payments } from '../../db/schema/index.ts';
import { chargePackageDays } from '../sales/package-daily.service.ts';
import { chargeRows, NOON, shares, topUp, usePackageTest, walletPaise } from '../../../test/package-kit.ts';

const { t, db, family, activated } = usePackageTest();

let other: FastifyInstance;
beforeAll(async () => {
  // A second instance: its own app on the same database (and the same moved clock).
  other = await buildApp({ config: t.config, database: t.database, serveWeb: false, logger: false, clock: t.clock });
  await other.ready();
});
afterAll(() => other?.close());

describe('two instances run the daily job at once', () => {
  it('charge each pet each day once (the wallet pays each day once)', async () => {
    t.clock.set(NOON);
    const owners: { ownerId: string; packageId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const f = await family(2);
      await topUp(t, f.owner.id, 2_000_000);
      owners.push({ ownerId: f.owner.id, packageId: (await activated(f))._id });
    }
    // Days 2, 3 and 4 due for every pet; both instances find them due and charge at the same time, twice over.
    t.clock.advanceDays(3);
    for (let round = 0; round < 2; round++) {
      await Promise.all([chargePackageDays(t.app.appContext), chargePackageDays(other.appContext)]);
    }
    for (const { ownerId, packageId } of owners) {
      const claims = await chargeRows(db(), packageId);
      expect(claims.map((c) => c.dayNumber).sort()).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
      const charges = await db().select().from(payments).where(eq(payments.packageId, packageId));
      const dayCharges = charges.filter((r) => r.kind === 'charge');
      expect(dayCharges).toHaveLength(8);
      const moved = charges.filter((r) => r.kind === 'allocation').reduce((n, r) => n + r.amountPaise, 0);
      expect(moved).toBe(2 * shares(1, 4));
      expect(await walletPaise(db(), ownerId)).toBe(2_000_000 - 2 * shares(1, 4));
    }
    // Every ledger charge of a day is the one its claim names: none was left behind by a run that lost.
    const claimed = new Set((await Promise.all(owners.map((o) => chargeRows(db(), o.packageId)))).flat().map((c) => c.chargeId));
    const all = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(
        inArray(
          payments.packageId,
          owners.map((o) => o.packageId),
        ),
      );
    const chargeIds = (
      await db()
        .select()
        .from(payments)
        .where(
          inArray(
            payments.id,
            all.map((r) => r.id),
          ),
        )
    ).filter((r) => r.kind === 'charge');
    expect(chargeIds.every((r) => claimed.has(r.id))).toBe(true);
  });
});
