import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { careTasks, inventoryItems, payments, stockMovements } from '../../db/schema/index.ts';
import { DAY, MORNING, useCareTest } from '../../../test/care-kit.ts';
import { makeItem } from '../../../test/factories.ts';
import { useTestUser } from '../../../test/harness.ts';

/**
 * Races that only PostgreSQL runs for real (PGlite runs one statement at a time): two devices recording the same task
 * at once record it once (the unique index care_tasks_once_uq decides), and a house dose from stock recorded at once
 * takes the stock and posts the charge once (the sale and the task are one transaction: the loser rolls back).
 */
const k = useCareTest();
const { t, db, at, stayWithPlan, instructions, record } = k;
const second = useTestUser(t, 'staff');

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = 5;

afterEach(() => t.clock.set(null));

describe('concurrent care records (PostgreSQL)', () => {
  it.skipIf(!onPostgres)('two devices record the same meal at once: one 201, one 409, one row', async () => {
    at('08:00');
    for (let round = 0; round < ROUNDS; round++) {
      const s = await stayWithPlan();
      const body = { boardingId: s.boardingId, itemId: s.meal._id, slotKey: MORNING, feedback: 'ate_all' };
      const res = await Promise.all([record(body), record({ ...body, feedback: 'most' }, second.token)]);
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect(await db().select().from(careTasks).where(eq(careTasks.boardingId, s.boardingId))).toHaveLength(1);
    }
  });

  it.skipIf(!onPostgres)('a house dose recorded by two devices at once takes the stock once and charges once', async () => {
    at('08:00');
    for (let round = 0; round < ROUNDS; round++) {
      const item = await makeItem(db(), { stockUnit: 'tablet', stock: 10, unitMaxRetailCustomerPaise: 4500 });
      const s = await stayWithPlan(
        instructions([], {
          items: [
            {
              kind: 'dose',
              name: 'Apoquel',
              slotIds: [MORNING],
              amount: 2,
              unit: 'tablet',
              route: 'oral',
              startDate: DAY,
              inventoryItemId: item.id,
            },
          ],
        }),
      );
      const body = { boardingId: s.boardingId, itemId: s.plan.items[0]._id, slotKey: MORNING, feedback: 'given' };
      const res = await Promise.all([record(body), record(body, second.token)]);
      expect(res.map((r) => r.statusCode).sort(), res.map((r) => r.body).join('\n')).toEqual([201, 409]);
      const [row] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
      expect(row!.stock).toBe(8);
      expect(await db().select().from(stockMovements).where(eq(stockMovements.itemId, item.id))).toHaveLength(1);
      const won = res.find((r) => r.statusCode === 201)!.json().task.chargeVisitId as string;
      const charges = (await db().select().from(payments).where(eq(payments.petId, s.petId))).filter(
        (p) => p.kind === 'charge' && p.visitId !== s.visitId,
      );
      expect(charges.map((c) => [c.visitId, c.amountPaise])).toEqual([[won, 9000]]);
    }
  });
});
