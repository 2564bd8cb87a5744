import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardings, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { activeBoardings, holdSubscription, ledgerOfPet, ledgerOfVisit, planOf, useVisitTest } from '../../../test/visit-kit.ts';

const { staff, customer, types, db, post } = useVisitTest();

const pet = () => makePet(db());
const save = (url: string, body: unknown) => post(url, body, staff.token);
const stay = (code: 'hostel' | 'day_care', petId: string, details: object) => ({ petId, visitType: types[code]!.id, details });
const url = { hostel: '/visit/addhostelvisit', day_care: '/visit/adddaycarevisit' } as const;

/** The ledger of a visit as [kind, status, method, paise, payment type], sorted. */
async function ledger(visitId: string) {
  return (await ledgerOfVisit(db(), visitId)).map((e) => [e.kind, e.status, e.method, e.amountPaise, e.paymentType]).sort();
}

describe.each(['hostel', 'day_care'] as const)('POST %s visit', (code) => {
  it('(daily price − discount) × days; advance: all paid now; boards the pet with the booked days', async () => {
    const p = await pet();
    const res = await save(
      url[code],
      stay(code, p.id, {
        numberOfDays: 3,
        discount: 100,
        finalPrice: 2700,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'cash',
      }),
    );
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ message: 'Dog boarded successfully', visit: { price: 2700, paid: 2700, paymentLeft: 0 } });
    expect(await ledger(json.visit._id)).toEqual([
      ['charge', 'completed', null, 270000, 'advance_payment'],
      ['payment', 'completed', 'cash', 270000, 'advance_payment'],
    ]);
    const [b] = await activeBoardings(db(), p.id);
    expect(b).toMatchObject({ id: json.visit.boardingId, visitId: json.visit._id, numberOfDays: 3, subscriptionId: null });
    expect(Math.abs(b!.entryTime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('partial: the total less paymentLeft is paid now; after service: nothing now', async () => {
    const p = await pet();
    const partial = await save(
      url[code],
      stay(code, p.id, {
        numberOfDays: 2,
        finalPrice: 2000,
        paymentLeft: 1250.5,
        selectedPaymentType: 'partial_payment',
        selectedPayment: 'cash',
      }),
    );
    expect(partial.statusCode).toBe(201);
    expect(partial.json().visit).toMatchObject({ paid: 749.5, paymentLeft: 1250.5 });
    expect(await ledger(partial.json().visit._id)).toContainEqual(['payment', 'completed', 'cash', 74950, 'partial_payment']);

    const q = await pet();
    const after = await save(
      url[code],
      stay(code, q.id, {
        numberOfDays: 2,
        finalPrice: 2000,
        paymentLeft: 2000,
        selectedPaymentType: 'payment_after_service',
        selectedPayment: 'cash',
      }),
    );
    expect(after.statusCode).toBe(201);
    expect(after.json()).toMatchObject({ visit: { paid: 0, paymentLeft: 2000 }, payment: null });
    expect(await ledger(after.json().visit._id)).toEqual([['charge', 'completed', null, 200000, 'payment_after_service']]);
  });

  it('refuses a partial payment of nothing or of more than the total, and a paymentLeft the type contradicts', async () => {
    const p = await pet();
    const base = { numberOfDays: 2, finalPrice: 2000, selectedPayment: 'cash' };
    const none = await save(url[code], stay(code, p.id, { ...base, paymentLeft: 2000, selectedPaymentType: 'partial_payment' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Enter the amount paid now');
    const missing = await save(url[code], stay(code, p.id, { ...base, selectedPaymentType: 'partial_payment' }));
    expect(missing.json().message).toBe('Enter the amount paid now');
    const over = await save(url[code], stay(code, p.id, { ...base, paymentLeft: 2500, selectedPaymentType: 'partial_payment' }));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Payment left cannot be more than the total of ₹2,000.00');
    const advance = await save(
      url[code],
      stay(code, p.id, { ...base, paymentLeft: 500, selectedPaymentType: 'advance_payment' }),
    );
    expect(advance.statusCode).toBe(400);
    expect(advance.json()).toMatchObject({ expectedPaymentLeft: 0 });
    const after = await save(
      url[code],
      stay(code, p.id, { ...base, paymentLeft: 0, selectedPaymentType: 'payment_after_service' }),
    );
    expect(after.json()).toMatchObject({ expectedPaymentLeft: 2000 });
    expect(await ledgerOfPet(db(), p.id)).toEqual([]);
    expect(await activeBoardings(db(), p.id)).toEqual([]);
  });

  it('the existing client’s form (no payment type, no method): paymentLeft decides what was paid, method not recorded', async () => {
    const p = await pet();
    const res = await save(
      url[code],
      stay(code, p.id, {
        planId: null,
        isSubscriptionAvailed: false,
        numberOfDays: 1,
        discount: 0,
        finalPrice: 1000,
        paymentLeft: 400,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({ method: 'not_recorded', status: 'completed', amount: 600 });
    expect(await ledger(res.json().visit._id)).toContainEqual(['payment', 'completed', 'not_recorded', 60000, 'partial_payment']);
    const q = await pet();
    const unsaid = await save(url[code], stay(code, q.id, { numberOfDays: 1, finalPrice: 1000 }));
    expect(unsaid.json()).toMatchObject({ visit: { paid: 0, paymentLeft: 1000 }, payment: null });
  });

  it('costs 0 with the pet’s active subscription for the purpose; the boarding records the subscription used', async () => {
    const p = await pet();
    const plan = await planOf(db(), code);
    const sub = await holdSubscription(db(), p.id, plan);
    const res = await save(
      url[code],
      stay(code, p.id, { planId: plan.id, isSubscriptionAvailed: true, numberOfDays: 5, finalPrice: 0, paymentLeft: 0 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Dog boarded successfully', visit: { price: 0 }, payment: null });
    expect(await ledgerOfVisit(db(), res.json().visit._id)).toEqual([]);
    const [b] = await activeBoardings(db(), p.id);
    expect(b).toMatchObject({ subscriptionId: sub.id, numberOfDays: 5 });
  });

  it('refuses a subscription the pet does not hold, and a non-zero price with a subscription', async () => {
    const p = await pet();
    const plan = await planOf(db(), code);
    const res = await save(
      url[code],
      stay(code, p.id, { planId: plan.id, isSubscriptionAvailed: true, numberOfDays: 1, finalPrice: 0 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The pet has no active .* subscription on this plan/);
    const groomingPlan = await planOf(db(), 'grooming');
    await holdSubscription(db(), p.id, groomingPlan);
    const other = await save(
      url[code],
      stay(code, p.id, { planId: groomingPlan.id, isSubscriptionAvailed: true, numberOfDays: 1, finalPrice: 0 }),
    );
    expect(other.statusCode).toBe(400);
    await holdSubscription(db(), p.id, plan);
    const priced = await save(
      url[code],
      stay(code, p.id, { planId: plan.id, isSubscriptionAvailed: true, numberOfDays: 1, finalPrice: 1000 }),
    );
    expect(priced.json()).toMatchObject({ expectedFinalPrice: 0 });
    expect(await activeBoardings(db(), p.id)).toEqual([]);
  });

  it.each([
    [{ numberOfDays: 0, finalPrice: 0 }, 'Please enter a valid number of days (minimum 1).'],
    [{ numberOfDays: -2, finalPrice: 0 }, 'Please enter a valid number of days (minimum 1).'],
    [{ numberOfDays: 1.5, finalPrice: 1500 }, 'Please enter a valid number of days (minimum 1).'],
    [{ numberOfDays: 1, discount: 1001, finalPrice: 0 }, 'Discount cannot exceed service price of ₹1,000.00'],
    [{ numberOfDays: 1, discount: -5, finalPrice: 1005 }, 'Discount cannot be negative'],
    [{ numberOfDays: 1, finalPrice: 'a lot' }, 'Final price must be a number'],
    [
      { numberOfDays: 2, finalPrice: 1000 },
      'The final price is ₹2,000.00, not ₹1,000.00. Prices may have changed; please review and try again.',
    ],
  ])('refuses %j', async (details, message) => {
    const p = await pet();
    const res = await save(url[code], stay(code, p.id, details));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toEqual([]);
  });
});

describe('the number of days', () => {
  it('is required for a hostel stay; a day care visit without it is one day', async () => {
    const p = await pet();
    const hostel = await save(url.hostel, stay('hostel', p.id, { finalPrice: 1000 }));
    expect(hostel.statusCode).toBe(400);
    expect(hostel.json().message).toBe('Please enter a valid number of days (minimum 1).');
    const dayCare = await save(
      url.day_care,
      stay('day_care', p.id, {
        discount: 100,
        finalPrice: 900,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'cash',
      }),
    );
    expect(dayCare.statusCode).toBe(201);
    expect(dayCare.json().visit).toMatchObject({ price: 900, paid: 900 });
    expect(await activeBoardings(db(), p.id)).toMatchObject([{ numberOfDays: 1 }]);
  });
});

describe.each([
  ['/visit/adddayschoolvisit', 'day_school'],
  ['/visit/addplayschoolvisit', 'play_school'],
] as const)('POST %s', (path, code) => {
  const body = (petId: string, extra: object) => ({ petId, visitType: types[code]!.id, ...extra });

  it('saves only with the pet’s activated subscription, at 0, and boards the pet for the day', async () => {
    const p = await pet();
    const plan = await planOf(db(), code);
    const sub = await holdSubscription(db(), p.id, plan);
    const res = await save(path, body(p.id, { isSubscriptionAvailed: true, planId: plan.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Dog boarded successfully', visit: { price: 0, paid: 0 }, payment: null });
    expect(await activeBoardings(db(), p.id)).toMatchObject([{ subscriptionId: sub.id, numberOfDays: 1 }]);
  });

  it('refuses without a subscription: avail subscription then save visit', async () => {
    const p = await pet();
    const plan = await planOf(db(), code);
    await holdSubscription(db(), p.id, plan);
    for (const extra of [{ isSubscriptionAvailed: false, planId: plan.id }, { planId: plan.id }]) {
      const res = await save(path, body(p.id, extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('avail subscription then save visit');
    }
    const q = await pet();
    const notHeld = await save(path, body(q.id, { isSubscriptionAvailed: true, planId: plan.id }));
    expect(notHeld.statusCode).toBe(400);
    expect(await db().select().from(boardings).where(eq(boardings.petId, q.id))).toEqual([]);
  });

  it('uses the spec’s school messages for the pet and the visit type; 401 anonymous, 403 customer', async () => {
    const p = await pet();
    const unknown = await save(path, {
      petId: '0123456789abcdef01234567',
      visitType: types[code]!.id,
      isSubscriptionAvailed: true,
    });
    expect(unknown.json().message).toBe('Invalid pet ID. Please select a pet before proceeding.');
    const noPet = await save(path, { visitType: types[code]!.id, isSubscriptionAvailed: true });
    expect(noPet.json().message).toBe('Invalid pet ID. Please select a pet before proceeding.');
    const noType = await save(path, { petId: p.id, isSubscriptionAvailed: true });
    expect(noType.json().message).toBe('Invalid visit type. Please try again.');
    const wrong = await save(path, { petId: p.id, visitType: types.hostel!.id, isSubscriptionAvailed: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^This form saves (Day|Play) School visits, not Hostel\.$/);
    const b = body(p.id, { isSubscriptionAvailed: true });
    expect((await post(path, b)).statusCode).toBe(401);
    expect((await post(path, b, customer.token)).statusCode).toBe(403);
  });
});

describe('one active boarding per pet', () => {
  it('a second boarding visit of any boarding purpose is a 409 naming where the pet is boarded; nothing is saved', async () => {
    const p = await pet();
    const first = await save(url.day_care, stay('day_care', p.id, { numberOfDays: 1, finalPrice: 1000, paymentLeft: 0 }));
    expect(first.statusCode).toBe(201);
    const plan = await planOf(db(), 'day_school');
    await holdSubscription(db(), p.id, plan);
    const attempts = [
      save(url.hostel, stay('hostel', p.id, { numberOfDays: 1, finalPrice: 1000 })),
      save('/visit/adddogparkvisit', {
        petId: p.id,
        visitType: types.dog_park!.id,
        details: { price: 350, selectedPayment: 'cash' },
      }),
      save('/visit/adddayschoolvisit', {
        petId: p.id,
        visitType: types.day_school!.id,
        isSubscriptionAvailed: true,
        planId: plan.id,
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: 'The pet is already boarded in Day Care' });
    }
    expect(await db().select().from(visits).where(eq(visits.petId, p.id))).toHaveLength(1);
    expect((await ledgerOfPet(db(), p.id)).filter((e) => e.kind === 'charge')).toHaveLength(1);
    // A grooming visit does not board: it is still fine.
    const groom = await save('/visit/addgroomingvisit', {
      petId: p.id,
      visitType: types.grooming!.id,
      details: { finalPrice: 700 },
    });
    expect(groom.statusCode).toBe(201);
  });
});

describe('payment link at a save', () => {
  it('creates the link after the save, emails it to the owner and answers it; the payment stays pending', async () => {
    const owner = await makeOwner(db(), { email: 'owner.link@test.in' });
    const p = await makePet(db(), { ownerId: owner.id });
    const res = await save(
      url.hostel,
      stay('hostel', p.id, {
        numberOfDays: 1,
        finalPrice: 1000,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'payment_link',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({
      method: 'payment_link',
      status: 'pending',
      amount: 1000,
      receiptNo: null,
      linkUrl: expect.stringMatching(/^https?:\/\//),
      linkError: null,
      linkEmailed: true,
    });
    const [row] = (await ledgerOfVisit(db(), res.json().visit._id)).filter((e) => e.kind === 'payment');
    expect(row).toMatchObject({ status: 'pending', linkUrl: res.json().payment.linkUrl, providerLinkId: expect.any(String) });
  });
});
