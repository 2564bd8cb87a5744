import { SHOP_MESSAGES } from '@pawdesk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeItem, makePet } from '../../../test/factories.ts';
import { ledgerOfVisit, useVisitTest } from '../../../test/visit-kit.ts';
import { inventoryItems, payments, stockMovements, visitItems, visits } from '../../db/schema/index.ts';

/**
 * Stock sales from the Shop form (issue 18): lines picked from inventory with a quantity, at the customer or NGO price
 * (as prescriptions price them), taken from stock in the sale's transaction with a 'sold' movement; free lines still
 * work; a sale beyond the stock is a 409 in the prescription messages' style and writes nothing.
 */

const { t, staff, customer, types, db, post } = useVisitTest();

const SHOP = '/visit/addshopvisit';
const body = (petId: string, o: object) => ({
  petId,
  visitType: types.shop!.id,
  details: { totalCalculatedPrice: 0, selectedPayment: 'cash' },
  ...o,
});
const sale = (petId: string, o: object, total: number, extra: object = {}) => {
  const b = body(petId, o) as { details: object };
  return { ...b, details: { ...b.details, totalCalculatedPrice: total, ...extra } };
};
const stockOf = async (id: string) =>
  (await db().select({ s: inventoryItems.stock }).from(inventoryItems).where(eq(inventoryItems.id, id)))[0]!.s;
const movementsOf = (id: string) => db().select().from(stockMovements).where(eq(stockMovements.itemId, id));
const visitsOf = (petId: string) => db().select().from(visits).where(eq(visits.petId, petId));
const item = (o: Partial<Parameters<typeof makeItem>[1]> = {}) =>
  makeItem(db(), { stock: 10, stockUnit: 'item', unitMinRetailNgoPaise: 8000, unitMaxRetailCustomerPaise: 12050, ...o });

