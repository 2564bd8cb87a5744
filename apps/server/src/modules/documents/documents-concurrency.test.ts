import { gstinCheckChar } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { testConfig, useTestApp } from '../../../test/harness.ts';
import { taxDocuments, visits, visitTypes } from '../../db/schema/index.ts';
import { lockLedger, postCharge, recordPayment } from '../payments/payments.service.ts';

/**
 * The receipt counter's rows are taken in one order (payments, refunds, then T, B, C) whichever comes first in a
 * transaction: a desk sale posts its charge (T) and then takes its payment's receipt number, a checkout purchase
 * records its payment first and then the charge. Run side by side on PostgreSQL, neither deadlocks.
 */

const t = useTestApp({ business: { ...testConfig().business, gstin: `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}` } });

async function saleFixture(db: ReturnType<() => typeof t.database.db>) {
  const owner = await makeOwner(db);
  const pet = await makePet(db, { ownerId: owner.id });
  const [type] = await db.select().from(visitTypes).where(eq(visitTypes.code, 'grooming'));
  await db.update(visitTypes).set({ gstRatePercent: 18 }).where(eq(visitTypes.id, type!.id));
  const [visit] = await db
    .insert(visits)
    .values({ petId: pet.id, visitTypeId: type!.id, purpose: type!.purpose, pricePaise: 11800 })
    .returning();
  return { owner, pet, visit: visit! };
}

describe('documents and receipts under concurrency', () => {
  it('desk sales (charge, then payment) and checkout purchases (payment, then charge) run together without a deadlock', async () => {
    const db = t.database.db;
    const N = 6;
    const fixtures = await Promise.all(Array.from({ length: 2 * N }, () => saleFixture(db)));
    const base = (f: Awaited<ReturnType<typeof saleFixture>>) => ({
      ownerId: f.owner.id,
      petId: f.pet.id,
      for: { visitId: f.visit.id },
      amountPaise: 11800,
      tz: 'Asia/Kolkata',
      now: new Date(),
    });
    const results = await Promise.allSettled(
      fixtures.map((f, i) =>
        db.transaction(async (tx) => {
          await lockLedger(tx, [f.owner.id]);
          if (i % 2 === 0) {
            await postCharge(tx, base(f));
            await new Promise((r) => setTimeout(r, 20));
            await recordPayment(tx, { ...base(f), method: 'cash' });
          } else {
            await recordPayment(tx, { ...base(f), method: 'cash' });
            await new Promise((r) => setTimeout(r, 20));
            await postCharge(tx, base(f));
          }
        }),
      ),
    );
    const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const docs = await db.select().from(taxDocuments);
    const numbers = docs.filter((d) => fixtures.some((f) => f.visit.id === d.visitId)).map((d) => d.seq);
    expect(numbers).toHaveLength(2 * N);
    expect(new Set(numbers).size).toBe(2 * N);
  });
});
