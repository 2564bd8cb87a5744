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
import { addDays, todayIn } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, auditLog, payments, subscriptionPlans, visitItems, visits } from '../src/db/schema/index.ts';
import { scheduleFollowUp } from '../src/modules/followups/followups.service.ts';
import { makeItem, makeOwner, makeOwnerWithoutPhone, makePet, phone } from './factories.ts';
import { useTestApp, useTestUser } from './harness.ts';
import { ledgerRow, payCash, visitToPay } from './payments-fixtures.ts';
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

/** 'null': a field the answer always carries, null in the case at hand (issue 21: an owner without a phone). */
type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

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

  it('GET /subscription/getallsubscription → success, subscriptionPlans and data [{_id, price, duration, numberOfGroomings, subscriptionType.purpose, validityInDays}]', async () => {
    for (const token of [staff.token, customer.token]) {
      const res = await clientCall('GET', '/subscription/getallsubscription', token);
      expect(res.status).toBe(200);
      const body = res.json();
      expectFields(body, { success: 'boolean', subscriptionPlans: 'array', data: 'array' });
      expect(body.data).toEqual(body.subscriptionPlans);
      const plan = first(body, 'data');
      expectFields(plan, {
        _id: 'string',
        price: 'number',
        duration: 'number',
        numberOfGroomings: 'number',
        'subscriptionType.purpose': 'string',
      });
      // The plan's validity in days since issue 16 (null: no expiry; docs/compatibility.md).
      expect(plan.validityInDays === null || typeof plan.validityInDays === 'number').toBe(true);
    }
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
    // Differs since issue 18: a day at the park is a visit, so it is not 'Dog boarded successfully'.
    expect(body.message).toBe('Payment successful and visit saved!');
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

  it('POST /visit/addvisit from /staff/salesSection {petId, visitForm: {purpose: "Veterinary", nextFollowUp, followUpTime, followUpPurpose, customerType: "Customer", itemDetails: []}, totalPrice: 0} → success, message; nothing paid, the pvtltd price due', async () => {
    const body = await saved('/visit/addvisit', {
      petId: await pet(),
      visitForm: {
        purpose: 'Veterinary',
        nextFollowUp: '2099-01-10',
        followUpTime: '10:30',
        followUpPurpose: 'Check the stitches',
        customerType: 'Customer',
        itemDetails: [],
      },
      totalPrice: 0,
    });
    expect(body.message).toBe('Visit saved successfully');
    expect(body).toMatchObject({ visit: { purpose: 'Veterinary', price: 500, paid: 0, paymentLeft: 500 }, payment: null });
  });

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

  it('the existing client never sends admissionAcknowledged: a dog the admission rule flags is refused with 409 {success, message, missing}', async () => {
    const petId = (await makePet(t.database.db, { vaccinations: [] })).id;
    const res = await clientCall('POST', '/visit/addhostelvisit', staff.token, {
      petId,
      visitType: await typeId('hostel'),
      details: { planId: null, isSubscriptionAvailed: false, numberOfDays: 1, discount: 0, finalPrice: 1000, paymentLeft: 0 },
    });
    expect(res.status).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Admission rule: No record of Rabies; No record of DHPP. Confirm to board anyway.',
      missing: ['No record of Rabies', 'No record of DHPP'],
      admissionRequired: true,
    });
  });

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
      'data.pet.species': 'string',
      'data.pet.breed': 'string',
      'data.pet.color': 'string',
      'data.pet.owner.name': 'string',
      'data.pet.owner.phone': 'string',
      'data.visitType.price': 'number',
      'data.details.purpose': 'string',
      'data.details.items': 'array',
      'data.ledger': 'array',
      'data.ledger.0._id': 'string',
      'data.ledger.0.kind': 'string',
      'data.ledger.0.amount': 'number',
      'data.ledger.0.at': 'string',
      'data.details.isSubscriptionAvailed': 'boolean',
      'data.details.payment.amount': 'number',
      'data.details.medicines': 'array',
      'data.details.vaccines': 'array',
    });
  });

  it('POST /visit/getvisitlist?name=&purpose=&date= (no body, JSON content type; GET answers the same) → success, List [{_id, createdAt, pet {name, species, breed, color, dob, owner {name, phone}}, visitType {purpose, price, halfdayPrice}, details}]', async () => {
    const owner = await makeOwner(t.database.db);
    const name = `Listy${Date.now().toString(36)}`;
    const petId = (await makePet(t.database.db, { ownerId: owner.id, name })).id;
    await saved('/visit/addveterinaryvisit', {
      petId,
      visitType: await typeId('veterinary'),
      customerType: 'NGO',
      details: { price: 300, discount: 50, selectedPayment: 'cash', finalPrice: 250 },
    });
    const today = todayIn(t.config.tz);
    // The client sends every filter, empty ones as empty strings.
    for (const q of [`name=${name}&purpose=&date=`, `name=&purpose=Veterinary&date=${today}&phone=${owner.phone}`]) {
      for (const method of ['POST', 'GET'] as const) {
        const res = await clientCall(method, `/visit/getvisitlist?${q}`, staff.token);
        expect(res.status, `${method} ${q}`).toBe(200);
        const body = res.json();
        expectFields(body, { success: 'boolean', List: 'array' });
        const row = first(body, 'List');
        expectFields(row, {
          _id: 'string',
          createdAt: 'string',
          'pet.name': 'string',
          'pet.species': 'string',
          'pet.breed': 'string',
          'pet.color': 'string',
          'pet.dob': 'string',
          'pet.owner.name': 'string',
          'pet.owner.phone': 'string',
          'visitType.purpose': 'string',
          'visitType.price': 'number',
          'visitType.halfdayPrice': 'number',
          'details.price': 'number',
          'details.customerType': 'string',
          'details.discount': 'number',
          'details.isSubscriptionAvailed': 'boolean',
          'details.purpose': 'string',
          'details.vaccines': 'array',
          'details.medicines': 'array',
          'details.items': 'array',
        });
        expect(row).toMatchObject({
          pet: { name },
          visitType: { purpose: 'Veterinary' },
          details: { price: 250, customerType: 'NGO' },
        });
      }
    }
    const future = await clientCall('POST', `/visit/getvisitlist?name=&purpose=&date=${addDays(today, 1)}`, staff.token);
    expect([future.status, future.json().message]).toEqual([400, 'The date cannot be later than today']);
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
    expectFields(res.json(), { 'subscription._id': 'string', 'subscription.daysLeft': 'number', renewed: 'boolean' });
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
      'data.subscriptionType.price': 'number',
    });
    // The plan's validity: a number of days, or null for none.
    const boughtData = bought.json().data as { validityInDays: unknown; subscriptionType: { validityInDays: unknown } };
    for (const v of [boughtData.validityInDays, boughtData.subscriptionType.validityInDays])
      expect(v === null || typeof v === 'number', 'validityInDays is a number or null').toBe(true);
  });

  it('POST /subscription/buysubscription as the existing client sends it: totalPrice 0 with the plan price in details.price', async () => {
    const plans = await t.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, 'Day School Monthly'));
    const plan = plans[0]!;
    const res = await clientCall('POST', '/subscription/buysubscription', staff.token, {
      petId: await pet(),
      visitType: await typeId('buy_subscription'),
      planId: plan.id,
      details: { selectedPayment: 'cash', price: 12000 },
      totalPrice: 0,
    });
    expect(res.status, JSON.stringify(res.json())).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Payment successful and subscription purchased!',
      visit: { price: 12000, paid: 12000 },
    });
  });
});

/* ───────────── spec 000 §7: sign-in, pets, prescriptions, inventory, attendance, reminders (issue 9) ───────────── */

