import { gstinCheckChar, WALK_IN_MESSAGES, WALK_IN_OWNER_ID, WALK_IN_OWNER_NAME } from '@pawdesk/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makePet } from '../../../test/factories.ts';
import { testConfig, useTestApp, useTestUser } from '../../../test/harness.ts';
import { getAs, postAs, type VisitTypeRow } from '../../../test/visit-kit.ts';
import { inventoryItems, owners, payments, pets, taxDocuments, visits, visitTypes } from '../../db/schema/index.ts';
import { searchRowsOf } from '../history/history.service.ts';

/**
 * Walk-in sales (issue 18): a Shop sale without a pet, sold to the one Walk-in customer record with the buyer's name
 * (required) and phone (optional) on the sale; in Visit History, the day's takings and its GST documents (naming the
 * buyer); a visit's pet is optional for that sale only (the database refuses any other visit without a pet).
 */

const BUSINESS_GSTIN = `06AAAAA0000A1Z${gstinCheckChar('06AAAAA0000A1Z')}`;
const t = useTestApp({ business: { ...testConfig().business, gstin: BUSINESS_GSTIN, stateCode: '06' } });
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
const db = () => t.database.db;
const post = postAs(t);
const get = getAs(t);
const types: Record<string, VisitTypeRow> = {};
beforeAll(async () => {
  for (const row of await db().select().from(visitTypes)) types[row.code] = row;
});

const SHOP = '/visit/addshopvisit';
const walkIn = (o: object, total: number, method = 'cash') => ({
  visitType: types.shop!.id,
  walkIn: { name: 'Asha Verma', phone: '9811122233' },
  details: { totalCalculatedPrice: total, selectedPayment: method },
  ...o,
});
const stockOf = async (id: string) =>
  (await db().select({ s: inventoryItems.stock }).from(inventoryItems).where(eq(inventoryItems.id, id)))[0]!.s;
