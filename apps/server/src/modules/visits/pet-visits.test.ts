import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitItems, visits, visitTypes } from '../../db/schema/index.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { makeItem, makeOwner, makePet } from '../../../test/factories.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');

const get = (url: string, token?: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token });

async function typeId(purpose: string) {
  const [row] = await t.database.db.select().from(visitTypes).where(eq(visitTypes.purpose, purpose));
  return row!;
}

async function addVisit(petId: string, purpose: string, pricePaise: number, extra: Partial<typeof visits.$inferInsert> = {}) {
  const type = await typeId(purpose);
  const [row] = await t.database.db
    .insert(visits)
    .values({
      petId,
      visitTypeId: type.id,
      purpose,
      pricePaise,
      details: { price: pricePaise / 100, payment: { amount: pricePaise / 100 } },
      ...extra,
    })
    .returning();
  return row!;
}

describe('GET /visit/getparticularpetvisit?petId=', () => {
  it("lists the pet's visits newest first with pet, visit type, details, item, quantity and volume", async () => {
    const pet = await makePet(t.database.db, { name: 'Sheru' });
    const other = await makePet(t.database.db);
    const item = await makeItem(t.database.db, { itemName: 'Rabies Vaccine' });
    await addVisit(pet.id, 'Grooming', 70000, { createdAt: new Date('2026-01-01T10:00:00Z') });
    await addVisit(pet.id, 'Veterinary', 55050, {
      createdAt: new Date('2026-02-01T10:00:00Z'),
      itemId: item.id,
      quantity: 2,
      volumeML: 1.5,
    });
    await addVisit(other.id, 'Dog Park', 35000);
    const res = await get(`/visit/getparticularpetvisit?petId=${pet.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ success: true, message: 'Visits found', nextCursor: null });
    expect(json.List).toHaveLength(2);
    expect(json.List[0]).toMatchObject({
      purpose: 'Veterinary',
      price: 550.5,
      pet: { _id: pet.id, name: 'Sheru' },
      visitType: { purpose: 'Veterinary', price: 500, consultationPricePvt: 500, consultationPriceNgoEmergency: 600 },
      // The details' stored payment is ignored: what was paid comes from the ledger (nothing here).
      details: { price: 550.5, payment: { amount: 0, remainingAmount: 0 }, paymentLeft: 0 },
      item: { _id: item.id, itemName: 'Rabies Vaccine' },
      quantity: 2,
      volumeML: 1.5,
    });
    expect(json.List[1]).toMatchObject({ purpose: 'Grooming', price: 700, item: null, quantity: null, volumeML: null });
  });

  it('pages with limit and cursor', async () => {
    const pet = await makePet(t.database.db);
    for (let i = 0; i < 3; i++) await addVisit(pet.id, 'Dog Park', 35000, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    const a = (await get(`/visit/getparticularpetvisit?petId=${pet.id}&limit=2`, staff.token)).json();
    expect(a.List).toHaveLength(2);
    const b = (await get(`/visit/getparticularpetvisit?petId=${pet.id}&limit=2&cursor=${a.nextCursor}`, staff.token)).json();
    expect(b.List).toHaveLength(1);
    expect(b.nextCursor).toBeNull();
    expect(new Set([...a.List, ...b.List].map((v: { _id: string }) => v._id)).size).toBe(3);
  });

  it('without limit (the existing client never pages) answers up to 500 visits, more than one page of 100', async () => {
    const pet = await makePet(t.database.db);
    const type = await typeId('Dog Park');
    const rows = Array.from({ length: 120 }, (_, i) => ({
      petId: pet.id,
      visitTypeId: type.id,
      purpose: 'Dog Park',
      pricePaise: 35000,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await t.database.db.insert(visits).values(rows);
    const all = (await get(`/visit/getparticularpetvisit?petId=${pet.id}`, staff.token)).json();
    expect(all.List).toHaveLength(120);
    expect(all.nextCursor).toBeNull();
    expect((await get(`/visit/getparticularpetvisit?petId=${pet.id}&limit=101`, staff.token)).statusCode).toBe(400);
  });

  it('answers an empty List with the empty-state text', async () => {
    const pet = await makePet(t.database.db);
    const res = (await get(`/visit/getparticularpetvisit?petId=${pet.id}`, staff.token)).json();
    expect(res).toEqual({ success: true, List: [], message: 'No visits found', nextCursor: null });
  });

  it('answers 400 for a malformed or missing pet id, 404 for an unknown one, 401 without a token', async () => {
    expect((await get('/visit/getparticularpetvisit?petId=abc', staff.token)).statusCode).toBe(400);
    expect((await get('/visit/getparticularpetvisit', staff.token)).statusCode).toBe(400);
    expect((await get('/visit/getparticularpetvisit?petId=0123456789abcdef01234567', staff.token)).statusCode).toBe(404);
    expect((await get('/visit/getparticularpetvisit?petId=0123456789abcdef01234567')).statusCode).toBe(401);
  });

  it("lets a customer read their own pet's visits and nobody else's", async () => {
    const a = await t.user('customer');
    const b = await t.user('customer');
    const ownerA = await makeOwner(t.database.db, { userId: a.id });
    const petA = await makePet(t.database.db, { ownerId: ownerA.id });
    await addVisit(petA.id, 'Grooming', 70000);
    const own = await get(`/visit/getparticularpetvisit?petId=${petA.id}`, a.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().List).toHaveLength(1);
    const foreign = await get(`/visit/getparticularpetvisit?petId=${petA.id}`, b.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().success).toBe(false);
  });
});

describe('GET /pet/getpethistory/{id}', () => {
  it('lists visits with date, purpose, item name, quantity, volume, lines and price', async () => {
    const pet = await makePet(t.database.db);
    const item = await makeItem(t.database.db, { itemName: 'Meloxicam' });
    const v = await addVisit(pet.id, 'Veterinary', 50000, { itemId: item.id, quantity: 1, volumeML: 2.5 });
    await t.database.db
      .insert(visitItems)
      .values({ visitId: v.id, kind: 'medicine', name: 'Meloxicam', quantity: 1, unit: 'ml', volume: 2.5 });
    const res = await get(`/pet/getpethistory/${pet.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().history).toEqual([
      {
        _id: v.id,
        createdAt: expect.any(String),
        purpose: 'Veterinary',
        price: 500,
        item: { _id: item.id, itemName: 'Meloxicam' },
        quantity: 1,
        volumeML: 2.5,
        items: [{ kind: 'medicine', name: 'Meloxicam', quantity: 1, unit: 'ml', volume: 2.5, doseNumber: null }],
      },
    ]);
  });
});
