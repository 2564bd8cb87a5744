import { PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { makeOwner } from '../../../test/factories.ts';
import { emailsAbout, paymentsOf, visitToPay } from '../../../test/payments-fixtures.ts';
import { type RazorpayStandin, startRazorpayStandin } from '../../../test/razorpay-standin.ts';
import { RazorpayProvider } from './providers/razorpay.ts';

/**
 * The real Razorpay SDK (RazorpayProvider) pointed at a local stand-in for Razorpay's API: the whole card and
 * payment-link flows as in production, with checkout and the webhooks played by the stand-in.
 */
let standin: RazorpayStandin;
let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  standin = await startRazorpayStandin();
  t = await createTestApp({ razorpay: { ...standin.keys, apiBase: standin.url } });
  staff = await t.user('staff');
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: staff.token });
const webhook = ({ body, signature }: { body: string; signature: string }) =>
  t.call({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
  });

describe('Razorpay through the SDK and a stand-in for its API', () => {
  it('a complete card payment: create-order → checkout → verify-payment → a completed ledger row with a receipt', async () => {
    const { visit, pending } = await visitToPay(t.database.db, { pricePaise: 249900, pending: { method: 'card' } });
    const created = await post('/payments/create-order', {
      amount: 2499,
      receipt: 'order1763800000000',
      notes: { visitId: visit.id },
    });
    expect(created.statusCode).toBe(200);
    const { order, provider, keyId } = created.json();
    expect({ provider, keyId }).toEqual({ provider: 'razorpay', keyId: standin.keys.keyId });
    // The order was created at "Razorpay", for the ledger's amount, with the visit in its notes.
    expect(standin.orders.get(order.id)).toMatchObject({
      amount: 249900,
      currency: 'INR',
      receipt: 'order1763800000000',
      notes: { visitId: visit.id, paymentId: pending!.id },
    });
    expect(standin.requests.at(-1)).toEqual({ method: 'POST', path: '/v1/orders', authorized: true });

    const result = standin.checkout(order.id);
    const verified = await post('/payments/verify-payment', result);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      message: M.done,
      payment: { status: 'completed', amount: 2499, provider: 'razorpay' },
    });
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row).toMatchObject({ status: 'completed', providerOrderId: order.id, providerPaymentId: result.razorpay_payment_id });
    expect(row!.receiptNo).toBe(verified.json().payment.receiptNo);

    // Razorpay's webhooks for the same payment arrive afterwards: nothing more is recorded.
    expect((await webhook(standin.webhook('payment.captured', result.razorpay_payment_id))).json().status).toBe('duplicate');
    expect((await webhook(standin.webhook('order.paid', result.razorpay_payment_id))).json().status).toBe('duplicate');
    expect(await paymentsOf(t.database.db, visit.id)).toHaveLength(1);
  });

  it('a card payment the browser never reported is recorded by the order.paid webhook', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 50000, pending: { method: 'card' } });
    const { order } = (await post('/payments/create-order', { notes: { visitId: visit.id } })).json();
    const result = standin.checkout(order.id);
    expect((await webhook(standin.webhook('order.paid', result.razorpay_payment_id))).json().status).toBe('processed');
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row).toMatchObject({ status: 'completed', providerPaymentId: result.razorpay_payment_id });
  });

  it('a payment link created through the SDK, emailed, and paid through the payment_link.paid webhook', async () => {
    const { visit, pending } = await visitToPay(t.database.db, { pricePaise: 180000, pending: { method: 'payment_link' } });
    const sent = await post('/payments/payment-link', { paymentId: pending!.id });
    expect(sent.statusCode).toBe(200);
    const { linkUrl } = sent.json();
    const link = [...standin.links.values()].find((l) => l.short_url === linkUrl)!;
    expect(link).toMatchObject({ amount: 180000, currency: 'INR', accept_partial: false, notify: { email: false, sms: false } });
    expect(link.customer).toMatchObject({ name: 'Test Owner', email: 'owner@example.com' });
    expect((await emailsAbout(t.database.db, pending!.id))[0]!.body).toContain(linkUrl);

    const payment = standin.payLink(link.id);
    // Razorpay also reports the link's own order, which Pawdesk never created: ignored.
    expect((await webhook(standin.webhook('order.paid', payment.id))).json().status).toBe('ignored');
    expect((await webhook(standin.webhook('payment_link.paid', payment.id))).json().status).toBe('processed');
    expect((await webhook(standin.webhook('payment_link.paid', payment.id))).json().status).toBe('duplicate');
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'completed',
      method: 'payment_link',
      providerLinkId: link.id,
      providerPaymentId: payment.id,
    });
    expect(rows[0]!.receiptNo).toMatch(/\/\d{6}$/);
  });

  it('verify-pending-payment fetches the payment from Razorpay through the SDK', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 70000, pending: { method: 'card' } });
    const { order } = (await post('/payments/create-order', { notes: { visitId: visit.id } })).json();
    const { razorpay_payment_id } = standin.checkout(order.id);
    const before = standin.requests.length;
    const res = await post('/payments/verify-pending-payment', { razorpay_payment_id, visitId: visit.id });
    expect(res.json()).toMatchObject({ success: true, payment: { status: 'completed', amount: 700 } });
    expect(standin.requests.slice(before)).toContainEqual({
      method: 'GET',
      path: `/v1/payments/${razorpay_payment_id}`,
      authorized: true,
    });
    expect(
      (await post('/payments/verify-pending-payment', { razorpay_payment_id: 'pay_AAAAAAAAAAAAAA', visitId: visit.id }))
        .statusCode,
    ).toBe(404);
  });

  it('a checkout result signed with another secret is refused', async () => {
    const { visit } = await visitToPay(t.database.db, { pricePaise: 10000, pending: { method: 'card' } });
    const { order } = (await post('/payments/create-order', { notes: { visitId: visit.id } })).json();
    const result = standin.checkout(order.id);
    const res = await post('/payments/verify-payment', {
      ...result,
      razorpay_signature: result.razorpay_signature.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    });
    expect(res.statusCode).toBe(400);
    expect((await paymentsOf(t.database.db, visit.id))[0]!.status).toBe('pending');
  });

  it('Razorpay unreachable or refusing the keys: a 502 the user may retry, the message the spec names', async () => {
    const wrongKeys = new RazorpayProvider({ ...standin.keys, keySecret: 'wrong', apiBase: standin.url });
    await expect(wrongKeys.fetchOrder('order_x')).rejects.toMatchObject({ name: 'ProviderError', status: 401 });
    const down = new RazorpayProvider({ ...standin.keys, apiBase: 'http://127.0.0.1:9' });
    await expect(down.fetchOrder('order_x')).rejects.toMatchObject({ name: 'ProviderError', status: null });
    const t2 = await createTestApp({ razorpay: { ...standin.keys, apiBase: 'http://127.0.0.1:9' } });
    try {
      const s = await t2.user('staff');
      const { visit } = await visitToPay(t2.database.db, { pricePaise: 10000 });
      const res = await t2.call({
        method: 'POST',
        url: '/api/v1/payments/create-order',
        payload: { notes: { visitId: visit.id } },
        token: s.token,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ success: false, message: M.orderFailed });
    } finally {
      await t2.close();
    }
  });
});