const count = async (table: typeof visits | typeof payments) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('walk-in sales', () => {
  it('the Walk-in customer exists (migration), with no pets', async () => {
    const [owner] = await db().select().from(owners).where(eq(owners.id, WALK_IN_OWNER_ID));
    expect(owner).toMatchObject({ name: WALK_IN_OWNER_NAME, userId: null });
    expect(await db().select().from(pets).where(eq(pets.ownerId, WALK_IN_OWNER_ID))).toEqual([]);
  });

  it('sells two items from stock to a walk-in: no pet, the buyer on the sale, in history, takings and the invoice', async () => {
    const today = t.clock.today();
    const before = (await get(`/payments/takings?date=${today}`, staff.token)).json();
    const leash = await makeItem(db(), { stock: 5, stockUnit: 'item', unitMaxRetailCustomerPaise: 45000, gstRatePercent: 18 });
    const food = await makeItem(db(), { stock: 9, stockUnit: 'item', unitMaxRetailCustomerPaise: 120000, gstRatePercent: 5 });
    const res = await post(
      SHOP,
      walkIn(
        {
          stockItems: [
            { itemId: leash.id, quantity: 1 },
            { itemId: food.id, quantity: 2 },
          ],
        },
        2850,
      ),
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Payment successful and visit saved!',
      visit: { petId: null, buyer: { name: 'Asha Verma', phone: '9811122233' }, price: 2850, paid: 2850 },
    });
    const id = res.json().visit._id;
    expect([await stockOf(leash.id), await stockOf(food.id)]).toEqual([4, 7]);
    const [visit] = await db().select().from(visits).where(eq(visits.id, id));
    expect(visit).toMatchObject({ petId: null, buyerName: 'Asha Verma', buyerPhone: '9811122233' });
    const ledger = await db().select().from(payments).where(eq(payments.visitId, id));
    expect(ledger.map((e) => [e.kind, e.ownerId, e.petId, e.amountPaise]).sort()).toEqual([
      ['charge', WALK_IN_OWNER_ID, null, 285000],
      ['payment', WALK_IN_OWNER_ID, null, 285000],
    ]);

    // Visit History: the buyer's name where a pet's would be.
    const [search] = await searchRowsOf(db(), [id]);
    expect(search).toMatchObject({ petId: null, petName: null, ownerName: 'Asha Verma', ownerPhone: '9811122233' });
    const list = (await get('/visit/getvisitlist?purpose=Shop&limit=50', staff.token)).json().List;
    const row = list.find((r: { _id: string }) => r._id === id);
    expect(row).toMatchObject({
      petId: '',
      ownerId: WALK_IN_OWNER_ID,
      buyer: { name: 'Asha Verma', phone: '9811122233' },
      pet: { name: 'Asha Verma', owner: { name: WALK_IN_OWNER_NAME } },
      paymentState: 'paid',
      paid: 2850,
    });
    const details = (await get(`/visit/getvisitdetails/${id}`, staff.token)).json().data;
    expect(details).toMatchObject({ buyer: { name: 'Asha Verma' }, pet: { _id: '', name: 'Asha Verma' } });
    expect(details.details.items.map((i: { name: string }) => i.name)).toEqual([leash.itemName, food.itemName]);

    // The day's takings count it.
    const after = (await get(`/payments/takings?date=${today}`, staff.token)).json();
    expect(after.received - before.received).toBe(2850);

    // Its GST invoice names the buyer, not the Walk-in customer record.
    const docs = await db().select().from(taxDocuments).where(eq(taxDocuments.visitId, id));
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(d.buyer).toMatchObject({ name: 'Asha Verma', phone: '9811122233' });
    const view = (await get(`/documents/${docs[0]!.id}`, staff.token)).json();
    expect(JSON.stringify(view)).toContain('Asha Verma');
  });

  it('a walk-in sale may be a free line only, without a phone', async () => {
    const res = await post(
      SHOP,
      walkIn({ walkIn: { name: '  Ravi  ' }, items: [{ name: 'Dog treats (loose)', price: 60, quantity: 2 }] }, 120),
      staff.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().visit.buyer).toEqual({ name: 'Ravi', phone: null });
  });

  it.each([
    [{ walkIn: { name: '' } }, 'walkIn.name', WALK_IN_MESSAGES.buyerName],
    [{ walkIn: { name: '   ', phone: '9811122233' } }, 'walkIn.name', WALK_IN_MESSAGES.buyerName],
    [{ walkIn: { phone: '9811122233' } }, 'walkIn.name', WALK_IN_MESSAGES.buyerName],
    [{ walkIn: { name: 'Asha', phone: '12345' } }, 'walkIn.phone', 'Enter a valid 10-digit phone number'],
    [{ walkIn: null }, 'petId', 'A pet must be selected. Please select a pet before proceeding.'],
  ])('refuses %j with a clear 400 and writes nothing', async (o, field, message) => {
    const [v, p] = [await count(visits), await count(payments)];
    const res = await post(SHOP, walkIn({ items: [{ name: 'Toy', price: 10 }], ...o }, 10), staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect([await count(visits), await count(payments)]).toEqual([v, p]);
  });

  it('refuses a walk-in with a pet, of another purpose, or paid from a wallet', async () => {
    const pet = await makePet(db());
    const [v, p] = [await count(visits), await count(payments)];
    const both = await post(SHOP, walkIn({ petId: pet.id, items: [{ name: 'Toy', price: 10 }] }, 10), staff.token);
    expect(both.json()).toMatchObject({ message: WALK_IN_MESSAGES.petAndWalkIn });
    const vet = await post(
      SHOP,
      walkIn({ visitType: types.veterinary!.id, items: [{ name: 'Toy', price: 10 }] }, 10),
      staff.token,
    );
    expect(vet.statusCode).toBe(400);
    expect(vet.json().message).toBe(WALK_IN_MESSAGES.onlyShop);
    const wallet = await post(SHOP, walkIn({ items: [{ name: 'Toy', price: 10 }] }, 10, 'wallet'), staff.token);
    expect(wallet.json()).toMatchObject({ message: WALK_IN_MESSAGES.noWallet });
    expect([await count(visits), await count(payments)]).toEqual([v, p]);
  });

  it('only staff sell to walk-ins', async () => {
    const b = walkIn({ items: [{ name: 'Toy', price: 10 }] }, 10);
    expect((await post(SHOP, b, customer.token)).statusCode).toBe(403);
    expect((await post(SHOP, b)).statusCode).toBe(401);
  });

  it('the database refuses a visit without a pet unless it is a walk-in Shop sale', async () => {
    const base = { visitTypeId: types.shop!.id, purpose: 'Shop', pricePaise: 0 };
    await expect(
      db()
        .insert(visits)
        .values({ ...base, petId: null }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(visits)
        .values({ ...base, visitTypeId: types.grooming!.id, purpose: 'Grooming', petId: null, buyerName: 'X' }),
    ).rejects.toThrow();
    const pet = await makePet(db());
    await expect(
      db()
        .insert(visits)
        .values({ ...base, petId: pet.id, buyerName: 'X' }),
    ).rejects.toThrow();
    await db()
      .insert(visits)
      .values({ ...base, petId: null, buyerName: 'Y' });
  });

  it('the Walk-in customer is no owner to register pets under or edit', async () => {
    const add = await post(
      '/pet/addpet',
      {
        name: 'Bruno',
        species: 'dog',
        breed: 'Indie',
        sex: 'Male',
        color: 'Brown',
        ownerName: 'Someone',
        phone: '0000000000',
        address: 'Sector 45',
      },
      staff.token,
    );
    expect(add.statusCode).toBe(400);
    expect(await db().select().from(pets).where(eq(pets.ownerId, WALK_IN_OWNER_ID))).toEqual([]);
    const edit = await post(
      '/pet/editownerdetails',
      { id: WALK_IN_OWNER_ID, name: 'Mine now', phone: '9811100000', address: 'x' },
      staff.token,
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(WALK_IN_MESSAGES.notAnOwner);
    expect((await db().select().from(owners).where(eq(owners.id, WALK_IN_OWNER_ID)))[0]!.name).toBe(WALK_IN_OWNER_NAME);
  });
});
