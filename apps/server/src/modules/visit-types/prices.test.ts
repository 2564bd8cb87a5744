import { adminVisitTypesResponse, NOTHING_TO_CHANGE, visitTypeSaved } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, visits } from '../../db/schema/index.ts';
import { makePet, makeVisitType } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true, fullName: 'Meera Admin' });
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, payload: payload as object });
const patchType = (id: string, body: unknown, token = admin.token) => call('PATCH', `/admin/visit-types/${id}`, token, body);

const auditOf = (entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'visit_type'), eq(auditLog.entityId, entityId)));

describe('PATCH /admin/visit-types/{id}', () => {
  it('changes prices, writes one audit entry with the changed fields before and after, and never the code', async () => {
    const type = await makeVisitType(t.database.db, { pricePaise: 35_000, consultationNgoPaise: 20_000 });
    const res = await patchType(type.id, { price: 400.5, halfdayPrice: 0, consultationPriceNgo: 250, code: 'hacked' });
    expect(res.statusCode).toBe(200);
    const body = visitTypeSaved.parse(res.json());
    expect(body.message).toBe('Visit type saved');
    expect(body.visitType).toMatchObject({
      _id: type.id,
      code: type.code,
      price: 400.5,
      halfdayPrice: 0,
      consultationPriceNgo: 250,
      active: true,
    });

    const listed = (await call('GET', '/visit/getallvisittypes', staff.token)).json().visitTypes;
    expect(listed.find((v: { _id: string }) => v._id === type.id)).toMatchObject({ code: type.code, price: 400.5 });

    const entries = await auditOf(type.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: admin.id,
      action: 'visit_type.update',
      // halfdayPrice was already 0: only what changed is recorded.
      data: { before: { price: 350, consultationPriceNgo: 200 }, after: { price: 400.5, consultationPriceNgo: 250 } },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const type = await makeVisitType(t.database.db, { pricePaise: 35_000 });
    const res = await patchType(type.id, { price: 350, purpose: type.purpose, active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().visitType.price).toBe(350);
    expect(await auditOf(type.id)).toHaveLength(0);
  });

  it('applies to new visits only: a visit already sold keeps its price', async () => {
    const type = await makeVisitType(t.database.db, { pricePaise: 35_000 });
    const pet = await makePet(t.database.db);
    const [visit] = await t.database.db
      .insert(visits)
      .values({ petId: pet.id, visitTypeId: type.id, purpose: type.purpose, pricePaise: 35_000 })
      .returning();
    expect((await patchType(type.id, { price: 500, purpose: `${type.purpose} Renamed` })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(visits).where(eq(visits.id, visit!.id));
    expect(after).toMatchObject({ pricePaise: 35_000, purpose: type.purpose });
  });

  it('renames the purpose; a name another type has (in any case) is a 409 naming the field', async () => {
    const type = await makeVisitType(t.database.db);
    const renamed = await patchType(type.id, { purpose: '  Puppy Camp  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().visitType).toMatchObject({ purpose: 'Puppy Camp', code: type.code });
    expect((await auditOf(type.id))[0]!.data).toEqual({ before: { purpose: type.purpose }, after: { purpose: 'Puppy Camp' } });

    const taken = await patchType(type.id, { purpose: 'dog park' });
    expect(taken.statusCode).toBe(409);
    const message = 'A visit type named “dog park” already exists';
    expect(taken.json()).toEqual({ success: false, message, errors: { purpose: message } });
    // A case change of its own name is fine.
    expect((await patchType(type.id, { purpose: 'puppy camp' })).statusCode).toBe(200);
  });

  it('takes a type off offer and back, each change audited', async () => {
    const type = await makeVisitType(t.database.db);
    expect((await patchType(type.id, { active: false })).json().visitType.active).toBe(false);
    const offered = async () =>
      (await call('GET', '/visit/getallvisittypes', staff.token))
        .json()
        .visitTypes.some((v: { _id: string }) => v._id === type.id);
    expect(await offered()).toBe(false);
    const all = adminVisitTypesResponse.parse((await call('GET', '/admin/visit-types', admin.token)).json()).visitTypes;
    expect(all.find((v) => v._id === type.id)).toMatchObject({ active: false });
    expect((await patchType(type.id, { active: true })).statusCode).toBe(200);
    expect(await offered()).toBe(true);
    expect((await auditOf(type.id)).map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { before: { active: true }, after: { active: false } },
        { before: { active: false }, after: { active: true } },
      ]),
    );
  });

  it.each([
    [{ price: -1 }, 'price', 'Base price cannot be negative'],
    [{ price: 'abc' }, 'price', 'Base price must be a number'],
    [{ price: 1.234 }, 'price', 'Base price can have at most two decimals'],
    [{ price: 10_000_001 }, 'price', 'Base price must be at most ₹1,00,00,000.00'],
    [{ halfdayPrice: null }, 'halfdayPrice', 'Half day price must be a number'],
    [{ consultationPricePvt: -5 }, 'consultationPricePvt', 'Private consultation cannot be negative'],
    [{ consultationPricePvtEmergency: '9' }, 'consultationPricePvtEmergency', 'Private emergency consultation must be a number'],
    [{ consultationPriceNgo: 0.001 }, 'consultationPriceNgo', 'NGO consultation can have at most two decimals'],
    [{ consultationPriceNgoEmergency: -0.5 }, 'consultationPriceNgoEmergency', 'NGO emergency consultation cannot be negative'],
    [{ purpose: '   ' }, 'purpose', 'Purpose is required'],
    [{ purpose: 'x'.repeat(61) }, 'purpose', 'Purpose must be at most 60 characters'],
    [{ purpose: 'Dog\u0000Park' }, 'purpose', 'Must not contain control characters'],
    [{ active: 'yes' }, 'active', 'Active must be true or false'],
  ])('refuses %j: %s → %s', async (body, field, message) => {
    const type = await makeVisitType(t.database.db);
    const res = await patchType(type.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { [field]: message } });
    expect(await auditOf(type.id)).toHaveLength(0);
  });

  it('refuses an empty change, an unknown id (404) and a malformed id (400)', async () => {
    const type = await makeVisitType(t.database.db);
    for (const body of [{}, { code: 'other' }]) {
      const res = await patchType(type.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(NOTHING_TO_CHANGE);
    }
    const unknown = await patchType('0123456789abcdef01234567', { price: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Visit type not found');
    expect((await patchType('nope', { price: 1 })).json()).toMatchObject({ message: 'Invalid id' });
  });

  it('serialises concurrent changes: each audit entry starts from what the one before it left', async () => {
    const type = await makeVisitType(t.database.db, { pricePaise: 10_000 });
    const prices = [101, 102, 103, 104, 105, 106];
    const results = await Promise.all(prices.map((price) => patchType(type.id, { price })));
    expect(results.map((r) => r.statusCode)).toEqual(prices.map(() => 200));
    const entries = (await auditOf(type.id)).map((e) => e.data as { before: { price: number }; after: { price: number } });
    expect(entries).toHaveLength(prices.length);
    // Following "before → after" from the original price visits every change once: no change saw a stale price.
    let price = 100;
    for (let i = 0; i < entries.length; i++) {
      const next = entries.find((e) => e.before.price === price);
      expect(next, `a change starting from ₹${price}`).toBeDefined();
      price = next!.after.price;
    }
  });

  it('lets one of two concurrent renames to the same name (in any case) win', async () => {
    const a = await makeVisitType(t.database.db);
    const b = await makeVisitType(t.database.db);
    const name = `Race ${a.code}`;
    const results = await Promise.all([patchType(a.id, { purpose: name }), patchType(b.id, { purpose: name.toUpperCase() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('GET /admin/visit-types', () => {
  it('lists every visit type with its prices and whether it is on offer', async () => {
    const hidden = await makeVisitType(t.database.db, { active: false });
    const res = await call('GET', '/admin/visit-types', admin.token);
    expect(res.statusCode).toBe(200);
    const types = adminVisitTypesResponse.parse(res.json()).visitTypes;
    expect(types.find((v) => v.code === 'dog_park')).toMatchObject({ purpose: 'Dog Park', active: true });
    expect(types.find((v) => v._id === hidden.id)).toMatchObject({ active: false });
  });
});
