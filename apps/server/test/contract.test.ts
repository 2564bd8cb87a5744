/**
 * The contract of the business's existing web client (and its mobile app) with this API: one test per call the
 * existing client makes (spec 000/001 section 7), sent exactly as that client sends it:
 * - the raw token in `Authorization`, without `Bearer `;
 * - `Content-Type: application/json` on every call, GET included (with no body);
 * - the path, query and body fields as the client writes them.
 * Each test checks every field the client reads from the answer, with its type. A change that renames, drops or
 * retypes one of them fails here. docs/compatibility.md says, per call, whether Pawdesk behaves the same, extends
 * or differs, and why. Add a test here for every existing-client call a module serves.
 */
import { describe, expect, it } from 'vitest';
import { makeOwner, makePet } from './factories.ts';
import { useTestApp, useTestUser } from './harness.ts';
import { visitToPay } from './payments-fixtures.ts';
import { holdSubscription, planOf, typeByCode } from './visit-kit.ts';

const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

/** A call as the existing client makes it: raw token, JSON content type on every request. */
async function clientCall(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, token: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, json: () => JSON.parse(res.body) as Record<string, unknown> };
}

type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Checks that each `path` (dotted) of `value` holds the type the client expects. */
function expectFields(value: unknown, fields: Record<string, FieldType>) {
  for (const [path, type] of Object.entries(fields)) {
    const v = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], value);
    const actual = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
    expect(actual, `${path} is ${type}`).toBe(type);
  }
}

/** The first item of an array field, checked to exist. */
function first(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const list = body[field] as Record<string, unknown>[];
  expect(Array.isArray(list) && list.length > 0, `${field} is a non-empty list`).toBe(true);
  return list[0]!;
}

/* ───────────── visit types and subscription plans (New Visit, Deboard, Buy Subscription) ───────────── */

describe('visit types and plans', () => {
  it('GET /visit/getallvisittypes → success, visitTypes [{_id, purpose, price, halfdayPrice, consultation prices}]', async () => {
    const res = await clientCall('GET', '/visit/getallvisittypes', staff.token);
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, { success: 'boolean', visitTypes: 'array' });
    for (const vt of body.visitTypes as unknown[]) {
      expectFields(vt, {
        _id: 'string',
        purpose: 'string',
        price: 'number',
        halfdayPrice: 'number',
        consultationPricePvt: 'number',
        consultationPricePvtEmergency: 'number',
        consultationPriceNgo: 'number',
        consultationPriceNgoEmergency: 'number',
      });
    }
    // The client picks its sub-form by these names.
    const purposes = (body.visitTypes as { purpose: string }[]).map((v) => v.purpose);
    for (const p of [
      'Inquiry',
      'Dog Park',
      'Veterinary',
      'Hostel',
      'Day Care',
      'Day School',
      'Play School',
      'Grooming',
      'Shop',
      'Buy Subscription',
    ]) {
      expect(purposes).toContain(p);
    }
    // Customers read it too (Book Services).
    expect((await clientCall('GET', '/visit/getallvisittypes', customer.token)).status).toBe(200);
  });

  it('GET /visit/getallvisitprices → success, prices [{purpose, price}]', async () => {
    const res = await clientCall('GET', '/visit/getallvisitprices', staff.token);
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, { success: 'boolean', prices: 'array' });
    expectFields(first(body, 'prices'), { purpose: 'string', price: 'number' });
  });

  it('GET /visit/getboardingcategories → success, visitTypes [{_id, purpose}]', async () => {
    const res = await clientCall('GET', '/visit/getboardingcategories', staff.token);
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, { success: 'boolean', visitTypes: 'array' });
    expectFields(first(body, 'visitTypes'), { _id: 'string', purpose: 'string' });
  });

  it('GET /subscription/getallsubscription → success, subscriptionPlans [{_id, price, duration, numberOfGroomings, subscriptionType.purpose, validityInDays}]', async () => {
    const res = await clientCall('GET', '/subscription/getallsubscription', staff.token);
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, { success: 'boolean', subscriptionPlans: 'array' });
    expectFields(first(body, 'subscriptionPlans'), {
      _id: 'string',
      price: 'number',
      duration: 'number',
      validityInDays: 'number',
      numberOfGroomings: 'number',
      'subscriptionType.purpose': 'string',
    });
  });
});

/* ───────────── card payments (the boarding and dog-park "pay remaining" flows) ───────────── */

