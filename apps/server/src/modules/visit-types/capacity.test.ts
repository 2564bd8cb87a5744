import { visitTypeSaved } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, visitTypes } from '../../db/schema/index.ts';
import { makeVisitType } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';

/** Capacity of boarding types on the price screen (issue 11): edited, validated and audited like the prices. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true, fullName: 'Meera Admin' });
});

const patchType = (id: string, body: unknown, token: string | undefined = admin.token) =>
  t.call({ method: 'PATCH', url: `/api/v1/admin/visit-types/${id}`, token, payload: body as object });
const auditOf = (entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'visit_type'), eq(auditLog.entityId, entityId)));
const rowOf = async (id: string) => (await t.database.db.select().from(visitTypes).where(eq(visitTypes.id, id)))[0]!;
const boardingType = () => makeVisitType(t.database.db, { isBoarding: true, capacity: 20 });

describe('capacity of a boarding type', () => {
  it('an admin sets it; the answer, the visit type lists and one audit entry (before and after) show it', async () => {
    const type = await boardingType();
    const res = await patchType(type.id, { capacity: 12 });
    expect(res.statusCode).toBe(200);
    expect(visitTypeSaved.parse(res.json()).visitType).toMatchObject({ _id: type.id, capacity: 12, isBoarding: true });
    const listed = (await t.call({ method: 'GET', url: '/api/v1/visit/getallvisittypes', token: staff.token })).json();
    expect(listed.visitTypes.find((v: { _id: string }) => v._id === type.id).capacity).toBe(12);
    const entries = await auditOf(type.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: admin.id,
      action: 'visit_type.update',
      data: { before: { capacity: 20 }, after: { capacity: 12 } },
    });
  });

  it('null is no limit, 0 closes the type; the same value again writes nothing', async () => {
    const type = await boardingType();
    expect((await patchType(type.id, { capacity: null })).json().visitType.capacity).toBeNull();
    expect((await patchType(type.id, { capacity: null })).statusCode).toBe(200);
    expect((await patchType(type.id, { capacity: 0 })).json().visitType.capacity).toBe(0);
    expect((await auditOf(type.id)).map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { before: { capacity: 20 }, after: { capacity: null } },
        { before: { capacity: null }, after: { capacity: 0 } },
      ]),
    );
    expect(await auditOf(type.id)).toHaveLength(2);
  });

  it.each([
    [-1, 'Capacity (places) cannot be negative'],
    [2.5, 'Capacity (places) must be a whole number'],
    ['ten', 'Capacity (places) must be a number'],
    [10_001, 'Capacity (places) must be at most 10,000'],
  ])('%j is a 400 naming the field, and changes nothing', async (capacity, message) => {
    const type = await boardingType();
    const res = await patchType(type.id, { capacity, price: 999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, errors: { capacity: message } });
    expect(await rowOf(type.id)).toMatchObject({ capacity: 20, pricePaise: type.pricePaise });
    expect(await auditOf(type.id)).toHaveLength(0);
  });

  it('a type that does not board has no capacity: 400, and the rest of the change is not saved', async () => {
    const type = await makeVisitType(t.database.db, { isBoarding: false, pricePaise: 50_000 });
    for (const capacity of [5, null]) {
      const res = await patchType(type.id, { capacity, price: 999 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Only boarding types have a capacity',
        errors: { capacity: 'Only boarding types have a capacity' },
      });
    }
    expect(await rowOf(type.id)).toMatchObject({ capacity: null, pricePaise: 50_000 });
    expect(await auditOf(type.id)).toHaveLength(0);
  });

  it('staff who are not admins, customers and anonymous callers cannot change it', async () => {
    const type = await boardingType();
    expect((await patchType(type.id, { capacity: 1 }, staff.token)).statusCode).toBe(403);
    expect((await patchType(type.id, { capacity: 1 }, customer.token)).statusCode).toBe(403);
    expect((await patchType(type.id, { capacity: 1 }, '')).statusCode).toBe(401);
    expect((await rowOf(type.id)).capacity).toBe(20);
  });
});
