import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { ledgerOfVisit, useVisitTest } from '../../../test/visit-kit.ts';
import { visitItems, visits } from '../../db/schema/index.ts';

/** Shop lines charge quantity × price (shopTotal, the rule the New Visit form previews with); no quantity is 1. */

const { staff, types, db, post, get } = useVisitTest();

const pet = () => makePet(db());
const sell = (petId: string, items: unknown, total: unknown) =>
  post(
    '/visit/addshopvisit',
    { petId, visitType: types.shop!.id, items, details: { totalCalculatedPrice: total, selectedPayment: 'cash' } },
    staff.token,
  );
const linesOf = (visitId: string) => db().select().from(visitItems).where(eq(visitItems.visitId, visitId));
const moneyOf = async (visitId: string) =>
  (await ledgerOfVisit(db(), visitId)).map((e) => [e.kind, e.status, e.amountPaise]).sort();

describe('POST /visit/addshopvisit: a line charges quantity × price', () => {
  it('sells 3 × an item: charges 3 × the price and records the 3 taken at the unit price', async () => {
    const p = await pet();
    const res = await sell(p.id, [{ name: 'Chew toy', price: 199.5, quantity: 3, unit: 'item', category: 'Toys' }], 598.5);
    expect(res.statusCode).toBe(201);
    const id = res.json().visit._id;
    expect(res.json()).toMatchObject({
      message: 'Payment successful and visit saved!',
      visit: { price: 598.5, paid: 598.5, paymentLeft: 0 },
    });
    expect(await moneyOf(id)).toEqual([
      ['charge', 'completed', 59850],
      ['payment', 'completed', 59850],
    ]);
    const [line, ...more] = await linesOf(id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ kind: 'shop', name: 'Chew toy', pricePaise: 19950, unit: 'item', category: 'Toys' });
    expect(Number(line!.quantity)).toBe(3);
    const details = (await get(`/visit/getvisitdetails/${id}`, staff.token)).json().data.details;
    expect(details).toMatchObject({
      totalCalculatedPrice: 598.5,
      items: [{ name: 'Chew toy', price: 199.5, quantity: 3, unit: 'item', category: 'Toys' }],
    });
  });

  it('mixes lines with and without a quantity: the existing client’s items (no quantity) count once', async () => {
    const p = await pet();
    const items = [
      { name: 'Dog shampoo', price: 450.5 },
      { name: 'Treats', price: 120.25, quantity: 4 },
      { name: 'Sample', price: 0, quantity: 2 },
    ];
    const res = await sell(p.id, items, 931.5);
    expect(res.statusCode).toBe(201);
    const id = res.json().visit._id;
    expect(await moneyOf(id)).toEqual([
      ['charge', 'completed', 93150],
      ['payment', 'completed', 93150],
    ]);
    const lines = (await linesOf(id)).map((l) => [l.name, l.pricePaise, Number(l.quantity)]).sort();
    expect(lines).toEqual([
      ['Dog shampoo', 45050, 1],
      ['Sample', 0, 2],
      ['Treats', 12025, 4],
    ]);
  });

  it('refuses a total that ignores the quantity, naming the expected total, and writes nothing', async () => {
    const p = await pet();
    const res = await sell(p.id, [{ name: 'Chew toy', price: 199.5, quantity: 3 }], 199.5);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'The total is ₹598.50, not ₹199.50. Prices may have changed; please review and try again.',
      expectedTotalCalculatedPrice: 598.5,
    });
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });

  it.each([
    [0, 'Quantity must be at least 1'],
    [1.5, 'Quantity must be a whole number'],
    ['3', 'Quantity must be a number'],
  ])('refuses a quantity of %j: %s', async (quantity, message) => {
    const p = await pet();
    const res = await sell(p.id, [{ name: 'Chew toy', price: 199.5, quantity }], 598.5);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { 'items.0.quantity': message } });
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });
});