describe('payments (card)', () => {
  /** A visit with ₹750 due and its card payment pending, an order for it, and the offline checkout's result. */
  async function paidCheckout() {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 75000, pending: { method: 'card' } });
    const order = await clientCall('POST', '/payments/create-order', staff.token, {
      amount: 750,
      receipt: `order${Date.now()}`,
      notes: { visitId: visit.id },
    });
    const { id } = order.json().order as { id: string };
    const paid = await clientCall('POST', `/payments/offline/checkout/${id}/pay`, staff.token, { outcome: 'success' });
    return { visit, order, result: paid.json() };
  }

  it('POST /payments/create-order {amount, receipt, notes} → success, order {id, amount (paise), currency}, message', async () => {
    const { order } = await paidCheckout();
    expect(order.status).toBe(200);
    const body = order.json();
    expectFields(body, {
      success: 'boolean',
      message: 'string',
      order: 'object',
      'order.id': 'string',
      'order.amount': 'number',
    });
    expect(body.order).toMatchObject({ amount: 75000, currency: 'INR' });
  });

  it('POST /payments/verify-payment {razorpay_order_id, razorpay_payment_id, razorpay_signature} → success, message', async () => {
    const { result } = await paidCheckout();
    const res = await clientCall('POST', '/payments/verify-payment', staff.token, {
      razorpay_order_id: result.razorpay_order_id,
      razorpay_payment_id: result.razorpay_payment_id,
      razorpay_signature: result.razorpay_signature,
    });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json()).toMatchObject({ success: true, message: '✅ Payment Done Successfully!' });
  });

  it('POST /payments/verify-pending-payment {razorpay_payment_id, visitId} → success', async () => {
    const { visit, result } = await paidCheckout();
    const res = await clientCall('POST', '/payments/verify-pending-payment', staff.token, {
      razorpay_payment_id: result.razorpay_payment_id,
      visitId: visit.id,
    });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean' });
    expect(res.json().success).toBe(true);
  });
});

/* ───────────── New Visit saves, boarding and subscriptions (spec 001 §3, §7) ───────────── */

