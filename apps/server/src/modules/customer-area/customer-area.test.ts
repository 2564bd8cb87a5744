import { addDays, PET_MSG, todayIn } from '@pawdesk/shared';
import { and, eq, gte, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { phone } from '../../../test/factories.ts';
import { type TestUser, useTestApp, useTestUser } from '../../../test/harness.ts';
import { getAs, postAs, typeByCode } from '../../../test/visit-kit.ts';
import { owners, payments, visits } from '../../db/schema/index.ts';
import { startOfDay } from '../takings/takings.service.ts';
import { monthOf } from './customer-summary.service.ts';

/** The customer area's own answers (issue 19): This Month, a visit's documents, the pet form's profile rule. */

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const db = () => t.database.db;
const post = postAs(t);
const get = getAs(t);

const petForm = (o: Record<string, unknown> = {}) => ({
  name: 'Coco',
  species: 'dog',
  breed: 'Beagle',
  sex: 'Female',
  color: 'Tan',
  dob: '2022-08-15',
  neutered: false,
  registrationDate: '2026-02-01',
  segment: 'Day Care',
  // The core vaccines, so the pet may join the Dog Park (the admission rule).
  vaccinations: [
    { name: 'Rabies', numberOfDose: '1', givenOn: '2026-01-10', serialNo: 'RB-1' },
    { name: 'DHPP', numberOfDose: '1' },
  ],
  ...o,
});

/** A customer with a pet registered through their own form; their owner id and pet id. */
async function customerWithPet(name: string) {
  const user = await t.user('customer', { fullName: name });
  const res = await post(
    '/customer/pet/addpet',
    petForm({ name: `${name} dog`, phone: phone(), address: 'Gurugram' }),
    user.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const [owner] = await db().select().from(owners).where(eq(owners.userId, user.id));
  return { user, ownerId: owner!.id, petId: res.json().pet._id as string };
}

/** A Veterinary visit recorded by staff, paid in cash: the private consultation less ₹50. Its id. */
async function vetPaid(petId: string): Promise<string> {
  const type = await typeByCode(db(), 'veterinary');
  const price = type.consultationPvtPaise / 100;
  const res = await post(
    '/visit/addveterinaryvisit',
    {
      petId,
      visitType: type.id,
      customerType: 'pvtltd',
      details: { price, discount: 50, finalPrice: price - 50, selectedPayment: 'cash' },
    },
    staff.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().visit._id;
}

/** The ledger's own answer: completed payments less completed refunds of the owner, paid this month. */
async function paidThisMonthFromLedger(ownerId: string): Promise<number> {
  const { from, to } = monthOf(todayIn(t.config.tz, t.clock.now()));
  const rows = await db()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.ownerId, ownerId),
        eq(payments.status, 'completed'),
        gte(payments.paidAt, startOfDay(from, t.config.tz)),
        lt(payments.paidAt, startOfDay(addDays(to, 1), t.config.tz)),
      ),
    );
  const sign = (k: string) => (k === 'payment' ? 1 : k === 'refund' ? -1 : 0);
  return rows.reduce((s, r) => s + sign(r.kind) * r.amountPaise, 0) / 100;
}

