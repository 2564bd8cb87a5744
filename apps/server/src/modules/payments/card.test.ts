import { createHmac } from 'node:crypto';
import { PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import {
  ledgerRow,
  ownerRows,
  payCash,
  paymentsOf,
  rowCount,
  staffNoticesAbout,
  visitToPay,
} from '../../../test/payments-fixtures.ts';
import { offlineSecrets } from './providers/offline.ts';

/** Card payments on the offline provider (no Razorpay keys): the same calls the web app and the old client make. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const customer = useTestUser(t, 'customer');

const post = (url: string, payload: object, token = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token });
const createOrder = (notes: object, amount?: number) =>
  post('/payments/create-order', { amount, receipt: `order${Date.now()}`, notes });
const payOffline = (orderId: string, outcome: 'success' | 'failure' = 'success') =>
  post(`/payments/offline/checkout/${orderId}/pay`, { outcome });

describe('POST /payments/create-order', () => {
  it('creates an order for the pending card payment’s amount and stores it on that payment; asking again answers the same order', async () => {
    const { visit, pending } = await visitToPay(t.database.db, {
      pricePaise: 120000,
      pending: { method: 'card', amountPaise: 50000 },
    });
    const res = await createOrder({ visitId: visit.id }, 500);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      order: { amount: 50000, currency: 'INR' },
      amountRupees: 500,
      paymentId: pending!.id,
      provider: 'offline',
      keyId: 'rzp_offline',
    });
    expect(body.order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row).toMatchObject({ id: pending!.id, status: 'pending', providerOrderId: body.order.id, provider: 'offline' });
    const again = (await createOrder({ visitId: visit.id })).json();
    expect(again.order.id).toBe(body.order.id);
    expect(await paymentsOf(t.database.db, visit.id)).toHaveLength(1);
  });

  it('without a pending card payment, asks for what is due and records it as a pending card payment', async () => {
    const { visit, pet } = await visitToPay(t.database.db, { pricePaise: 80000 });
    await payCash(t.database.db, pet.id, visit.id, 30000);
    const res = await createOrder({ visitId: visit.id });
    expect(res.json()).toMatchObject({ order: { amount: 50000 }, amountRupees: 500 });
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows.map((r) => [r.method, r.status, r.amountPaise])).toEqual([
      ['cash', 'completed', 30000],
      ['card', 'pending', 50000],
    ]);
  });

  it('refuses an amount other than the server’s with the expected amount, writing nothing', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 75050 });
    const before = await rowCount(t.database.db, 'payments');
    const res = await createOrder({ visitId: visit.id }, 100);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: M.amountMismatch, expectedAmount: 750.5 });
    expect(await rowCount(t.database.db, 'payments')).toBe(before);
    expect((await createOrder({ visitId: visit.id }, 750.5)).statusCode).toBe(200);
  });

  it('409 when nothing is due; 404 for an unknown visit; 400 without a subject', async () => {
    const { visit, pet } = await visitToPay(t.database.db, { pricePaise: 20000 });
    await payCash(t.database.db, pet.id, visit.id, 20000);
    const none = await createOrder({ visitId: visit.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nothing is due');
    const unknown = await createOrder({ visitId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Visit not found');
    const bare = await createOrder({});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(M.subjectMissing);
  });

  it('a pending card payment of more than is now due (cash taken meanwhile) is voided and a new one asked for', async () => {
    const { visit, pet, pending } = await visitToPay(t.database.db, { pricePaise: 60000, pending: { method: 'card' } });
    await payCash(t.database.db, pet.id, visit.id, 40000);
    expect((await createOrder({ visitId: visit.id })).json().order.amount).toBe(20000);
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows.find((r) => r.id === pending!.id)).toMatchObject({ status: 'void', completedVia: 'desk' });
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.amountPaise)).toEqual([20000]);
  });

  it('is for staff: 401 without a token, 403 for a customer', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 10000 });
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/payments/create-order', payload: { notes: { visitId: visit.id } } }))
        .statusCode,
    ).toBe(401);
    expect((await post('/payments/create-order', { notes: { visitId: visit.id } }, customer.token)).statusCode).toBe(403);
  });
});

describe('a card payment through the offline checkout, then POST /payments/verify-payment', () => {
  async function paidCheckout(pricePaise = 45000) {
    const v = await visitToPay(t.database.db, { pricePaise, pending: { method: 'card' } });
    const order = (await createOrder({ visitId: v.visit.id })).json().order;
    const result = await payOffline(order.id);
    expect(result.statusCode).toBe(200);
    return { ...v, order, result: result.json() };
  }

  it('the checkout answers a result signed as Razorpay signs it; verifying it completes the payment with a receipt', async () => {
    const { visit, order, result } = await paidCheckout();
    const { keySecret } = offlineSecrets(t.config.jwtSecret);
    expect(result).toMatchObject({ status: 'captured', razorpay_order_id: order.id });
    expect(result.razorpay_signature).toBe(
      createHmac('sha256', keySecret).update(`${order.id}|${result.razorpay_payment_id}`).digest('hex'),
    );
    const res = await post('/payments/verify-payment', { ...result, visitId: visit.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: M.done,
      payment: { amount: 450, status: 'completed', method: 'card', providerPaymentId: result.razorpay_payment_id },
    });
    expect(body.payment.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', receiptNo: body.payment.receiptNo });
  });

  it('a replay answers the same receipt and records nothing more', async () => {
    const { visit, result } = await paidCheckout();
    const first = (await post('/payments/verify-payment', result)).json();
    const second = await post('/payments/verify-payment', result);
    expect(second.statusCode).toBe(200);
    expect(second.json().payment).toEqual(first.payment);
    expect(await paymentsOf(t.database.db, visit.id)).toHaveLength(1);
  });

  it('a tampered signature, order id or payment id is refused and nothing is recorded', async () => {
    const { visit, result } = await paidCheckout();
    const other = await paidCheckout();
    const flipped = (result.razorpay_signature[0] === 'a' ? 'b' : 'a') + result.razorpay_signature.slice(1);
    for (const forged of [
      { ...result, razorpay_signature: flipped },
      { ...result, razorpay_order_id: other.order.id },
      { ...result, razorpay_payment_id: other.result.razorpay_payment_id },
      { ...result, razorpay_signature: 'not-a-signature' },
    ]) {
      const res = await post('/payments/verify-payment', forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: M.failed });
    }
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  });

  it('a failed checkout answers no signature; the order can be paid afterwards; a paid order cannot be paid again', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 30000, pending: { method: 'card' } });
    const order = (await createOrder({ visitId: visit.id })).json().order;
    const failed = (await payOffline(order.id, 'failure')).json();
    expect(failed).toMatchObject({ status: 'failed', error: { reason: 'payment_failed' } });
    expect(failed.razorpay_signature).toBeUndefined();
    const ok = (await payOffline(order.id)).json();
    expect(ok.status).toBe('captured');
    expect((await payOffline(order.id)).statusCode).toBe(409);
    expect((await post('/payments/verify-payment', ok)).json().payment.status).toBe('completed');
  });

  it('an order whose pending payment was replaced, paid anyway (a second tab): the money is booked to unapplied, not lost, and staff are told', async () => {
    const { visit, pet } = await visitToPay(t.database.db, { pricePaise: 60000, pending: { method: 'card' } });
    const stale = (await createOrder({ visitId: visit.id })).json().order;
    await payCash(t.database.db, pet.id, visit.id, 10000);
    const fresh = (await createOrder({ visitId: visit.id })).json().order;
    expect(fresh.amount).toBe(50000);
    const paid = (await payOffline(stale.id)).json();
    const res = await post('/payments/verify-payment', paid);
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ amount: 600, status: 'completed', method: 'card' });
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows.map((r) => [r.method, r.status, r.amountPaise])).toEqual([
      ['card', 'void', 60000],
      ['cash', 'completed', 10000],
      ['card', 'pending', 50000],
    ]);
    const booked = await ledgerRow(t.database.db, res.json().payment._id);
    expect(booked).toMatchObject({ account: 'unapplied', visitId: null, providerOrderId: stale.id, completedVia: 'checkout' });
    expect(await staffNoticesAbout(t.database.db, booked.id)).toHaveLength(1);
    // The replay finds the same payment.
    expect((await post('/payments/verify-payment', paid)).json().payment.receiptNo).toBe(res.json().payment.receiptNo);
  });

  it('the offline checkout: 404 for an unknown order, 400 for a malformed one or outcome; a customer pays only their own checkout orders', async () => {
    expect((await payOffline('order_AAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await payOffline('order_x')).statusCode).toBe(400);
    const { visit } = await visitToPay(t.database.db, { pricePaise: 30000 });
    const order = (await createOrder({ visitId: visit.id })).json().order;
    expect((await post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'maybe' })).statusCode).toBe(400);
    // A visit's card order is the desk's: to a customer it is not there (checkout-orders.test.ts pays their own).
    expect((await post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'success' }, customer.token)).statusCode).toBe(
      404,
    );
  });

  it('GET /payments/config names the provider and the brand', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/payments/config', token: staff.token });
    expect(res.json()).toEqual({ success: true, provider: 'offline', keyId: 'rzp_offline', businessName: 'Pet DayCare Service' });
  });
});

describe('POST /payments/verify-pending-payment', () => {
  it('records a captured payment of this visit once, after asking the provider', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 90000, pending: { method: 'card' } });
    const order = (await createOrder({ visitId: visit.id })).json().order;
    const paid = (await payOffline(order.id)).json();
    const body = { razorpay_payment_id: paid.razorpay_payment_id, visitId: visit.id };
    const res = await post('/payments/verify-pending-payment', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, payment: { amount: 900, status: 'completed', method: 'card' } });
    const again = await post('/payments/verify-pending-payment', body);
    expect(again.json().payment.receiptNo).toBe(res.json().payment.receiptNo);
    expect(await paymentsOf(t.database.db, visit.id)).toHaveLength(1);
  });

  it('refuses a payment of another visit, a failed one and an unknown one; money beyond what is due is booked, the excess to unapplied', async () => {
    const a = await visitToPay(t.database.db, { pricePaise: 40000, pending: { method: 'card' } });
    const b = await visitToPay(t.database.db, { pricePaise: 40000 });
    const order = (await createOrder({ visitId: a.visit.id })).json().order;
    const failed = (await payOffline(order.id, 'failure')).json();
    const paid = (await payOffline(order.id)).json();

    const other = await post('/payments/verify-pending-payment', {
      razorpay_payment_id: paid.razorpay_payment_id,
      visitId: b.visit.id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(M.otherSubject);
    const fail = await post('/payments/verify-pending-payment', {
      razorpay_payment_id: failed.razorpay_payment_id,
      visitId: a.visit.id,
    });
    expect(fail.statusCode).toBe(400);
    expect(fail.json().message).toBe(M.failed);
    const unknown = await post('/payments/verify-pending-payment', {
      razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
      visitId: a.visit.id,
    });
    expect(unknown.statusCode).toBe(404);

    // Cash settled the visit meanwhile: the captured card money pays it again, so the excess moves to the
    // owner's unapplied balance (captured money is never refused: the provider holds it).
    await payCash(t.database.db, a.pet.id, a.visit.id, 40000);
    const more = await post('/payments/verify-pending-payment', {
      razorpay_payment_id: paid.razorpay_payment_id,
      visitId: a.visit.id,
    });
    expect(more.statusCode).toBe(200);
    expect((await paymentsOf(t.database.db, a.visit.id)).map((r) => [r.method, r.status])).toEqual([
      ['card', 'completed'],
      ['cash', 'completed'],
    ]);
    const moved = (await ownerRows(t.database.db, a.owner.id)).filter((r) => r.kind === 'allocation');
    expect(moved.map((r) => [r.account, r.direction, r.amountPaise])).toEqual([
      ['sale', 'out', 40000],
      ['unapplied', 'in', 40000],
    ]);
  });
});