describe('a customer paying online through Razorpay (issue 16)', () => {
  it('a wallet top-up: the success address asks Razorpay for the order’s payments and credits the captured amount once', async () => {
    const user = await t.user('customer');
    await makeOwner(t.database.db, { userId: user.id, email: user.email });
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/customer/wallet/create-order',
      payload: { amount: 1500 },
      token: user.token,
    });
    expect(created.statusCode).toBe(200);
    const order = created.json();
    expect(order).toMatchObject({ provider: 'razorpay', keyId: standin.keys.keyId, amount: 150000 });
    expect(standin.orders.get(order.id)!.notes).toMatchObject({
      checkoutOrderId: order.checkoutOrderId,
      purpose: 'wallet_topup',
    });
    const early = await t.call({ method: 'GET', url: order.success_url });
    expect(early.headers.location).toBe('/customer/subscription?pending=1&topup=1');
    const result = standin.checkout(order.id);
    const landing = await t.call({ method: 'GET', url: order.success_url });
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/customer/subscription?paid=1&topup=1');
    expect(standin.requests.filter((r) => r.path === `/v1/orders/${order.id}/payments`)).toHaveLength(2);
    expect((await webhook(standin.webhook('payment.captured', result.razorpay_payment_id))).json().status).toBe('duplicate');
    const wallet = (await t.call({ method: 'GET', url: '/api/v1/customer/wallet', token: user.token })).json().wallet;
    expect(wallet.balance).toBe(1500);
    expect(wallet.movements).toHaveLength(1);
  });
});