describe('GET /customer/summary (This Month)', () => {
  it("counts this month's visits of the caller's pets and what they paid, never another customer's or last month's", async () => {
    const a = await customerWithPet('Asha');
    const b = await customerWithPet('Bela');
    const type = await typeByCode(db(), 'veterinary');
    const price = type.consultationPvtPaise / 100 - 50;

    // Last month: a visit paid then (the clock moved back for the payment; the visit's row dated with it).
    t.clock.set(new Date(startOfDay(monthOf(todayIn(t.config.tz)).from, t.config.tz).getTime() - 3 * 86_400_000));
    const old = await vetPaid(a.petId);
    t.clock.set(null);
    await db()
      .update(visits)
      .set({ createdAt: new Date(startOfDay(monthOf(todayIn(t.config.tz)).from, t.config.tz).getTime() - 3 * 86_400_000) })
      .where(eq(visits.id, old));

    // This month: two of A's, one of B's, and an inquiry of A's at no charge.
    await vetPaid(a.petId);
    await vetPaid(a.petId);
    await vetPaid(b.petId);
    const inquiry = await typeByCode(db(), 'inquiry');
    expect(
      (await post('/visit/addinquiryvisit', { petId: a.petId, visitType: inquiry.id, note: 'Asked' }, staff.token)).statusCode,
    ).toBe(201);

    // Customer A naming B anywhere in the request changes nothing.
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/customer/summary?email=${encodeURIComponent(b.user.email)}&ownerId=${b.ownerId}`,
      token: a.user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().summary;
    const month = monthOf(todayIn(t.config.tz));
    expect(summary).toEqual({ ...month, visits: 3, spent: 2 * price, pets: 1 });
    // Reconciled with the ledger.
    expect(summary.spent).toBe(await paidThisMonthFromLedger(a.ownerId));
    expect((await get('/customer/summary', b.user.token)).json().summary).toMatchObject({ visits: 1, spent: price, pets: 1 });
  });

  it('a voided visit is not counted; its money stays what the ledger says was paid', async () => {
    const a = await customerWithPet('Chitra');
    const admin = await t.user('staff', { isAdmin: true });
    const v = await vetPaid(a.petId);
    const before = (await get('/customer/summary', a.user.token)).json().summary;
    expect(before.visits).toBe(1);
    expect((await post('/visit/voidvisit', { visitId: v, reason: 'Entered twice' }, admin.token)).statusCode).toBe(200);
    const after = (await get('/customer/summary', a.user.token)).json().summary;
    expect(after.visits).toBe(0);
    expect(after.spent).toBe(await paidThisMonthFromLedger(a.ownerId));
  });

  it('a new customer without pets: zeros', async () => {
    const c = await t.user('customer');
    const res = await get('/customer/summary', c.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toMatchObject({ visits: 0, spent: 0, pets: 0 });
  });

  it('staff are refused (403): the summary is a customer’s own', async () => {
    expect((await get('/customer/summary', staff.token)).statusCode).toBe(403);
  });
});

describe('GET /customer/visits/{id}/documents', () => {
  it("lists the visit's receipt to its owner; another customer gets 403, an unknown visit 404, a bad id 400", async () => {
    const a = await customerWithPet('Divya');
    const b = await customerWithPet('Esha');
    const visitId = await vetPaid(a.petId);
    const res = await get(`/customer/visits/${visitId}/documents`, a.user.token);
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json().documents;
    expect(docs).toEqual([expect.objectContaining({ kind: 'receipt', title: expect.any(String), number: expect.any(String) })]);
    // The document it links to opens for A.
    expect((await get(`/documents/${docs[0]._id}`, a.user.token)).statusCode).toBe(200);

    const asB = await get(`/customer/visits/${visitId}/documents`, b.user.token);
    expect(asB.statusCode).toBe(403);
    expect(asB.body).not.toContain(docs[0].number);
    expect((await get('/customer/visits/0123456789abcdef01234567/documents', a.user.token)).statusCode).toBe(404);
    expect((await get('/customer/visits/nope/documents', a.user.token)).statusCode).toBe(400);
  });

  it('a visit without money has no documents', async () => {
    const a = await customerWithPet('Farah');
    const inquiry = await typeByCode(db(), 'inquiry');
    const v = await post('/visit/addinquiryvisit', { petId: a.petId, visitType: inquiry.id, note: 'Asked' }, staff.token);
    const res = await get(`/customer/visits/${v.json().visit._id}/documents`, a.user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toEqual([]);
  });
});

describe('the customer pet form: the profile completion rule', () => {
  let fresh: TestUser;
  beforeAll(async () => {
    fresh = await t.user('customer', { fullName: 'Gauri Nair' });
  });

  it('a customer whose profile has no phone or address is asked to complete it, not told about hidden fields', async () => {
    const res = await post('/customer/pet/addpet', petForm(), fresh.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: PET_MSG.completeProfile,
      errors: { profile: PET_MSG.completeProfile, phone: PET_MSG.phoneRequired, address: PET_MSG.address },
    });
    expect(await db().select().from(owners).where(eq(owners.userId, fresh.id))).toEqual([]);
  });

  it('once the profile is complete, the form needs neither: the pet goes to an owner record with the profile’s phone', async () => {
    const mobile = phone();
    const saved = await post('/customer/profile', { fullName: 'Gauri Nair', phone: mobile, address: 'DLF Phase 2' }, fresh.token);
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await post('/customer/pet/addpet', petForm({ phone: '', address: '' }), fresh.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().pet.owner).toMatchObject({ phone: mobile, address: 'DLF Phase 2' });
  });

  it('a phone given on the form still counts (and a wrong one is its field’s message)', async () => {
    const c = await t.user('customer');
    const bad = await post('/customer/pet/addpet', petForm({ phone: '12345', address: 'Sector 56' }), c.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ phone: PET_MSG.phoneInvalid });
    const ok = await post('/customer/pet/addpet', petForm({ phone: phone(), address: 'Sector 56' }), c.token);
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe("POST /pet/addpet with a customer token: the existing client's top-level segment", () => {
  const body = (o: Record<string, unknown> = {}) => ({
    ownerName: 'Ignored Name',
    phone: phone(),
    email: 'ignored@example.com',
    address: 'Sector 45, Gurugram',
    pets: [petForm({ name: 'Tuffy', segment: undefined }), petForm({ name: 'Moti', segment: 'Veterinary' })],
    ...o,
  });

  it('takes the top-level segment for every pet that names none (a pet’s own segment wins)', async () => {
    const c = await t.user('customer', { fullName: 'Harsh Vora' });
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/pet/addpet',
      headers: { authorization: c.token, 'content-type': 'application/json' },
      payload: JSON.stringify(body({ segment: 'Day Care' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const pets = (await get('/customerappointment/getcustomerpets', c.token)).json().pets;
    expect(Object.fromEntries(pets.map((p: { name: string; segment: string }) => [p.name, p.segment]))).toEqual({
      Tuffy: 'Day Care',
      Moti: 'Veterinary',
    });
  });

  it("still 400 'Segment is required' when neither the body nor the pet names one", async () => {
    const c = await t.user('customer');
    const res = await post('/pet/addpet', body(), c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PET_MSG.segment, errors: { 'pets.0.segment': PET_MSG.segment } });
  });

  it('an unknown top-level segment is a 400 with its message', async () => {
    const c = await t.user('customer');
    const res = await post('/pet/addpet', body({ segment: 'Spa' }), c.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ segment: PET_MSG.segment });
  });
});
