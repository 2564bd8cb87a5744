import {
  BOARDING_PURPOSES,
  boardingCategoriesResponse,
  DEFAULT_PLANS,
  DEFAULT_VISIT_TYPES,
  PURPOSES,
  plansResponse,
  visitPricesResponse,
  visitTypesResponse,
} from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { makePlan, makeVisitType } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const get = (url: string, token?: string) => t.call({ method: 'GET', url: `/api/v1${url}`, token });
/** The reference rows only: tests add their own types (code `test_…`), which come after them. */
const reference = <T extends { code: string }>(rows: T[]) => rows.filter((r) => !r.code.startsWith('test_'));

describe('GET /visit/getallvisittypes', () => {
  it('lists the visit types on offer in the New Visit order, named exactly as the spec, with every price', async () => {
    const res = await get('/visit/getallvisittypes', staff.token);
    expect(res.statusCode).toBe(200);
    const body = visitTypesResponse.parse(res.json());
    const types = reference(body.visitTypes);
    expect(types.map((v) => v.purpose)).toEqual([...PURPOSES]);
    const vet = types.find((v) => v.code === 'veterinary')!;
    const dflt = DEFAULT_VISIT_TYPES.find((v) => v.code === 'veterinary')!;
    // GST (issue 17): a new visit type is not taxed (0 %) until an admin sets its rate; prices include GST.
    expect(vet).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      ...dflt,
      sacCode: null,
      gstRate: 0,
      gstExempt: false,
      priceIncludesTax: true,
    });
    const hostel = types.find((v) => v.code === 'hostel')!;
    expect(hostel).toMatchObject({ purpose: 'Hostel', price: 1000, halfdayPrice: 600, isBoarding: true, hasSubscription: true });
  });

  it('leaves out a visit type that is not on offer', async () => {
    const off = await makeVisitType(t.database.db, { active: false });
    const on = await makeVisitType(t.database.db);
    const ids = (await get('/visit/getallvisittypes', customer.token)).json().visitTypes.map((v: { _id: string }) => v._id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
  });

  it('answers customers too (they book services from it), and refuses anonymous callers', async () => {
    expect((await get('/visit/getallvisittypes', customer.token)).statusCode).toBe(200);
    const anon = await get('/visit/getallvisittypes');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toMatchObject({ success: false, message: 'Authentication required' });
  });
});

describe('GET /visit/getallvisitprices', () => {
  it('gives one price entry per purpose on offer: purpose, price and the other prices', async () => {
    const res = await get('/visit/getallvisitprices', staff.token);
    expect(res.statusCode).toBe(200);
    const prices = reference(visitPricesResponse.parse(res.json()).prices);
    expect(prices.map((p) => [p.purpose, p.price])).toEqual(DEFAULT_VISIT_TYPES.map((v) => [v.purpose, v.price]));
    expect(prices.find((p) => p.code === 'day_care')).toMatchObject({ halfdayPrice: 600 });
  });

  it('refuses anonymous callers; customers may read', async () => {
    expect((await get('/visit/getallvisitprices')).statusCode).toBe(401);
    expect((await get('/visit/getallvisitprices', customer.token)).statusCode).toBe(200);
  });
});

describe('GET /visit/getboardingcategories', () => {
  it("lists the boarding purposes in the Deboard screen's order, types outside the spec after them", async () => {
    const extra = await makeVisitType(t.database.db, { isBoarding: true, sortOrder: -5 });
    await makeVisitType(t.database.db, { isBoarding: false });
    await makeVisitType(t.database.db, { isBoarding: true, active: false });
    const res = await get('/visit/getboardingcategories', staff.token);
    expect(res.statusCode).toBe(200);
    const cats = boardingCategoriesResponse.parse(res.json()).visitTypes;
    expect(cats.map((c) => c.purpose)).toEqual([...BOARDING_PURPOSES, extra.purpose]);
    expect(Object.keys(cats[0]!).sort()).toEqual(['_id', 'code', 'purpose']);
  });

  it('refuses anonymous callers', async () => {
    expect((await get('/visit/getboardingcategories')).statusCode).toBe(401);
    expect((await get('/visit/getboardingcategories', customer.token)).statusCode).toBe(200);
  });
});

describe('GET /subscription/getallsubscription', () => {
  it('lists the plans on offer with price, duration, groomings and the purpose', async () => {
    const res = await get('/subscription/getallsubscription', customer.token);
    expect(res.statusCode).toBe(200);
    const body = plansResponse.parse(res.json());
    // `data` is the same list (the existing client's customer page reads it).
    expect(body.data).toEqual(body.subscriptionPlans);
    const plans = body.subscriptionPlans.filter((p) => !p.subscriptionType.code.startsWith('test_'));
    expect(plans).toHaveLength(DEFAULT_PLANS.length);
    const hostel = plans.find((p) => p.name === 'Hostel Monthly')!;
    expect(hostel).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Hostel Monthly',
      price: 25000,
      duration: 30,
      validityInDays: null,
      numberOfGroomings: 2,
      active: true,
      subscriptionType: { _id: expect.any(String), purpose: 'Hostel', code: 'hostel' },
    });
    // In the visit types' order (Hostel before Day Care before … Grooming), then by duration.
    const purposes = plans.map((p) => p.subscriptionType.purpose);
    expect(purposes).toEqual([...purposes].sort((a, b) => PURPOSES.indexOf(a as never) - PURPOSES.indexOf(b as never)));
    expect(plans.filter((p) => p.subscriptionType.purpose === 'Hostel').map((p) => p.duration)).toEqual([15, 30]);
  });

  it('filters by visit type, and leaves out retired plans and plans of a type not on offer', async () => {
    const type = await makeVisitType(t.database.db, { hasSubscription: true });
    const a = await makePlan(t.database.db, type.id, { name: 'Long', durationDays: 60 });
    const b = await makePlan(t.database.db, type.id, { name: 'Short', durationDays: 10 });
    await makePlan(t.database.db, type.id, { name: 'Retired', active: false });
    const res = await get(`/subscription/getallsubscription?visitType=${type.id}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriptionPlans.map((p: { _id: string }) => p._id)).toEqual([b.id, a.id]);

    const hidden = await makeVisitType(t.database.db, { hasSubscription: true, active: false });
    const c = await makePlan(t.database.db, hidden.id);
    const all = (await get('/subscription/getallsubscription', staff.token)).json().subscriptionPlans;
    expect(all.map((p: { _id: string }) => p._id)).not.toContain(c.id);
    expect((await get(`/subscription/getallsubscription?visitType=${hidden.id}`, staff.token)).json().subscriptionPlans).toEqual(
      [],
    );
  });

  it('refuses a malformed visit type filter and anonymous callers', async () => {
    const bad = await get('/subscription/getallsubscription?visitType=nope', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Invalid id', errors: { visitType: 'Invalid id' } });
    expect((await get('/subscription/getallsubscription')).statusCode).toBe(401);
  });
});