/** A call with the client's habits and no token at all (the prescription lookup). */
async function clientCallWithoutToken(method: 'GET' | 'POST', path: string) {
  const res = await t.app.inject({ method, url: `/api/v1${path}`, headers: { 'content-type': 'application/json' } });
  return { status: res.statusCode, json: () => JSON.parse(res.body) as Record<string, unknown> };
}

/** The fields the client reads of a pet in a list (Pet Records, breed filter cards, pets by date). */
const LISTED_PET: Record<string, FieldType> = {
  _id: 'string',
  name: 'string',
  species: 'string',
  breed: 'string',
  sex: 'string',
  color: 'string',
  dob: 'string',
  'owner.name': 'string',
  'owner.phone': 'string',
  'owner.address': 'string',
};

const petForm = (o: Record<string, unknown> = {}) => ({
  name: `Sheru${Math.random().toString(36).slice(2, 8)}`,
  species: 'dog',
  breed: 'Akita Inu',
  sex: 'Male',
  color: 'Brown',
  dob: '2021-04-02',
  neutered: false,
  registrationDate: '2026-01-15',
  vaccinations: [{ name: 'Rabies', numberOfDose: 1 }],
  ...o,
});

describe('sign-in (POST /auth/login)', () => {
  it('{email, password, role} → success, token, user {id, role, customer_id, phone, address}, message', async () => {
    const c = await t.user('customer');
    const owner = await makeOwner(t.database.db, { userId: c.id, address: 'Sector 45, Gurugram' });
    const res = await clientCall('POST', '/auth/login', '', { email: c.email, password: c.password, role: 'customer' });
    expect(res.status).toBe(200);
    const body = res.json();
    expectFields(body, {
      success: 'boolean',
      token: 'string',
      message: 'string',
      user: 'object',
      'user.id': 'string',
      'user.role': 'string',
      'user.customer_id': 'string',
      'user.phone': 'string',
      'user.address': 'string',
    });
    expect(body.user).toMatchObject({ id: c.id, role: 'customer', customer_id: owner.id, phone: owner.phone });
    // The token works raw, as the client stores and sends it.
    expect((await clientCall('GET', '/customer/profile', body.token as string)).status).toBe(200);
    const staffLogin = (
      await clientCall('POST', '/auth/login', '', { email: staff.email, password: staff.password, role: 'staff' })
    ).json();
    expectFields(staffLogin, { 'user.id': 'string', 'user.role': 'string' });
    expect(staffLogin.user).toMatchObject({ phone: null, address: null });
  });

  it('POST /auth/signup {fullName, email, password, role} → success, message; errors per field on failure', async () => {
    const email = `signup.${Date.now()}@example.in`;
    const res = await clientCall('POST', '/auth/signup', '', {
      fullName: 'New Owner',
      email,
      password: 'secret123',
      role: 'customer',
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    const bad = await clientCall('POST', '/auth/signup', '', { fullName: '', email: 'nope', password: '1', role: 'customer' });
    expect(bad.status).toBe(400);
    expectFields(bad.json(), { success: 'boolean', message: 'string', errors: 'object', 'errors.fullName': 'string' });
  });
});

describe('pets (staff)', () => {
  it('POST /pet/addpet {ownerName, phone, email, address, pets} → success, message (any of the 54 breeds, Other without a custom breed)', async () => {
    const res = await clientCall('POST', '/pet/addpet', staff.token, {
      ownerName: 'Priya Sharma',
      phone: phone(),
      email: 'priya@example.in',
      address: 'Sector 45, Gurugram',
      pets: [petForm(), petForm({ breed: 'Other', species: 'other' }), petForm({ species: 'other', breed: 'Indie' })],
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json()).toMatchObject({ success: true, message: 'Data saved successfully' });
  });

  it("POST /pet/addpet with a customer token (the customer form, segment per pet) → success, message; the caller's own record", async () => {
    const c = await t.user('customer', { fullName: 'Kavya Reddy' });
    const res = await clientCall('POST', '/pet/addpet', c.token, {
      ownerName: 'Kavya Reddy',
      phone: phone(),
      email: c.email,
      address: 'DLF Phase 3',
      pets: [petForm({ segment: 'Day Care', vaccinations: [] })],
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    const pets = (await clientCall('POST', '/customer/pet/getallpets', c.token)).json().pets as unknown[];
    expect(pets).toHaveLength(1);
  });

  it('POST /pet/addpet with a customer token and `segment` at the top level (issue 19) → 201; every pet takes it', async () => {
    const c = await t.user('customer', { fullName: 'Meera Joshi' });
    const pet = petForm({ vaccinations: [] });
    const res = await clientCall('POST', '/pet/addpet', c.token, {
      segment: 'Day Care',
      pets: [
        { ...pet, name: 'Simba' },
        { ...pet, name: 'Nala' },
      ],
      ownerName: 'Meera Joshi',
      phone: phone(),
      email: c.email,
      address: 'Sector 57, Gurugram',
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    const pets = (await clientCall('POST', '/customer/pet/getallpets', c.token)).json().pets as { segment: string }[];
    expect(pets.map((p) => p.segment)).toEqual(['Day Care', 'Day Care']);
  });

  it('GET /pet/getallpets → success, list [pet with owner] (no limit: up to 500)', async () => {
    await makePet(t.database.db, { dob: '2020-02-02' });
    const res = await clientCall('GET', '/pet/getallpets', staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', list: 'array' });
    expectFields(first(res.json(), 'list'), LISTED_PET);
  });

  it('GET /pet/getfilteredpetsbynameandphone/?name=&phone= → success, list', async () => {
    const owner = await makeOwner(t.database.db);
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: `Zorro${Date.now()}` });
    for (const q of [`name=${pet.name.slice(0, 8)}&phone=`, `name=&phone=${owner.phone.slice(0, 6)}`, 'name=&phone=']) {
      const res = await clientCall('GET', `/pet/getfilteredpetsbynameandphone/?${q}`, staff.token);
      expect(res.status, q).toBe(200);
      expectFields(res.json(), { success: 'boolean', list: 'array' });
      expectFields(first(res.json(), 'list'), LISTED_PET);
    }
  });

  it('GET /pet/getfilteredpetsbybreedandspecies/?species=&breed= → success, pets', async () => {
    await makePet(t.database.db, { species: 'cat', breed: 'Persian' });
    for (const q of ['species=cat&breed=Persian', 'species=cat', 'species=cat&breed=']) {
      const res = await clientCall('GET', `/pet/getfilteredpetsbybreedandspecies/?${q}`, staff.token);
      expect(res.status, q).toBe(200);
      expectFields(res.json(), { success: 'boolean', pets: 'array' });
      expectFields(first(res.json(), 'pets'), LISTED_PET);
    }
  });

  it('GET /pet/getpetsbyregistrationdate/{date} → pets', async () => {
    const owner = await makeOwner(t.database.db, { email: 'bydate@example.in' });
    await makePet(t.database.db, { ownerId: owner.id, registrationDate: '2024-03-09' });
    const res = await clientCall('GET', '/pet/getpetsbyregistrationdate/2024-03-09', staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { pets: 'array' });
    expectFields(first(res.json(), 'pets'), { ...LISTED_PET, 'owner.email': 'string' });
  });

  it('GET /pet/getpetdetails/{id} → success, pet {…, neutered, vaccinations [{name, numberOfDose}], owner}', async () => {
    const owner = await makeOwner(t.database.db, { email: 'owner@example.in' });
    const pet = await makePet(t.database.db, { ownerId: owner.id, vaccinations: [{ name: 'Rabies', numberOfDose: 2 }] });
    const res = await clientCall('GET', `/pet/getpetdetails/${pet.id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', pet: 'object' });
    expectFields(res.json().pet, {
      ...LISTED_PET,
      neutered: 'boolean',
      registrationDate: 'string',
      vaccinations: 'array',
      'owner.email': 'string',
    });
    expectFields(first(res.json().pet as Record<string, unknown>, 'vaccinations'), { name: 'string', numberOfDose: 'number' });
  });

  it('GET /pet/getpethistory/{id} → visits [{_id, createdAt, purpose, price, item.itemName, quantity, volumeML, itemDetails [{item.itemName, dose}]}]', async () => {
    const pet = await makePet(t.database.db);
    const item = await makeItem(t.database.db);
    const vet = await typeByCode(t.database.db, 'veterinary');
    const [visit] = await t.database.db
      .insert(visits)
      .values({
        petId: pet.id,
        visitTypeId: vet.id,
        purpose: vet.purpose,
        pricePaise: 55_000,
        itemId: item.id,
        quantity: 2,
        volumeML: 1.5,
      })
      .returning();
    await t.database.db
      .insert(visitItems)
      .values({ visitId: visit!.id, kind: 'vaccine', name: 'Rabies Vaccine', quantity: 1, doseNumber: 1, itemId: item.id });
    const res = await clientCall('GET', `/pet/getpethistory/${pet.id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { visits: 'array', history: 'array' });
    const v = first(res.json(), 'visits');
    expectFields(v, {
      _id: 'string',
      createdAt: 'string',
      purpose: 'string',
      price: 'number',
      'item.itemName': 'string',
      quantity: 'number',
      volumeML: 'number',
      itemDetails: 'array',
    });
    expectFields(first(v, 'itemDetails'), { 'item.itemName': 'string', dose: 'number' });
  });

  it('POST /pet/editpetdetails {id, …edits, vaccinations} → success, message; the vaccinations are saved', async () => {
    const pet = await makePet(t.database.db);
    const res = await clientCall('POST', '/pet/editpetdetails', staff.token, {
      id: pet.id,
      ...petForm({ name: 'Renamed', breed: 'Other', vaccinations: [{ name: 'DHPPiL', numberOfDose: 2 }] }),
    });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    const after = (await clientCall('GET', `/pet/getpetdetails/${pet.id}`, staff.token)).json().pet as Record<string, unknown>;
    expect(after).toMatchObject({ name: 'Renamed', breed: 'Other', vaccinations: [{ name: 'DHPPiL', numberOfDose: 2 }] });
  });

  it('POST /pet/editownerdetails {id, name, phone, email, address} → success, message', async () => {
    const owner = await makeOwner(t.database.db);
    const res = await clientCall('POST', '/pet/editownerdetails', staff.token, {
      id: owner.id,
      name: 'Edited Owner',
      phone: owner.phone,
      email: 'edited@example.in',
      address: 'New address',
    });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
  });
});

describe('pets (customers)', () => {
  it('POST /customer/pet/getallpets (no body, or a filter in the query or body) → pets: only the caller’s', async () => {
    const c = await t.user('customer');
    const owner = await makeOwner(t.database.db, { userId: c.id });
    await makePet(t.database.db, { ownerId: owner.id });
    for (const [path, body] of [
      ['/customer/pet/getallpets', undefined],
      [`/customer/pet/getallpets?email=${encodeURIComponent(customer.email)}`, undefined],
      ['/customer/pet/getallpets', { email: customer.email }],
    ] as const) {
      const res = await clientCall('POST', path, c.token, body);
      expect(res.status, path).toBe(200);
      expectFields(res.json(), { pets: 'array' });
      expect(res.json().pets).toHaveLength(1);
      expectFields(first(res.json(), 'pets'), { _id: 'string', name: 'string', breed: 'string', species: 'string' });
    }
  });

  it('GET /customerappointment/getcustomerpets?email= → success, pets, message', async () => {
    const res = await clientCall(
      'GET',
      `/customerappointment/getcustomerpets?email=${encodeURIComponent(customer.email)}`,
      customer.token,
    );
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', pets: 'array', message: 'string' });
  });

  it('GET /subscription/petssubscription/{petId} → success, data, message', async () => {
    const pet = await makePet(t.database.db);
    await holdSubscription(t.database.db, pet.id, await planOf(t.database.db, 'hostel'));
    const res = await clientCall('GET', `/subscription/petssubscription/${pet.id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', data: 'array', message: 'string' });
    expectFields(first(res.json(), 'data'), {
      active: 'boolean',
      daysLeft: 'number',
      'planId.subscriptionType.purpose': 'string',
      'planId.price': 'number',
      'planId.duration': 'number',
      'planId.numberOfGroomings': 'number',
      firstPaymentDate: 'string',
      lastPaymentDate: 'string',
    });
  });
});

describe('prescriptions', () => {
  it('POST /prescription/addprescription without selectedPayment → success, message; recorded as method not recorded', async () => {
    const pet = await makePet(t.database.db);
    const item = await makeItem(t.database.db, { stock: 10, unitMaxRetailCustomerPaise: 1200 });
    const res = await clientCall('POST', '/prescription/addprescription', staff.token, {
      petId: pet.id,
      customerType: 'pvtltd',
      items: [],
      tablets: [{ id: item.id, quantity: 2 }],
      ml: [],
      mg: [],
      nextFollowUp: '',
      followUpTime: '',
      followUpPurpose: '',
      diagnosis: 'Tick fever',
      totalPrice: 24,
    });
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json()).toMatchObject({
      prescription: { payment: { method: 'not_recorded', methodLabel: 'Method not recorded' } },
    });
  });

  it('GET /prescription/getprescription/{petId}: 401 without the Authorization header (security wins); with the raw token → success, data, message', async () => {
    const pet = await makePet(t.database.db);
    const item = await makeItem(t.database.db, { stock: 10, unitMaxRetailCustomerPaise: 1000 });
    await clientCall('POST', '/prescription/addprescription', staff.token, {
      petId: pet.id,
      customerType: 'pvtltd',
      tablets: [{ id: item.id, quantity: 1 }],
      nextFollowUp: addDays(todayIn('Asia/Kolkata'), 3),
      followUpTime: '10:00',
      followUpPurpose: 'Review',
      diagnosis: 'Cough',
      totalPrice: 10,
    });
    const anon = await clientCallWithoutToken('GET', `/prescription/getprescription/${pet.id}`);
    expect(anon.status).toBe(401);
    expect(anon.json()).toMatchObject({ success: false });
    const res = await clientCall('GET', `/prescription/getprescription/${pet.id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', data: 'array', message: 'string' });
    const rx = first(res.json(), 'data');
    expectFields(rx, {
      _id: 'string',
      createdAt: 'string',
      customerType: 'string',
      diagnosis: 'string',
      nextFollowUp: 'string',
      followUpTime: 'string',
      followUpPurpose: 'string',
      totalPrice: 'number',
      price: 'number',
      items: 'array',
      tablets: 'array',
      ml: 'array',
      mg: 'array',
    });
    expectFields(first(rx, 'tablets'), { 'id.itemName': 'string', quantity: 'number' });
  });
});

describe('inventory', () => {
  const form = (o: Record<string, unknown> = {}) => ({
    itemName: `Gauze ${Math.random().toString(36).slice(2, 8)}`,
    stock: 40,
    stockUnit: 'item',
    itemType: 'disposable',
    unitCostPrice: 2,
    unitMinRetailPriceNGO: 3,
    unitMaxRetailPriceCustomer: 5,
    ...o,
  });
  const ITEM: Record<string, FieldType> = {
    _id: 'string',
    itemName: 'string',
    stock: 'number',
    stockUnit: 'string',
    itemType: 'string',
    unitCostPrice: 'number',
    unitMinRetailPriceNGO: 'number',
    unitMaxRetailPriceCustomer: 'number',
    createdAt: 'string',
    updatedAt: 'string',
  };

  it('POST /inventory/addinventory {itemName, stock, stockUnit, itemType, prices} → success, message', async () => {
    const res = await clientCall('POST', '/inventory/addinventory', staff.token, form());
    expect(res.status).toBe(201);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json().message).toBe('Inventory item added successfully!');
  });

  it('GET /inventory/getallinventory → success, items; GET /inventory/getinventoryitemdetails/{id} → success, item', async () => {
    const added = (await clientCall('POST', '/inventory/addinventory', staff.token, form())).json().item as { _id: string };
    const list = await clientCall('GET', '/inventory/getallinventory', staff.token);
    expect(list.status).toBe(200);
    expectFields(list.json(), { success: 'boolean', items: 'array' });
    expectFields(first(list.json(), 'items'), ITEM);
    const one = await clientCall('GET', `/inventory/getinventoryitemdetails/${added._id}`, staff.token);
    expect(one.status).toBe(200);
    expectFields(one.json(), { success: 'boolean', item: 'object' });
    expectFields(one.json().item, ITEM);
  });

  it('POST /inventory/editinventory {the full item object incl. _id} → success, message', async () => {
    const added = (await clientCall('POST', '/inventory/addinventory', staff.token, form())).json().item as Record<
      string,
      unknown
    >;
    const res = await clientCall('POST', '/inventory/editinventory', staff.token, { ...added, stock: 55, __v: 0 });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json().message).toBe('Inventory item edited successfully!');
  });

  it('DELETE /inventory/deleteinventory/{id} with Content-Type: application/json and no body → success', async () => {
    const added = (await clientCall('POST', '/inventory/addinventory', staff.token, form())).json().item as { _id: string };
    const res = await clientCall('DELETE', `/inventory/deleteinventory/${added._id}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean' });
    expect(res.json().success).toBe(true);
  });

  it('GET /inventory/getalertlist → success, items', async () => {
    await clientCall('POST', '/inventory/addinventory', staff.token, form({ stock: 1 }));
    const res = await clientCall('GET', '/inventory/getalertlist', staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', items: 'array' });
    expectFields(first(res.json(), 'items'), ITEM);
  });
});

describe('attendance and reminders', () => {
  const day = '2032-05-12';
  async function scheduled(present?: boolean) {
    const owner = await makeOwner(t.database.db, { email: 'att@example.in' });
    const pet = await makePet(t.database.db, { ownerId: owner.id, dob: '2020-05-12' });
    const id = await scheduleFollowUp(t.database.db, {
      petId: pet.id,
      date: day,
      time: '10:00',
      purpose: 'Review',
      source: 'prescription',
    });
    if (present !== undefined)
      await clientCall('POST', '/attendance/updateattendancelist', staff.token, {
        date: day,
        presentIds: present ? [id] : [],
        absentIds: present ? [] : [id],
      });
    return id;
  }
  const ENTRY: Record<string, FieldType> = {
    _id: 'string',
    present: 'boolean',
    purpose: 'string',
    'petId.name': 'string',
    'petId.species': 'string',
    'petId.owner.name': 'string',
    'petId.owner.phone': 'string',
  };

  it('GET /attendance/getattendancelist/{date} → success, attendance.List (and List)', async () => {
    await scheduled();
    const res = await clientCall('GET', `/attendance/getattendancelist/${day}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', attendance: 'object', 'attendance.List': 'array', List: 'array' });
    expectFields((res.json().List as unknown[])[0], ENTRY);
  });

  it('POST /attendance/updateattendancelist {date, presentIds, absentIds} → success, attendance.List (and List), message', async () => {
    const id = await scheduled();
    const res = await clientCall('POST', '/attendance/updateattendancelist', staff.token, {
      date: day,
      presentIds: [id],
      absentIds: [],
    });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string', 'attendance.List': 'array', List: 'array' });
    expectFields((res.json().List as unknown[])[0], ENTRY);
  });

  it('GET /reminders/getreminderslist/{date} → success, List [{petName, ownerName, contact, purpose, scheduledDate}]', async () => {
    await scheduled();
    const res = await clientCall('GET', `/reminders/getreminderslist/${day}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', List: 'array' });
    expectFields(first(res.json(), 'List'), {
      petName: 'string',
      ownerName: 'string',
      contact: 'string',
      purpose: 'string',
      scheduledDate: 'string',
    });
  });

  it('GET /reminders/sendreminders/{date} → success; POST /reminders/sendoverduereminders {date} → success', async () => {
    await scheduled(false);
    const all = await clientCall('GET', `/reminders/sendreminders/${day}`, staff.token);
    expect(all.status).toBe(200);
    expectFields(all.json(), { success: 'boolean' });
    const overdue = await clientCall('POST', '/reminders/sendoverduereminders', staff.token, { date: day });
    expect(overdue.status).toBe(200);
    expectFields(overdue.json(), { success: 'boolean' });
  });
});

describe('site', () => {
  it('GET /customerservices/getallservices → data [services] (no token needed)', async () => {
    const res = await clientCall('GET', '/customerservices/getallservices', staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { data: 'array' });
    expectFields(first(res.json(), 'data'), { _id: 'string', name: 'string', price: 'number' });
    expect((await clientCallWithoutToken('GET', '/customerservices/getallservices')).status).toBe(200);
  });
});

/* ───────────── Deboard Pets (spec 001 §2, §7): the list, the details overlay and the deboarding calls ───────────── */

describe('Deboard Pets', () => {
  const typeId = async (code: string) => (await typeByCode(t.database.db, code)).id;
  /** A pet with its core vaccinations on record (the admission rule), boarded as the client boards it. */
  async function boarded(code: 'hostel' | 'dog_park' | 'day_school' | 'play_school', paid = true) {
    const owner = await makeOwner(t.database.db);
    const pet = await makePet(t.database.db, { ownerId: owner.id, vaccinations: [{ name: 'Rabies' }, { name: 'DHPP' }] });
    const visitType = await typeId(code);
    let res: Awaited<ReturnType<typeof clientCall>>;
    if (code === 'hostel') {
      const details = { numberOfDays: 2, discount: 0, finalPrice: 2000, paymentLeft: paid ? 0 : 2000 };
      res = await clientCall('POST', '/visit/addhostelvisit', staff.token, { petId: pet.id, visitType, details });
    } else if (code === 'dog_park') {
      const details = { discount: 0, price: 350, selectedPayment: paid ? 'cash' : 'card' };
      res = await clientCall('POST', '/visit/adddogparkvisit', staff.token, { petId: pet.id, visitType, details });
    } else {
      await holdSubscription(t.database.db, pet.id, await planOf(t.database.db, code));
      const path = code === 'day_school' ? '/visit/adddayschoolvisit' : '/visit/addplayschoolvisit';
      res = await clientCall('POST', path, staff.token, { petId: pet.id, visitType, isSubscriptionAvailed: true });
    }
    expect(res.status, JSON.stringify(res.json())).toBe(201);
    const visit = res.json().visit as { _id: string; boardingId: string };
    return { visitType, petId: pet.id, boardingId: visit.boardingId, visitId: visit._id };
  }

  it('GET /pet/getboardedpetslist/?type={visitTypeId} → success, boardedPetList [{_id, isBoarded, entryTime, petId {name, owner {name, phone}}}]', async () => {
    const s = await boarded('hostel');
    const res = await clientCall('GET', `/pet/getboardedpetslist/?type=${s.visitType}`, staff.token);
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', boardedPetList: 'array' });
    expectFields(first(res.json(), 'boardedPetList'), {
      _id: 'string',
      isBoarded: 'boolean',
      entryTime: 'string',
      'petId.name': 'string',
      'petId.owner.name': 'string',
      'petId.owner.phone': 'string',
    });
  });

  it('POST /boarding/getboardingdetails {_id} → success, boardingDetails (petId a string), actualnumberOfDays', async () => {
    const s = await boarded('hostel', false);
    const res = await clientCall('POST', '/boarding/getboardingdetails', staff.token, { _id: s.boardingId });
    expect(res.status).toBe(200);
    expectFields(res.json(), {
      success: 'boolean',
      actualnumberOfDays: 'number',
      'boardingDetails._id': 'string',
      'boardingDetails.entryTime': 'string',
      'boardingDetails.numberOfDays': 'number',
      'boardingDetails.petId': 'string',
      'boardingDetails.boardingType._id': 'string',
      'boardingDetails.boardingType.price': 'number',
      'boardingDetails.boardingType.purpose': 'string',
      'boardingDetails.visitId._id': 'string',
      'boardingDetails.visitId.details.paymentLeft': 'number',
      'boardingDetails.visitId.details.finalPrice': 'number',
      'boardingDetails.visitId.details.isSubscriptionAvailed': 'boolean',
      'boardingDetails.visitId.details.payment.remainingAmount': 'number',
      'boardingDetails.visitId.details.payment.isRemainingPaid': 'boolean',
    });
    expect(res.json()).toMatchObject({ boardingDetails: { visitId: { details: { paymentLeft: 2000 } } } });
  });

  it.each([
    ['/boarding/hosteldeboarding', 'hostel'],
    ['/boarding/dayschooldeboarding', 'day_school'],
    ['/boarding/playschooldeboarding', 'play_school'],
    ['/deboard/dogparkdeboarding', 'dog_park'],
    // The existing client's dog-park overlay calls the day care endpoint.
    ['/boarding/daycaredeboarding', 'dog_park'],
  ] as const)('POST %s {boardingid} (%s) → success, message', async (path, code) => {
    const s = await boarded(code);
    const res = await clientCall('POST', path, staff.token, { boardingid: s.boardingId });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json()).toMatchObject({ success: true, message: 'Pet deboarded successfully' });
  });

  it('a stay with money due: the deboarding call is refused with the server message (the client shows it)', async () => {
    const s = await boarded('dog_park', false);
    const res = await clientCall('POST', '/boarding/daycaredeboarding', staff.token, { boardingid: s.boardingId });
    expect(res.status).toBe(409);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
    expect(res.json().success).toBe(false);
  });

  it('POST /visit/updatehostelvisit {_id} (payload not shown by the spec) → success, message', async () => {
    const s = await boarded('hostel');
    const res = await clientCall('POST', '/visit/updatehostelvisit', staff.token, { _id: s.boardingId });
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', message: 'string' });
  });

  it('POST /visit/updatehostelvisit {visitId} names the stay by its visit; a visit that boarded no pet is a 404', async () => {
    const s = await boarded('hostel');
    const res = await clientCall('POST', '/visit/updatehostelvisit', staff.token, { visitId: s.visitId });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ success: true, deboard: { bookedDays: 2 } });
    const unknown = await clientCall('POST', '/visit/updatehostelvisit', staff.token, { visitId: '0123456789abcdef01234567' });
    expect(unknown.status).toBe(404);
    const none = await clientCall('POST', '/visit/updatehostelvisit', staff.token, {});
    expect(none.status).toBe(400);
  });
});

/* ───────────── the card button for a balance (Deboard overlay: getboardingdetails, then create-order) ───────────── */

describe('card payment of a stay’s balance', () => {
  const typeId = async (code: string) => (await typeByCode(t.database.db, code)).id;
  const dogWithOwner = async () =>
    (await makePet(t.database.db, { ownerId: (await makeOwner(t.database.db, { email: 'owner@example.in' })).id })).id;

  /** What the overlay reads: the remaining amount and whether it is paid. */
  async function remaining(boardingId: string) {
    const res = await clientCall('POST', '/boarding/getboardingdetails', staff.token, { _id: boardingId });
    expect(res.status).toBe(200);
    const body = res.json() as {
      boardingDetails: { visitId: { details: { payment: { remainingAmount: number; isRemainingPaid: boolean } } } };
      deboard: { due: number };
    };
    return { ...body.boardingDetails.visitId.details.payment, due: body.deboard.due };
  }

  /** The client's card button: an order for the remaining amount, the boarding named in the notes. */
  const cardOrder = (boardingId: string, amount: number) =>
    clientCall('POST', '/payments/create-order', staff.token, {
      amount,
      receipt: `left_amt_board:${boardingId}`,
      notes: { boardingId },
    });

  it('a Dog Park stay saved with a payment link: remainingAmount 350, create-order {amount: 350} → an order for ₹350, the link voided', async () => {
    const saved = await clientCall('POST', '/visit/adddogparkvisit', staff.token, {
      petId: await dogWithOwner(),
      visitType: await typeId('dog_park'),
      details: { initialPrice: 350, discount: 0, price: 350, selectedPayment: 'payment_link' },
    });
    expect(saved.status, JSON.stringify(saved.json())).toBe(201);
    const { visit, payment } = saved.json() as { visit: { boardingId: string }; payment: { _id: string; status: string } };
    expect(payment).toMatchObject({ status: 'pending' });

    expect(await remaining(visit.boardingId)).toEqual({ remainingAmount: 350, isRemainingPaid: false, due: 350 });
    const order = await cardOrder(visit.boardingId, 350);
    expect(order.status, JSON.stringify(order.json())).toBe(200);
    expectFields(order.json(), { success: 'boolean', message: 'string', 'order.id': 'string', 'order.amount': 'number' });
    expect(order.json().order).toMatchObject({ amount: 35000, currency: 'INR' });
    // The order for the whole remainder supersedes the link: it is void, so the owner cannot pay twice.
    expect((await ledgerRow(t.database.db, payment._id)).status).toBe('void');
    // Still owed until the card is paid.
    expect(await remaining(visit.boardingId)).toMatchObject({ remainingAmount: 350, isRemainingPaid: false });
  });

  it('a Day Care partial payment by link (₹900, ₹400 by link pending): remainingAmount is what is owed and create-order for it succeeds, superseding the link', async () => {
    const saved = await clientCall('POST', '/visit/adddaycarevisit', staff.token, {
      petId: await dogWithOwner(),
      visitType: await typeId('day_care'),
      details: {
        selectedPaymentType: 'partial_payment',
        selectedPayment: 'payment_link',
        discount: 100,
        paymentLeft: 500,
        price: 1000,
        finalPrice: 900,
      },
    });
    expect(saved.status, JSON.stringify(saved.json())).toBe(201);
    const { visit, payment } = saved.json() as {
      visit: { boardingId: string };
      payment: { _id: string; status: string; amount: number };
    };
    expect(payment).toMatchObject({ status: 'pending', amount: 400 });

    // Nothing is paid yet (the link is only asked for): the whole ₹900 is owed, as the deboarding quote says.
    const before = await remaining(visit.boardingId);
    expect(before).toEqual({ remainingAmount: 900, isRemainingPaid: false, due: 900 });
    const order = await cardOrder(visit.boardingId, before.remainingAmount);
    expect(order.status, JSON.stringify(order.json())).toBe(200);
    expect(order.json().order).toMatchObject({ amount: 90000, currency: 'INR' });
    expect((await ledgerRow(t.database.db, payment._id)).status).toBe('void');
  });
});

/* ───────────── the ledger's new calls (issue 15), sent with the client's habits ───────────── */

describe('the ledger’s new calls accept the client’s habits (raw token, JSON content type on every call)', () => {
  it('refund quote, cancel with refund, statement, allocation, void and staff notifications', async () => {
    const admin = await t.user('staff', { isAdmin: true });
    // A ₹25,000 sale paid in cash at the desk, the policy's own example.
    const sale = await visitToPay(t.database.db, { pricePaise: 2_500_000 });
    expect((await clientCall('POST', '/visit/voidvisit', staff.token, { visitId: sale.visit.id, reason: 'x' })).status).toBe(403);
    // A visit's id is no payment's: 404.
    const unknown = await clientCall('POST', '/payments/refund', admin.token, {
      paymentId: sale.visit.id,
      amount: 1,
      reason: 'x',
    });
    expect(unknown.status).toBe(404);

    await payCash(t.database.db, sale.pet.id, sale.visit.id, 2_500_000);
    const quote = await clientCall('GET', `/payments/refund-quote?visitId=${sale.visit.id}`, admin.token);
    expect(quote.status, JSON.stringify(quote.json())).toBe(200);
    expectFields(quote.json(), {
      'quote.cancelled': 'number',
      'quote.paid': 'number',
      'quote.deduction': 'number',
      'quote.credit': 'number',
      'quote.refund': 'number',
      'quote.kept': 'number',
      'quote.withinPolicy': 'boolean',
      'quote.payments': 'array',
    });
    expect(quote.json().quote).toMatchObject({ cancelled: 25000, credit: 17500, refund: 17500, kept: 7500 });
    const cancelled = await clientCall('POST', '/payments/cancel-sale', admin.token, {
      visitId: sale.visit.id,
      reason: 'Plans changed',
    });
    expect(cancelled.status, JSON.stringify(cancelled.json())).toBe(200);
    expectFields(cancelled.json(), { 'credit._id': 'string', refunds: 'array', quote: 'object' });

    const statement = await clientCall('GET', `/payments/statement?ownerId=${sale.owner.id}`, staff.token);
    expect(statement.status).toBe(200);
    expectFields(statement.json(), {
      'owner._id': 'string',
      entries: 'array',
      'totals.due': 'number',
      'totals.unapplied': 'number',
      'totals.balance': 'number',
      openSales: 'array',
    });
    expect(statement.json().totals).toMatchObject({ due: 0, balance: 0 });
    const empty = await clientCall('POST', '/payments/allocate', staff.token, {
      ownerId: sale.owner.id,
      from: 'unapplied',
      visitId: sale.visit.id,
      amount: 1,
    });
    expect(empty.status).toBe(400);

    const notices = await clientCall('GET', '/staff/notifications?unread=true', staff.token);
    expect(notices.status).toBe(200);
    expectFields(notices.json(), { notifications: 'array', unreadCount: 'number' });
    const read = await clientCall('POST', '/staff/notifications/read', staff.token, { all: true });
    expect(read.status).toBe(200);
    expectFields(read.json(), { marked: 'number', unreadCount: 'number' });
  });
});

/* ───────────── the wallet and customers paying online (issue 16) ───────────── */

describe('wallet and online payment', () => {
  it('the wallet calls in the client’s habits; the browser follows success_url after paying and lands on /customer/subscription?paid=1', async () => {
    const customer = await t.user('customer');
    const owner = await makeOwner(t.database.db, { userId: customer.id, email: customer.email });
    const topUp = await clientCall('POST', '/wallet/topup', staff.token, {
      ownerId: owner.id,
      amount: 500,
      selectedPayment: 'cash',
    });
    expect(topUp.status, JSON.stringify(topUp.json())).toBe(200);
    expectFields(topUp.json(), { success: 'boolean', message: 'string', 'payment._id': 'string', 'wallet.balance': 'number' });
    const staffView = await clientCall('GET', `/wallet/owner/${owner.id}`, staff.token);
    expectFields(staffView.json(), { 'wallet.balance': 'number', 'wallet.movements': 'array', 'wallet.maxTopUp': 'number' });
    const settings = await clientCall('GET', '/settings/wallet', staff.token);
    expectFields(settings.json(), { success: 'boolean', maxTopUp: 'number' });

    const order = await clientCall('POST', '/customer/wallet/create-order', customer.token, { amount: 250 });
    expect(order.status, JSON.stringify(order.json())).toBe(200);
    expectFields(order.json(), { id: 'string', amount: 'number', success_url: 'string', cancel_url: 'string', keyId: 'string' });
    expect(order.json()).toMatchObject({ amount: 25000, cancel_url: '/customer/subscription?cancelled=1' });
    const id = order.json().id as string;
    const paid = await clientCall('POST', `/payments/offline/checkout/${id}/pay`, customer.token, { outcome: 'success' });
    expect(paid.status).toBe(200);
    // The browser's navigation to the success address: no token, no JSON.
    const landing = await t.app.inject({ method: 'GET', url: order.json().success_url as string });
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/customer/subscription?paid=1&topup=1');
    const mine = await clientCall('GET', '/customer/wallet', customer.token);
    expect(mine.json()).toMatchObject({ success: true, wallet: { balance: 750 } });
    // The checkout result posted afterwards (verify-payment, a customer's own order) answers the same top-up.
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.json();
    const verified = await clientCall('POST', '/payments/verify-payment', customer.token, {
      razorpay_order_id,
      razorpay_payment_id,
      razorpay_signature,
    });
    expect(verified.status).toBe(200);
    expectFields(verified.json(), { success: 'boolean', message: 'string' });
    expect((await clientCall('GET', '/customer/wallet', customer.token)).json()).toMatchObject({ wallet: { balance: 750 } });
  });
});

describe('subscriptions: the customer’s and the dashboard’s calls (issue 16)', () => {
  /** A customer account with its own owner record and a pet holding a Day School plan. */
  async function customerWithSubscription() {
    const user = await t.user('customer');
    const owner = await makeOwner(t.database.db, { userId: user.id, email: user.email });
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: 'Chintu' });
    const plan = await planOf(t.database.db, 'day_school');
    await holdSubscription(t.database.db, pet.id, plan, { daysLeft: 5 });
    return { user, pet, plan };
  }

  it('GET /subscription/customer-subscriptions?email= → success, subscriptions [{_id, active, daysLeft, numberOfGroomings, firstPaymentDate, lastPaymentDate, petId {_id, name, breed, email}, planId {duration, price, subscriptionType.purpose}}]', async () => {
    const { user } = await customerWithSubscription();
    const res = await clientCall(
      'GET',
      `/subscription/customer-subscriptions?email=${encodeURIComponent(user.email)}`,
      user.token,
    );
    expect(res.status).toBe(200);
    expectFields(res.json(), { success: 'boolean', subscriptions: 'array' });
    expectFields(first(res.json(), 'subscriptions'), {
      _id: 'string',
      active: 'boolean',
      daysLeft: 'number',
      numberOfGroomings: 'number',
      firstPaymentDate: 'string',
      lastPaymentDate: 'string',
      'petId._id': 'string',
      'petId.name': 'string',
      'petId.breed': 'string',
      'petId.email': 'string',
      'planId.duration': 'number',
      'planId.price': 'number',
      'planId.subscriptionType.purpose': 'string',
    });
  });

  it('POST /customer/payment/create-order {petId, planId, email} → id, amount (paise), success_url, cancel_url at the top level', async () => {
    const { user, pet, plan } = await customerWithSubscription();
    const res = await clientCall('POST', '/customer/payment/create-order', user.token, {
      petId: pet.id,
      planId: plan.id,
      email: user.email,
    });
    expect(res.status, JSON.stringify(res.json())).toBe(200);
    expectFields(res.json(), {
      success: 'boolean',
      id: 'string',
      amount: 'number',
      amountRupees: 'number',
      currency: 'string',
      keyId: 'string',
      success_url: 'string',
      cancel_url: 'string',
    });
    expect(res.json()).toMatchObject({ amount: plan.pricePaise, cancel_url: '/customer/buysubscription?cancelled=1' });
  });

  it('GET /subscription/expiring → success, subscriptions [{_id, petId {_id, name}, owner {name, phone}, purpose, planName, daysLeft, validUntil, reason}]', async () => {
    await customerWithSubscription();
    const res = await clientCall('GET', '/subscription/expiring', staff.token);
    expect(res.status).toBe(200);
    expectFields(first(res.json(), 'subscriptions'), {
      _id: 'string',
      'petId._id': 'string',
      'petId.name': 'string',
      'owner.name': 'string',
      'owner.phone': 'string',
      purpose: 'string',
      planName: 'string',
      daysLeft: 'number',
      numberOfGroomings: 'number',
      reason: 'string',
    });
  });
});

/* ───────────── the switch-over settings (issue 18): the existing client at the desk ───────────── */

describe('switch-over settings: legacyDeboardRecordsPayment and legacyAdmissionAcknowledged', () => {
  const admin = { token: '' };
  const setStays = async (settings: Record<string, boolean>) => {
    if (!admin.token) admin.token = (await t.user('staff', { isAdmin: true })).token;
    const res = await t.call({ method: 'PUT', url: '/api/v1/settings/stays', payload: settings, token: admin.token });
    expect(res.statusCode).toBe(200);
  };
  const auditsOf = (action: string, entityId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  /** A dog park stay sold by card (pending): ₹350 due, as the client's dog-park overlay finds it. */
  async function owing() {
    const owner = await makeOwner(t.database.db);
    const pet = await makePet(t.database.db, { ownerId: owner.id, vaccinations: [{ name: 'Rabies' }, { name: 'DHPP' }] });
    const visitType = (await typeByCode(t.database.db, 'dog_park')).id;
    const details = { discount: 0, price: 350, selectedPayment: 'card' };
    const res = await clientCall('POST', '/visit/adddogparkvisit', staff.token, { petId: pet.id, visitType, details });
    expect(res.status).toBe(201);
    return (res.json().visit as { boardingId: string }).boardingId;
  }
  const hostelForFlaggedDog = async () => {
    const petId = (await makePet(t.database.db, { vaccinations: [] })).id;
    const res = await clientCall('POST', '/visit/addhostelvisit', staff.token, {
      petId,
      visitType: (await typeByCode(t.database.db, 'hostel')).id,
      details: { planId: null, isSubscriptionAvailed: false, numberOfDays: 1, discount: 0, finalPrice: 1000, paymentLeft: 0 },
    });
    return { petId, res };
  };

  it('off (the default): a deboard with money due is 409 and writes nothing', async () => {
    const boardingId = await owing();
    const res = await clientCall('POST', '/boarding/daycaredeboarding', staff.token, { boardingid: boardingId });
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ success: false, due: 350 });
    const rows = await t.database.db.select().from(payments).where(eq(payments.boardingId, boardingId));
    expect(rows.filter((r) => r.status === 'completed' && r.kind === 'payment')).toHaveLength(0);
  });

  it('legacyDeboardRecordsPayment on: the due is recorded as received (method not recorded) with a receipt, audited, and the pet leaves', async () => {
    await setStays({ legacyDeboardRecordsPayment: true });
    try {
      const boardingId = await owing();
      const res = await clientCall('POST', '/boarding/daycaredeboarding', staff.token, { boardingid: boardingId });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Pet deboarded successfully',
        payment: { method: 'not_recorded', amount: 350, status: 'completed' },
      });
      expect((res.json().payment as { receiptNo: string }).receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
      const rows = await t.database.db.select().from(payments).where(eq(payments.boardingId, boardingId));
      // The card order left pending by the sale is voided: the owner cannot pay twice.
      expect(rows.filter((r) => r.method === 'card').map((r) => r.status)).toEqual(['void']);
      expect(await auditsOf('boarding.legacy_deboard_payment', boardingId)).toHaveLength(1);
      // Pawdesk's own screens (which send an Idempotency-Key) keep the 409 under the setting.
      const other = await owing();
      const keyed = await t.call({
        method: 'POST',
        url: '/api/v1/boarding/daycaredeboarding',
        token: staff.token,
        headers: { 'idempotency-key': `k-${other}` },
        payload: { boardingid: other },
      });
      expect(keyed.statusCode).toBe(409);
    } finally {
      await setStays({ legacyDeboardRecordsPayment: false });
    }
  });

  it('off (the default): a flagged dog sold by the existing client is 409 (its staff see the message)', async () => {
    const { res } = await hostelForFlaggedDog();
    expect(res.status).toBe(409);
    expect(res.json()).toMatchObject({ admissionRequired: true });
  });

  it('legacyAdmissionAcknowledged on: the sale is recorded as acknowledged by the existing client, audited', async () => {
    await setStays({ legacyAdmissionAcknowledged: true });
    try {
      const { petId, res } = await hostelForFlaggedDog();
      expect(res.status).toBe(201);
      expect(res.json()).toMatchObject({ success: true, message: 'Dog boarded successfully' });
      const boardingId = (res.json().visit as { boardingId: string }).boardingId;
      const details = await clientCall('POST', '/boarding/getboardingdetails', staff.token, { _id: boardingId });
      expect(details.json()).toMatchObject({
        boardingDetails: {
          admission: { missing: ['No record of Rabies', 'No record of DHPP'], via: 'existing_client' },
        },
      });
      expect(await auditsOf('boarding.legacy_admission_acknowledged', petId)).toHaveLength(1);
      // Pawdesk's own form (Idempotency-Key, no acknowledgement) is still asked to confirm.
      const flagged = (await makePet(t.database.db, { vaccinations: [] })).id;
      const keyed = await t.call({
        method: 'POST',
        url: '/api/v1/visit/addhostelvisit',
        token: staff.token,
        headers: { 'idempotency-key': `k-${flagged}` },
        payload: {
          petId: flagged,
          visitType: (await typeByCode(t.database.db, 'hostel')).id,
          details: { numberOfDays: 1, discount: 0, finalPrice: 1000, paymentLeft: 0 },
        },
      });
      expect(keyed.statusCode).toBe(409);
    } finally {
      await setStays({ legacyAdmissionAcknowledged: false });
    }
  });
});

/* ───────────── online appointments (issue 19) ───────────── */

describe('online appointments', () => {
  it('POST /customerappointment/createappoint {customerId, serviceId, serviceName, servicePrice, appointmentDate, appointmentTime, petId, petName, petBreed, petAge, petSpecies, notes, totalAmount} → data (pending); GET getcustomerappoint/{customerId} → data [.. serviceId {name}]; DELETE cancelappoint/{id} → data (updated); staff GET onlineappointments?date= → success, appointments; PATCH …/status {status, visitNotes}', async () => {
    const c = await t.user('customer', { fullName: 'Meera Kapoor' });
    const owner = await makeOwner(t.database.db, { userId: c.id, email: c.email });
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: 'Tiger' });
    const services = (await clientCall('GET', '/customerservices/getallservices', c.token)).json();
    const grooming = (services.data as { name: string; _id: string }[]).find((s) => s.name === 'Grooming')!;
    const date = addDays(todayIn(), 3);
    const booked = await clientCall('POST', '/customerappointment/createappoint', c.token, {
      customerId: c.id,
      serviceId: grooming._id,
      serviceName: 'Grooming',
      servicePrice: 700,
      appointmentDate: date,
      appointmentTime: '10:30',
      petId: pet.id,
      petName: 'Tiger',
      petBreed: 'Beagle',
      petAge: 'N/A',
      petSpecies: 'dog',
      notes: 'First visit',
      totalAmount: 700,
    });
    expect(booked.status).toBe(201);
    expectFields(booked.json(), { data: 'object', 'data._id': 'string', 'data.status': 'string' });
    const data = booked.json().data as Record<string, unknown>;
    expect(data.status).toBe('pending');

    const list = await clientCall('GET', `/customerappointment/getcustomerappoint/${c.id}`, c.token);
    expect(list.status).toBe(200);
    expectFields(first(list.json(), 'data'), {
      _id: 'string',
      status: 'string',
      'serviceId.name': 'string',
      serviceName: 'string',
      appointmentDate: 'string',
      appointmentTime: 'string',
      petName: 'string',
      totalAmount: 'number',
      notes: 'string',
    });

    for (const q of [date, `${date}T00:00:00.000Z`]) {
      const day = await clientCall('GET', `/appointment/onlineappointments?date=${encodeURIComponent(q)}`, staff.token);
      expect(day.status).toBe(200);
      expectFields(day.json(), { success: 'boolean', appointments: 'array' });
      const row = (day.json().appointments as Record<string, unknown>[]).find((a) => a._id === data._id);
      expectFields(row, {
        _id: 'string',
        status: 'string',
        'customerId.fullName': 'string',
        'customerId.email': 'string',
        serviceName: 'string',
        appointmentDate: 'string',
        appointmentTime: 'string',
        petName: 'string',
        petBreed: 'string',
        petAge: 'string',
        totalAmount: 'number',
        notes: 'string',
      });
    }

    const confirmed = await clientCall('PATCH', `/appointment/onlineappointments/${data._id}/status`, staff.token, {
      status: 'confirmed',
      visitNotes: '',
    });
    expect(confirmed.status).toBe(200);

    const cancelled = await clientCall('DELETE', `/customerappointment/cancelappoint/${data._id}`, c.token);
    expect(cancelled.status).toBe(200);
    expectFields(cancelled.json(), { data: 'object', 'data._id': 'string', 'data.status': 'string' });
    expect((cancelled.json().data as Record<string, unknown>).status).toBe('cancelled');
  });
});

/* ───────────── data imported from the original system (issue 21) ───────────── */

describe('owners imported without a phone, bookings imported without a pet or service (issue 21)', () => {
  it('an owner without a phone answers `phone: null` (the field is always there) in the pet, visit, attendance and reminder calls; Edit Owner saves without one', async () => {
    const owner = await makeOwnerWithoutPhone(t.database.db, { name: 'Kamla Devi', address: 'Old Gurgaon' });
    const pet = await makePet(t.database.db, { ownerId: owner.id, name: `Moti${phone().slice(-5)}` });

    const all = await clientCall('GET', '/pet/getallpets', staff.token);
    const listed = (all.json().list as Record<string, unknown>[]).find((p) => p._id === pet.id);
    expectFields(listed, { 'owner.name': 'string', 'owner.phone': 'null', 'owner.address': 'string' });
    const details = await clientCall('GET', `/pet/getpetdetails/${pet.id}`, staff.token);
    expectFields(details.json(), { 'pet.owner.name': 'string', 'pet.owner.phone': 'null' });
    const found = await clientCall('GET', `/pet/getfilteredpetsbynameandphone/?name=${pet.name}&phone=`, staff.token);
    expectFields(first(found.json(), 'list'), { 'owner.phone': 'null' });

    const shop = await typeByCode(t.database.db, 'shop');
    const sold = await clientCall('POST', '/visit/addshopvisit', staff.token, {
      petId: pet.id,
      visitType: shop.id,
      items: [{ name: 'Chew toy', price: 150 }],
      details: { totalCalculatedPrice: 150, selectedPayment: 'cash' },
    });
    expect(sold.status).toBe(201);
    const visitId = (sold.json().visit as { _id: string })._id;
    const history = await clientCall('POST', `/visit/getvisitlist?name=${pet.name}&purpose=&date=`, staff.token);
    expectFields(first(history.json(), 'List'), { 'pet.owner.name': 'string', 'pet.owner.phone': 'null' });
    const visit = await clientCall('GET', `/visit/getvisitdetails/${visitId}`, staff.token);
    expectFields(visit.json(), { 'data.pet.owner.name': 'string', 'data.pet.owner.phone': 'null' });

    const day = '2032-06-15';
    await scheduleFollowUp(t.database.db, { petId: pet.id, date: day, time: '10:00', purpose: 'Review', source: 'prescription' });
    const attendance = await clientCall('GET', `/attendance/getattendancelist/${day}`, staff.token);
    const entry = (attendance.json().List as { petId: { _id: string } }[]).find((e) => e.petId._id === pet.id);
    expectFields(entry, { 'petId.owner.name': 'string', 'petId.owner.phone': 'null' });
    const reminders = await clientCall('GET', `/reminders/getreminderslist/${day}`, staff.token);
    const reminder = (reminders.json().List as { petId: string }[]).find((r) => r.petId === pet.id);
    expectFields(reminder, { petName: 'string', ownerName: 'string', contact: 'null', purpose: 'string' });

    // The client's Edit Owner form sends the phone it shows: '' for none.
    const edited = await clientCall('POST', '/pet/editownerdetails', staff.token, {
      id: owner.id,
      name: 'Kamla Devi',
      phone: '',
      email: '',
      address: 'Old Gurgaon, Sector 4',
    });
    expect(edited.status).toBe(200);
    expectFields(edited.json(), { success: 'boolean', message: 'string' });
  });

  it('a booking without a pet or service answers `petId: null` and `serviceId {_id: null, name}`; confirming it is a 409 with a message', async () => {
    const c = await t.user('customer', { fullName: 'Kamla Devi' });
    const owner = await makeOwner(t.database.db, { userId: c.id, email: c.email });
    const date = addDays(todayIn(), 4);
    const [row] = await t.database.db
      .insert(appointments)
      .values({
        customerId: c.id,
        ownerId: owner.id,
        serviceName: 'Vaccination (ARV)',
        servicePricePaise: 0,
        totalAmountPaise: 0,
        appointmentDate: date,
        appointmentTime: '09:30',
        petName: 'Sheru',
        petAge: 'N/A',
      })
      .returning();
    const SHAPE: Record<string, FieldType> = {
      _id: 'string',
      status: 'string',
      serviceId: 'object',
      'serviceId._id': 'null',
      'serviceId.name': 'string',
      serviceName: 'string',
      petId: 'null',
      petName: 'string',
      petBreed: 'string',
      petAge: 'string',
      totalAmount: 'number',
      notes: 'string',
    };
    const mine = await clientCall('GET', `/customerappointment/getcustomerappoint/${c.id}`, c.token);
    expectFields(first(mine.json(), 'data'), SHAPE);
    const staffDay = await clientCall('GET', `/appointment/onlineappointments?date=${date}`, staff.token);
    expectFields(
      (staffDay.json().appointments as { _id: string }[]).find((a) => a._id === row!.id),
      SHAPE,
    );
    const confirm = await clientCall('PATCH', `/appointment/onlineappointments/${row!.id}/status`, staff.token, {
      status: 'confirmed',
      visitNotes: '',
    });
    expect(confirm.status).toBe(409);
    expectFields(confirm.json(), { success: 'boolean', message: 'string' });
  });
});