describe('New Visit', () => {
  const pet = async () => (await makePet(t.database.db, { ownerId: (await makeOwner(t.database.db)).id })).id;
  const typeId = async (code: string) => (await typeByCode(t.database.db, code)).id;
  /** Saves answer `{success, message}` (the client reads those); Pawdesk adds `visit` and `payment`. */
  async function saved(path: string, body: unknown): Promise<{ message: string; visit: { _id: string } }> {
    const res = await clientCall('POST', path, staff.token, body);
    expect(res.status, JSON.stringify(res.json())).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string', visit: 'object', 'visit._id': 'string' });
    expect(res.json().success).toBe(true);
    return res.json() as { message: string; visit: { _id: string } };
  }

  it('POST /visit/addinquiryvisit {note, nextFollowUp, followUpTime, followUpPurpose, petId, visitType} (flat)', async () => {
    const body = await saved('/visit/addinquiryvisit', {
      note: 'Asked about day care',
      nextFollowUp: '2099-01-10',
      followUpTime: '10:30',
      followUpPurpose: 'Call back',
      petId: await pet(),
      visitType: await typeId('inquiry'),
    });
    expect(body.message).toBe('Visit saved successfully');
  });

  it('POST /visit/adddogparkvisit {petId, visitType, details: {initialPrice, discount, price, selectedPayment}}', async () => {
    const body = await saved('/visit/adddogparkvisit', {
      petId: await pet(),
      visitType: await typeId('dog_park'),
      details: { initialPrice: 350, discount: 50, price: 300, selectedPayment: 'cash' },
    });
    expect(body.message).toBe('Dog boarded successfully');
  });

  it.each(['pvtltd', 'pvtltd Emergency', 'NGO', 'NGO Emergency'])(
    'POST /visit/addveterinaryvisit {petId, visitType, customerType: %s, details: {price, discount, selectedPayment, finalPrice}}',
    async (customerType) => {
      const prices: Record<string, number> = { pvtltd: 500, 'pvtltd Emergency': 1000, NGO: 300, 'NGO Emergency': 600 };
      const price = prices[customerType]!;
      const body = await saved('/visit/addveterinaryvisit', {
        petId: await pet(),
        visitType: await typeId('veterinary'),
        customerType,
        details: { price, discount: 0, selectedPayment: 'cash', finalPrice: price },
      });
      expect(body.message).toBe('Payment successful and visit saved!');
    },
  );

  it('POST /visit/addhostelvisit {petId, visitType, details: {planId, isSubscriptionAvailed, numberOfDays, discount, finalPrice, paymentLeft}} (no selectedPayment)', async () => {
    const body = await saved('/visit/addhostelvisit', {
      petId: await pet(),
      visitType: await typeId('hostel'),
      details: { planId: null, isSubscriptionAvailed: false, numberOfDays: 2, discount: 0, finalPrice: 2000, paymentLeft: 500 },
    });
    expect(body).toMatchObject({ message: 'Dog boarded successfully', visit: { paid: 1500, paymentLeft: 500 } });
  });

  it.each(['partial_payment', 'advance_payment', 'payment_after_service'])(
    'POST /visit/adddaycarevisit {petId, visitType, details: {selectedPaymentType: %s, selectedPayment, discount, paymentLeft, price, finalPrice}}',
    async (selectedPaymentType) => {
      const paymentLeft = { partial_payment: 400, advance_payment: 0, payment_after_service: 1000 }[selectedPaymentType];
      const body = await saved('/visit/adddaycarevisit', {
        petId: await pet(),
        visitType: await typeId('day_care'),
        details: { selectedPaymentType, selectedPayment: 'cash', discount: 0, paymentLeft, price: 1000, finalPrice: 1000 },
      });
      expect(body).toMatchObject({ message: 'Dog boarded successfully', visit: { paymentLeft } });
    },
  );

  it.each([
    ['/visit/adddayschoolvisit', 'day_school'],
    ['/visit/addplayschoolvisit', 'play_school'],
  ])('POST %s {petId, visitType, isSubscriptionAvailed, planId} (flat)', async (path, code) => {
    const petId = await pet();
    const plan = await planOf(t.database.db, code);
    await holdSubscription(t.database.db, petId, plan);
    const body = await saved(path, { petId, visitType: await typeId(code), isSubscriptionAvailed: true, planId: plan.id });
    expect(body.message).toBe('Dog boarded successfully');
  });

  it('POST /visit/addgroomingvisit {petId, visitType, details: {planId, selectedPayment, isSubscriptionAvailed, discount, price, finalPrice}}', async () => {
    const body = await saved('/visit/addgroomingvisit', {
      petId: await pet(),
      visitType: await typeId('grooming'),
      details: {
        planId: null,
        selectedPayment: 'cash',
        isSubscriptionAvailed: false,
        discount: 100,
        price: 700,
        finalPrice: 600,
      },
    });
    expect(body.message).toBe('Payment successful and visit saved!');
  });

  it.each(['/visit/addshopvisit', '/visit/addshoppingvisit'])(
    'POST %s {items: [{name, price}], petId, visitType, details: {totalCalculatedPrice, selectedPayment}}',
    async (path) => {
      const body = await saved(path, {
        items: [
          { name: 'Shampoo', price: 450 },
          { name: 'Leash', price: 300 },
        ],
        petId: await pet(),
        visitType: await typeId('shop'),
        details: { totalCalculatedPrice: 750, selectedPayment: 'payment_link' },
      });
      expect(body.message).toBe('Visit saved successfully');
    },
  );

  it('GET /visit/getparticularpetvisit?petId= → success, List [{pet.name, createdAt, visitType.purpose, details.payment.amount}], message', async () => {
    const petId = await pet();
    await saved('/visit/addgroomingvisit', {
      petId,
      visitType: await typeId('grooming'),
      details: { finalPrice: 700, selectedPayment: 'cash' },
    });
    await saved('/visit/addinquiryvisit', { petId, visitType: await typeId('inquiry'), note: 'n' });
    const res = await clientCall('GET', `/visit/getparticularpetvisit?petId=${petId}`, staff.token);
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, { success: 'boolean', List: 'array', message: 'string' });
    for (const v of body.List as unknown[]) {
      expectFields(v, {
        _id: 'string',
        createdAt: 'string',
        'pet.name': 'string',
        'visitType.purpose': 'string',
        'details.payment.amount': 'number',
      });
    }
    const amounts = (body.List as { visitType: { purpose: string }; details: { payment: { amount: number } } }[]).map((v) => [
      v.visitType.purpose,
      v.details.payment.amount,
    ]);
    expect(amounts.sort()).toEqual([
      ['Grooming', 700],
      ['Inquiry', 0],
    ]);
  });

  it('GET /visit/getvisitdetails/{id} → data {pet, visitType.purpose, details (price, discount, customerType, payment.amount)}', async () => {
    const v = await saved('/visit/addveterinaryvisit', {
      petId: await pet(),
      visitType: await typeId('veterinary'),
      customerType: 'NGO',
      details: { price: 300, discount: 50, selectedPayment: 'cash', finalPrice: 250 },
    });
    const res = await clientCall('GET', `/visit/getvisitdetails/${v.visit._id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), {
      data: 'object',
      'data._id': 'string',
      'data.createdAt': 'string',
      'data.pet.name': 'string',
      'data.visitType.purpose': 'string',
      'data.visitType.halfdayPrice': 'number',
      'data.details.price': 'number',
      'data.details.discount': 'number',
      'data.details.customerType': 'string',
      'data.details.isSubscriptionAvailed': 'boolean',
      'data.details.payment.amount': 'number',
      'data.details.medicines': 'array',
      'data.details.vaccines': 'array',
    });
  });

  it('POST /boarding/checkboarding {_id: petId} → success, boardingDetails.boardingType.purpose (absent when not boarded)', async () => {
    const petId = await pet();
    const free = await clientCall('POST', '/boarding/checkboarding', staff.token, { _id: petId });
    expect(free.status).toBe(200);
    expect(free.json().success).toBe(true);
    expect('boardingDetails' in free.json()).toBe(false);
    await saved('/visit/adddogparkvisit', {
      petId,
      visitType: await typeId('dog_park'),
      details: { discount: 0, price: 350, selectedPayment: 'cash' },
    });
    const res = await clientCall('POST', '/boarding/checkboarding', staff.token, { _id: petId });
    expectFields(res.json(), {
      success: 'boolean',
      boardingDetails: 'object',
      'boardingDetails._id': 'string',
      'boardingDetails.boardingType.purpose': 'string',
      'boardingDetails.entryTime': 'string',
      'boardingDetails.numberOfDays': 'number',
    });
    expect(res.json()).toMatchObject({ boardingDetails: { boardingType: { purpose: 'Dog Park' } } });
  });

  it('GET /subscription/getsubscriptiondetails/?petId=&visitType= → success, subscription {petId {name, owner {name}}, numberOfGroomings, daysLeft, discount, planId {_id, price, duration}} or null', async () => {
    const petId = await pet();
    const dayCare = await typeId('day_care');
    const none = await clientCall(
      'GET',
      `/subscription/getsubscriptiondetails/?petId=${petId}&visitType=${dayCare}`,
      staff.token,
    );
    expect(none.status).toBe(200);
    expect(none.json()).toMatchObject({ success: true, subscription: null });
    await holdSubscription(t.database.db, petId, await planOf(t.database.db, 'day_care'));
    const res = await clientCall('GET', `/subscription/getsubscriptiondetails/?petId=${petId}&visitType=${dayCare}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), {
      success: 'boolean',
      subscription: 'object',
      'subscription._id': 'string',
      'subscription.petId.name': 'string',
      'subscription.petId.owner.name': 'string',
      'subscription.numberOfGroomings': 'number',
      'subscription.daysLeft': 'number',
      'subscription.discount': 'number',
      'subscription.planId._id': 'string',
      'subscription.planId.price': 'number',
      'subscription.planId.duration': 'number',
      'subscription.subscriptionType.purpose': 'string',
    });
  });

  it('POST /subscription/buysubscription {petId, visitType, planId, details: {selectedPayment, price}, totalPrice} → success, message; GET /visit/buyy/{visitId} → success, data', async () => {
    const plan = await planOf(t.database.db, 'grooming');
    const price = plan.pricePaise / 100;
    const res = await clientCall('POST', '/subscription/buysubscription', staff.token, {
      petId: await pet(),
      visitType: await typeId('buy_subscription'),
      planId: plan.id,
      details: { selectedPayment: 'cash', price },
      totalPrice: price,
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json()).toMatchObject({ success: true, message: 'Payment successful and subscription purchased!' });
    const bought = await clientCall('GET', `/visit/buyy/${(res.json().visit as { _id: string })._id}`, staff.token);
    expect(bought.status).toBe(200);
    expectFields(bought.json(), {
      success: 'boolean',
      data: 'object',
      'data.price': 'number',
      'data.duration': 'number',
      'data.numberOfGroomings': 'number',
      'data.subscriptionType.purpose': 'string',
      'data.planId.price': 'number',
    });
  });
});
