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
import { useTestApp, useTestUser } from './harness.ts';
import { visitToPay } from './payments-fixtures.ts';

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
