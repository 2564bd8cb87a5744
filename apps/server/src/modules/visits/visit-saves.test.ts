import { addDays, todayIn } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { followUps, visitItems, visits, visitTypes } from '../../db/schema/index.ts';
import { makePet } from '../../../test/factories.ts';
import { holdSubscription, ledgerOfPet, ledgerOfVisit, planOf, subscriptionRow, useVisitTest } from '../../../test/visit-kit.ts';

const { t, staff, customer, types, db, post } = useVisitTest();

const pet = () => makePet(db());
const save = async (url: string, body: unknown) => post(url, body, staff.token);

async function visitRow(id: string) {
  const [row] = await db().select().from(visits).where(eq(visits.id, id));
  return row!;
}

describe('POST /visit/addinquiryvisit', () => {
  const body = (petId: string, extra: object = {}) => ({
    petId,
    visitType: types.inquiry!.id,
    note: 'Asked about boarding',
    ...extra,
  });

  it('saves an inquiry at 0 with nothing in the ledger, and schedules its follow-up (source inquiry)', async () => {
    const p = await pet();
    const date = addDays(todayIn('Asia/Kolkata'), 2);
    const res = await save(
      '/visit/addinquiryvisit',
      body(p.id, { nextFollowUp: date, followUpTime: '10:30', followUpPurpose: 'Call back about hostel' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Visit saved successfully',
      visit: { petId: p.id, purpose: 'Inquiry', price: 0, paid: 0, paymentLeft: 0, boardingId: null },
      payment: null,
    });
    const id = res.json().visit._id;
    expect(await ledgerOfVisit(db(), id)).toEqual([]);
    const [f] = await db().select().from(followUps).where(eq(followUps.sourceId, id));
    expect(f).toMatchObject({ petId: p.id, date, time: '10:30', purpose: 'Call back about hostel', source: 'inquiry' });
    expect((await visitRow(id)).note).toBe('Asked about boarding');
    // It shows in that day's attendance (and so in reminders).
    const att = await t.call({ method: 'GET', url: `/api/v1/attendance/getattendancelist/${date}`, token: staff.token });
    expect(att.json().List).toContainEqual(
      expect.objectContaining({ purpose: 'Call back about hostel', petId: expect.objectContaining({ _id: p.id }) }),
    );
  });

  it('accepts today as the follow-up date, refuses yesterday', async () => {
    const p = await pet();
    const today = todayIn('Asia/Kolkata');
    const ok = await save(
      '/visit/addinquiryvisit',
      body(p.id, { nextFollowUp: today, followUpTime: '09:00', followUpPurpose: 'x' }),
    );
    expect(ok.statusCode).toBe(201);
    const past = await save(
      '/visit/addinquiryvisit',
      body(p.id, { nextFollowUp: addDays(today, -1), followUpTime: '09:00', followUpPurpose: 'x' }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Follow-up date cannot be before today');
  });

  it.each([
    [{ followUpTime: '10:00', followUpPurpose: 'x' }, 'Follow-up date is required when scheduling follow-up'],
    [{ nextFollowUp: '2099-01-01', followUpPurpose: 'x' }, 'Follow-up time is required when scheduling follow-up'],
    [{ nextFollowUp: '2099-01-01', followUpTime: '10:00' }, 'Follow-up purpose is required when scheduling follow-up'],
    [
      { nextFollowUp: '01-01-2099', followUpTime: '10:00', followUpPurpose: 'x' },
      'Follow-up date must be a valid date (yyyy-MM-dd)',
    ],
    [{ nextFollowUp: '2099-01-01', followUpTime: '25:00', followUpPurpose: 'x' }, 'Follow-up time must be a valid time (HH:mm)'],
    [{ note: '  ' }, 'Inquiry description is required'],
  ])('refuses %j: %s', async (extra, message) => {
    const p = await pet();
    const res = await save('/visit/addinquiryvisit', body(p.id, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });
});

describe('POST /visit/adddogparkvisit', () => {
  const body = (petId: string, details: object) => ({ petId, visitType: types.dog_park!.id, details });

  it('charges price − discount, takes it in cash with a receipt, and boards the pet for the day', async () => {
    const p = await pet();
    const res = await save(
      '/visit/adddogparkvisit',
      body(p.id, { initialPrice: 350, discount: 50, price: 300, selectedPayment: 'cash' }),
    );
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      // A day at the park is a visit, not a stay (issue 18): never 'Dog boarded successfully'.
      message: 'Payment successful and visit saved!',
      visit: { purpose: 'Dog Park', price: 300, paid: 300, paymentLeft: 0 },
      payment: { method: 'cash', status: 'completed', amount: 300, receiptNo: expect.stringMatching(/^\d{4}-\d{2}\/\d{6}$/) },
    });
    expect(json.visit.boardingId).toMatch(/^[0-9a-f]{24}$/);
    const ledger = await ledgerOfVisit(db(), json.visit._id);
    const rows = ledger.map((e) => [e.kind, e.status, e.amountPaise, e.boardingId]).sort();
    expect(rows).toEqual([
      ['charge', 'completed', 30000, json.visit.boardingId],
      ['payment', 'completed', 30000, json.visit.boardingId],
    ]);
  });

  it('refuses a price that differs from the server’s with the expected amount, and saves nothing', async () => {
    const p = await pet();
    const res = await save('/visit/adddogparkvisit', body(p.id, { discount: 50, price: 250, selectedPayment: 'cash' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      expectedPrice: 300,
      expectedFinalPrice: 300,
      errors: { 'details.price': expect.any(String) },
    });
    const initial = await save(
      '/visit/adddogparkvisit',
      body(p.id, { initialPrice: 300, discount: 0, price: 300, selectedPayment: 'cash' }),
    );
    expect(initial.statusCode).toBe(400);
    expect(initial.json()).toMatchObject({ expectedInitialPrice: 350, expectedFinalPrice: 350 });
    expect(await ledgerOfPet(db(), p.id)).toEqual([]);
  });

  it.each([
    [{ discount: -1, price: 351, selectedPayment: 'cash' }, 'Discount cannot be negative'],
    [{ discount: 400, price: 0, selectedPayment: 'cash' }, 'Discount cannot exceed service price of ₹350.00'],
    [{ discount: 0, price: '350', selectedPayment: 'cash' }, 'Price must be a number'],
    [{ discount: 0, price: 350 }, 'Please select payment method'],
    [{ discount: 0, price: 350, selectedPayment: 'bitcoin' }, 'Please select payment method'],
  ])('refuses %j: %s', async (details, message) => {
    const p = await pet();
    const res = await save('/visit/adddogparkvisit', body(p.id, details));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('records a payment link as a pending payment without a receipt number', async () => {
    const p = await pet();
    const res = await save('/visit/adddogparkvisit', body(p.id, { discount: 0, price: 350, selectedPayment: 'payment_link' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Visit saved successfully',
      visit: { paid: 0, paymentLeft: 350 },
      payment: { method: 'payment_link', status: 'pending', receiptNo: null },
    });
  });
});

describe('POST /visit/addveterinaryvisit', () => {
  const body = (petId: string, customerType: string, details: object) => ({
    petId,
    visitType: types.veterinary!.id,
    customerType,
    details,
  });

  it.each([
    ['pvtltd', 500],
    ['pvtltd Emergency', 1000],
    ['NGO', 300],
    ['NGO Emergency', 600],
  ])('%s pays its consultation price (₹%i) less the discount', async (customerType, price) => {
    const p = await pet();
    const res = await save(
      '/visit/addveterinaryvisit',
      body(p.id, customerType, { price, discount: 100, finalPrice: price - 100, selectedPayment: 'cash' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Payment successful and visit saved!',
      visit: { price: price - 100, paid: price - 100 },
    });
    expect(await visitRow(res.json().visit._id)).toMatchObject({
      customerType,
      pricePaise: (price - 100) * 100,
      discountPaise: 10000,
    });
  });

  it('refuses a final price computed from another customer type’s price', async () => {
    const p = await pet();
    const res = await save(
      '/visit/addveterinaryvisit',
      body(p.id, 'NGO', { discount: 0, finalPrice: 500, selectedPayment: 'cash' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ expectedFinalPrice: 300 });
  });

  it('records a payment whose method was not named as not recorded, and refuses a missing customer type', async () => {
    const p = await pet();
    const res = await save('/visit/addveterinaryvisit', body(p.id, 'pvtltd', { discount: 0, finalPrice: 500 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({ method: 'not_recorded', status: 'completed', amount: 500 });
    const none = await save('/visit/addveterinaryvisit', {
      petId: p.id,
      visitType: types.veterinary!.id,
      details: { finalPrice: 500 },
    });
    expect(none.json().message).toBe('Customer Type Not Choosen');
    const over = await save('/visit/addveterinaryvisit', body(p.id, 'NGO', { discount: 301, finalPrice: 0 }));
    expect(over.json().message).toBe('Discount cannot exceed service price of ₹300.00');
  });
});

describe('POST /visit/addgroomingvisit', () => {
  const body = (petId: string, details: object) => ({ petId, visitType: types.grooming!.id, details });

  it('charges price − discount without a subscription', async () => {
    const p = await pet();
    const res = await save('/visit/addgroomingvisit', body(p.id, { discount: 100, finalPrice: 600, selectedPayment: 'cash' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().visit).toMatchObject({ price: 600, paid: 600 });
  });

  it('costs 0 with the pet’s grooming subscription and uses one session; the last one ends it (used up)', async () => {
    const p = await pet();
    const plan = await planOf(db(), 'grooming');
    const sub = await holdSubscription(db(), p.id, plan, { groomingsLeft: 1 });
    const res = await save(
      '/visit/addgroomingvisit',
      body(p.id, { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 0 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Visit saved successfully', visit: { price: 0 }, payment: null });
    expect(await subscriptionRow(db(), sub.id)).toMatchObject({ groomingsLeft: 0, active: false });
    expect(await visitRow(res.json().visit._id)).toMatchObject({ subscriptionId: sub.id, isSubscriptionAvailed: true });
    expect(await ledgerOfVisit(db(), res.json().visit._id)).toEqual([]);
    const again = await save(
      '/visit/addgroomingvisit',
      body(p.id, { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 0 }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'The pet has no active Grooming subscription on this plan. Buy one first, or save the visit without it.',
    );
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toHaveLength(1);
  });

  it('concurrent subscription groomings with one session left: one visit, the others refused', async () => {
    const p = await pet();
    const plan = await planOf(db(), 'grooming');
    const sub = await holdSubscription(db(), p.id, plan, { groomingsLeft: 1 });
    const b = body(p.id, { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 0 });
    const res = await Promise.all([
      save('/visit/addgroomingvisit', b),
      save('/visit/addgroomingvisit', b),
      save('/visit/addgroomingvisit', b),
    ]);
    // Refused before the transaction (no active subscription: 400) or inside it (no session left: 409).
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect(codes.slice(1).every((c) => c === 400 || c === 409)).toBe(true);
    expect((await subscriptionRow(db(), sub.id)).groomingsLeft).toBe(0);
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toHaveLength(1);
  });

  it('refuses a subscription the pet does not hold (another pet’s, an inactive one, another plan)', async () => {
    const p = await pet();
    const other = await pet();
    const plan = await planOf(db(), 'grooming');
    await holdSubscription(db(), other.id, plan);
    await holdSubscription(db(), p.id, plan, { active: false });
    const res = await save(
      '/visit/addgroomingvisit',
      body(p.id, { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 0 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The pet has no active Grooming subscription on this plan. Buy one first, or save the visit without it.',
    );
    const hostelPlan = await planOf(db(), 'hostel');
    await holdSubscription(db(), p.id, hostelPlan);
    const wrongPlan = await save(
      '/visit/addgroomingvisit',
      body(p.id, { planId: hostelPlan.id, isSubscriptionAvailed: true, finalPrice: 0 }),
    );
    expect(wrongPlan.statusCode).toBe(400);
  });

  it('refuses a non-zero final price with a subscription', async () => {
    const p = await pet();
    const plan = await planOf(db(), 'grooming');
    await holdSubscription(db(), p.id, plan);
    const res = await save(
      '/visit/addgroomingvisit',
      body(p.id, { planId: plan.id, isSubscriptionAvailed: true, finalPrice: 700 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ expectedFinalPrice: 0 });
  });
});

describe('POST /visit/addshopvisit and /visit/addshoppingvisit', () => {
  const body = (petId: string, items: unknown, total: unknown) => ({
    petId,
    visitType: types.shop!.id,
    items,
    details: { totalCalculatedPrice: total, selectedPayment: 'cash' },
  });

  it.each(['/visit/addshopvisit', '/visit/addshoppingvisit'])(
    '%s: the total is the sum of quantity × price (no quantity is 1); items are the visit’s lines',
    async (url) => {
      const p = await pet();
      const items = [
        { name: 'Dog shampoo', price: 450.5 },
        { name: 'Chew toy', price: 199, quantity: 2, unit: 'item', category: 'Toys' },
      ];
      const res = await save(url, body(p.id, items, 848.5));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Payment successful and visit saved!', visit: { price: 848.5, paid: 848.5 } });
      const lines = await db().select().from(visitItems).where(eq(visitItems.visitId, res.json().visit._id));
      expect(lines.sort((a, b) => (a.id < b.id ? -1 : 1)).map((l) => [l.kind, l.name, l.pricePaise, Number(l.quantity)])).toEqual(
        [
          ['shop', 'Dog shampoo', 45050, 1],
          ['shop', 'Chew toy', 19900, 2],
        ],
      );
    },
  );

  it.each([
    [[], 0, 'Add at least one item'],
    [[{ name: 'Leash', price: 'abc' }], 0, 'Item price must be a number'],
    [[{ name: '', price: 10 }], 10, 'Item name is required'],
  ])('refuses items %j', async (items, total, message) => {
    const p = await pet();
    const res = await save('/visit/addshopvisit', body(p.id, items, total));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses a total that is not the sum, with the expected total', async () => {
    const p = await pet();
    const res = await save('/visit/addshopvisit', body(p.id, [{ name: 'Leash', price: 300 }], 299));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ expectedTotalCalculatedPrice: 300 });
  });
});

describe('POST /visit/addvisit (purposes without their own endpoint)', () => {
  it('charges an admin-made purpose its price − discount; refuses purposes that have their own form', async () => {
    const [walk] = await db()
      .insert(visitTypes)
      .values({ code: 'dog_walk', purpose: 'Dog Walk', pricePaise: 25000, sortOrder: 99 })
      .returning();
    const p = await pet();
    const res = await save('/visit/addvisit', {
      petId: p.id,
      visitType: walk!.id,
      details: { discount: 50, finalPrice: 200, selectedPayment: 'cash' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().visit).toMatchObject({ purpose: 'Dog Walk', price: 200, paid: 200 });
    const noDetails = await save('/visit/addvisit', { petId: p.id, visitType: walk!.id });
    expect(noDetails.statusCode).toBe(201);
    expect(noDetails.json().payment).toMatchObject({ method: 'not_recorded', amount: 250 });
    const dedicated = await save('/visit/addvisit', { petId: p.id, visitType: types.grooming!.id, details: { finalPrice: 700 } });
    expect(dedicated.statusCode).toBe(400);
    expect(dedicated.json().message).toBe('Grooming visits are saved with their own form.');
  });
});

describe('every save endpoint', () => {
  const endpoints: [string, string, (petId: string, visitType: string) => object][] = [
    ['/visit/addinquiryvisit', 'inquiry', (petId, visitType) => ({ petId, visitType, note: 'n' })],
    [
      '/visit/adddogparkvisit',
      'dog_park',
      (petId, visitType) => ({ petId, visitType, details: { price: 350, selectedPayment: 'cash' } }),
    ],
    [
      '/visit/addveterinaryvisit',
      'veterinary',
      (petId, visitType) => ({ petId, visitType, customerType: 'NGO', details: { finalPrice: 300 } }),
    ],
    ['/visit/addgroomingvisit', 'grooming', (petId, visitType) => ({ petId, visitType, details: { finalPrice: 700 } })],
    [
      '/visit/addshopvisit',
      'shop',
      (petId, visitType) => ({
        petId,
        visitType,
        items: [{ name: 'a', price: 1 }],
        details: { totalCalculatedPrice: 1, selectedPayment: 'cash' },
      }),
    ],
    [
      '/visit/addhostelvisit',
      'hostel',
      (petId, visitType) => ({ petId, visitType, details: { numberOfDays: 1, finalPrice: 1000 } }),
    ],
  ];

  it.each(endpoints)('%s: anonymous 401, customer 403, nothing saved', async (url, code, make) => {
    const p = await pet();
    const b = make(p.id, types[code]!.id);
    expect((await post(url, b)).statusCode).toBe(401);
    const asCustomer = await post(url, b, customer.token);
    expect(asCustomer.statusCode).toBe(403);
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });

  it.each(endpoints)('%s: refuses another purpose’s visit type, and an unknown pet or type', async (url, code, make) => {
    const p = await pet();
    const other = code === 'shop' ? types.grooming! : types.shop!;
    const wrong = await save(url, make(p.id, other.id));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^This form saves .* visits, not (Grooming|Shop)\.$/);
    const unknownPet = await save(url, make('0123456789abcdef01234567', types[code]!.id));
    expect(unknownPet.statusCode).toBe(400);
    expect(unknownPet.json().message).toBe('A pet must be selected. Please select a pet before proceeding.');
    const unknownType = await save(url, make(p.id, '0123456789abcdef01234567'));
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe('Invalid visit type. Please try again.');
    const noPet = await save(url, { ...make(p.id, types[code]!.id), petId: undefined });
    expect(noPet.json().message).toBe('A pet must be selected. Please select a pet before proceeding.');
    const noType = await save(url, { ...make(p.id, types[code]!.id), visitType: undefined });
    expect(noType.json().message).toBe('Visit type is missing. Please try again.');
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });
});