describe('POST /visit/addshopvisit: stock lines', () => {
  it('sells an item from stock at the customer price plus a free line: stock falls, a sold movement, lines, ledger', async () => {
    const pet = await makePet(db());
    const collar = await item({ itemName: `Collar ${Math.random()}` });
    const res = await post(
      SHOP,
      sale(
        pet.id,
        { stockItems: [{ itemId: collar.id, quantity: 3, price: 120.5 }], items: [{ name: 'Gift wrap', price: 20 }] },
        381.5,
      ),
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Payment successful and visit saved!',
      visit: { price: 381.5, paid: 381.5, paymentLeft: 0, petId: pet.id },
    });
    const visitId = res.json().visit._id;
    expect(await stockOf(collar.id)).toBe(7);
    const moves = (await movementsOf(collar.id)).filter((m) => m.reason === 'sold');
    expect(moves).toEqual([expect.objectContaining({ delta: -3, stockAfter: 7, refId: visitId, userId: staff.id })]);
    const lines = await db().select().from(visitItems).where(eq(visitItems.visitId, visitId)).orderBy(visitItems.id);
    expect(lines.map((l) => [l.itemId, l.name, Number(l.quantity), l.unit, l.pricePaise])).toEqual([
      [collar.id, collar.itemName, 3, 'item', 12050],
      [null, 'Gift wrap', 1, null, 2000],
    ]);
    expect((await ledgerOfVisit(db(), visitId)).map((e) => [e.kind, e.status, e.amountPaise])).toEqual([
      ['charge', 'completed', 38150],
      ['payment', 'completed', 38150],
    ]);
  });

  it('prices an NGO sale at the NGO price', async () => {
    const pet = await makePet(db());
    const pad = await item();
    const res = await post(
      SHOP,
      sale(pet.id, { customerType: 'NGO', stockItems: [{ itemId: pad.id, quantity: 2 }] }, 160),
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().visit.price).toBe(160);
    expect(await stockOf(pad.id)).toBe(8);
  });

  it('refuses a sale beyond the stock (409, the prescription messages’ style) and writes nothing', async () => {
    const pet = await makePet(db());
    const roll = await item({ itemName: `Cotton Roll ${Math.random()}`, stock: 2 });
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(payments);
    const res = await post(SHOP, sale(pet.id, { stockItems: [{ itemId: roll.id, quantity: 3 }] }, 361.5), staff.token);
    expect(res.statusCode).toBe(409);
    const message = `Stock item #1: Only 2 units available for ${roll.itemName}`;
    expect(res.json()).toMatchObject({
      success: false,
      message,
      errors: { 'stockItems.0.quantity': message },
      available: 2,
    });
    expect(await stockOf(roll.id)).toBe(2);
    expect((await movementsOf(roll.id)).filter((m) => m.reason === 'sold')).toEqual([]);
    expect(await visitsOf(pet.id)).toEqual([]);
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(payments)).toEqual(before);
  });

  it('counts two lines of one item together against its stock', async () => {
    const pet = await makePet(db());
    const bowl = await item({ itemName: `Bowl ${Math.random()}`, stock: 4 });
    const res = await post(
      SHOP,
      sale(
        pet.id,
        {
          stockItems: [
            { itemId: bowl.id, quantity: 3 },
            { itemId: bowl.id, quantity: 2 },
          ],
        },
        602.5,
      ),
      staff.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SHOP_MESSAGES.stock(2, 4, bowl.itemName));
    expect(await stockOf(bowl.id)).toBe(4);
  });

  it('refuses an unknown or deleted item, a price or total that differs, with the expected amounts', async () => {
    const pet = await makePet(db());
    const gone = await item({ deletedAt: new Date() });
    const ok = await item();
    const unknown = await post(
      SHOP,
      sale(
        pet.id,
        {
          stockItems: [
            { itemId: ok.id, quantity: 1 },
            { itemId: gone.id, quantity: 1 },
          ],
        },
        241,
      ),
      staff.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'Please select a valid item for Stock item #2',
      errors: { 'stockItems.1.itemId': 'Please select a valid item for Stock item #2' },
    });
    const price = await post(SHOP, sale(pet.id, { stockItems: [{ itemId: ok.id, quantity: 2, price: 80 }] }, 160), staff.token);
    expect(price.statusCode).toBe(400);
    expect(price.json()).toMatchObject({ expectedPrice: 120.5, expectedFinalPrice: 241 });
    const total = await post(SHOP, sale(pet.id, { stockItems: [{ itemId: ok.id, quantity: 2 }] }, 200), staff.token);
    expect(total.statusCode).toBe(400);
    expect(total.json()).toMatchObject({ expectedTotalCalculatedPrice: 241 });
    expect(await stockOf(ok.id)).toBe(10);
    expect(await visitsOf(pet.id)).toEqual([]);
  });

  it('refuses a sale with no line of either kind, a quantity of 0, and callers who are not staff', async () => {
    const pet = await makePet(db());
    const ok = await item();
    const none = await post(SHOP, sale(pet.id, {}, 0), staff.token);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Add at least one item', errors: { items: 'Add at least one item' } });
    const zero = await post(SHOP, sale(pet.id, { stockItems: [{ itemId: ok.id, quantity: 0 }] }, 0), staff.token);
    expect(zero.json()).toMatchObject({ errors: { 'stockItems.0.quantity': 'Quantity must be at least 1' } });
    const b = sale(pet.id, { stockItems: [{ itemId: ok.id, quantity: 1 }] }, 120.5);
    expect((await post(SHOP, b, customer.token)).statusCode).toBe(403);
    expect((await post(SHOP, b)).statusCode).toBe(401);
    expect(await stockOf(ok.id)).toBe(10);
  });

  it('is done once when sent again with its Idempotency-Key: one visit, stock taken once', async () => {
    const pet = await makePet(db());
    const toy = await item();
    const payload = sale(pet.id, { stockItems: [{ itemId: toy.id, quantity: 2 }] }, 241);
    const key = { 'idempotency-key': `shop-${pet.id}` };
    const send = () => t.call({ method: 'POST', url: `/api/v1${SHOP}`, payload, token: staff.token, headers: key });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().visit._id).toBe(a.json().visit._id);
    expect(await visitsOf(pet.id)).toHaveLength(1);
    expect(await stockOf(toy.id)).toBe(8);
  });

  it('reconciles: stock on hand = opening − what the sold movements took; charges = what the lines add up to', async () => {
    const pet = await makePet(db());
    const a = await item({ stock: 20 });
    const b = await item({ stock: 20, unitMaxRetailCustomerPaise: 999 });
    const quantities = [
      [1, 2],
      [3, 0],
      [2, 5],
    ];
    const ids: string[] = [];
    for (const [qa, qb] of quantities) {
      const stockItems = [...(qa ? [{ itemId: a.id, quantity: qa }] : []), ...(qb ? [{ itemId: b.id, quantity: qb }] : [])];
      const total = (qa! * 12050 + qb! * 999) / 100;
      const res = await post(SHOP, sale(pet.id, { stockItems, items: [{ name: 'Bag', price: 5 }] }, total + 5), staff.token);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().visit._id);
    }
    for (const [it, opening] of [
      [a, 20],
      [b, 20],
    ] as const) {
      const sold = (await movementsOf(it.id)).filter((m) => m.reason === 'sold');
      expect(sold.every((m) => ids.includes(m.refId!))).toBe(true);
      expect(opening + sold.reduce((s, m) => s + m.delta, 0)).toBe(await stockOf(it.id));
    }
    expect(await stockOf(a.id)).toBe(14);
    expect(await stockOf(b.id)).toBe(13);
    const lines = await db().select().from(visitItems).where(inArray(visitItems.visitId, ids));
    const linesTotal = lines.reduce((s, l) => s + l.pricePaise * Number(l.quantity), 0);
    const charges = await db()
      .select()
      .from(payments)
      .where(and(inArray(payments.visitId, ids), eq(payments.kind, 'charge')));
    expect(charges.reduce((s, c) => s + c.amountPaise, 0)).toBe(linesTotal);
    expect(linesTotal).toBe(6 * 12050 + 7 * 999 + 3 * 500);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a stock sale racing a prescription for the last units (PostgreSQL)', () => {
  it('exactly one gets them, stock never negative', async () => {
    for (let round = 0; round < 8; round++) {
      const [petA, petB] = [await makePet(db()), await makePet(db())];
      const last = await item({ itemName: `Last Units ${round} ${Math.random()}`, stock: 3 });
      const [shop, rx] = await Promise.all([
        post(SHOP, sale(petA.id, { stockItems: [{ itemId: last.id, quantity: 3 }] }, 361.5), staff.token),
        post(
          '/prescription/addprescription',
          {
            petId: petB.id,
            customerType: 'pvtltd',
            items: [{ id: last.id, quantity: 2 }],
            totalPrice: 241,
            selectedPayment: 'cash',
          },
          staff.token,
        ),
      ]);
      const codes = [shop.statusCode, rx.statusCode].sort();
      expect(codes, `round ${round}: ${shop.body} ${rx.body}`).toEqual([201, 409]);
      const stock = await stockOf(last.id);
      expect(stock).toBe(shop.statusCode === 201 ? 0 : 1);
      const moves = await movementsOf(last.id);
      expect(moves.filter((m) => m.reason === 'sold' || m.reason === 'prescribed')).toHaveLength(1);
      if (shop.statusCode === 409) expect(shop.json().message).toBe(SHOP_MESSAGES.stock(1, 1, last.itemName));
      else expect(await visitsOf(petA.id)).toHaveLength(1);
    }
  });
});
