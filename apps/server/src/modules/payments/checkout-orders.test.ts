import { PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { rowCount } from '../../../test/payments-fixtures.ts';
import { accountRows, checkoutOrderRow, staffNoticesOfOwner, walletKit } from '../../../test/wallet-kit.ts';
import { badRequest } from '../../lib/errors.ts';
import { createCheckoutOrder, registerCheckoutFulfiller } from './checkout-orders.service.ts';
import { recordPayment } from './payments.service.ts';

/**
 * Checkout orders (issue 16 "Customers paying online"), through the customer's wallet top-up: what it buys is
 * created exactly once, by whichever of the checkout callback, the success address and the webhook comes first.
 */
const t = useTestApp();
const k = walletKit(t);

async function topUpOrder(amount = 2500) {
  const c = await k.customer();
  const res = await k.post('/customer/wallet/create-order', { amount }, c.user.token);
  expect(res.statusCode).toBe(200);
  return { ...c, order: res.json() };
}

describe('POST /customer/wallet/create-order', () => {
  it('answers the order fields at the top level: the provider order for the server’s amount in paise, and the success and cancel addresses', async () => {
    const { order, ownerId, user } = await topUpOrder(2500.5);
    expect(order).toMatchObject({
      success: true,
      amount: 250050,
      amountRupees: 2500.5,
      currency: 'INR',
      keyId: 'rzp_offline',
      provider: 'offline',
      success_url: `/api/v1/customer/payment/success?order_id=${order.id}`,
      cancel_url: '/customer/subscription?cancelled=1',
      description: 'Wallet top-up',
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const row = await checkoutOrderRow(t.database.db, order.id);
    expect(row).toMatchObject({
      id: order.checkoutOrderId,
      purpose: 'wallet_topup',
      ownerId,
      userId: user.id,
      amountPaise: 250050,
      status: 'created',
    });
    // Nothing is in the ledger before the money is captured.
    expect(await accountRows(t.database.db, ownerId, 'wallet')).toHaveLength(0);
  });
});

describe('verification, exactly once', () => {
  it('the checkout callback credits the wallet with what was captured; a replay, the webhook and the success address answer the same', async () => {
    const { order, ownerId, user } = await topUpOrder(2500);
    const result = await k.pay(order.id, user.token);
    const first = await k.verify(result, user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: M.done,
      payment: { amount: 2500, status: 'completed', method: 'card', providerPaymentId: result.razorpay_payment_id },
      checkout: { purpose: 'wallet_topup', status: 'paid' },
    });
    const again = await k.verify(result, user.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment._id).toBe(first.json().payment._id);
    expect((await k.webhook(order.id, result.razorpay_payment_id!, 250000)).json().status).toBe('duplicate');
    const landing = await k.get(`/customer/payment/success?order_id=${order.id}`);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe('/customer/subscription?paid=1&topup=1');

    const wallet = await accountRows(t.database.db, ownerId, 'wallet');
    expect(wallet.map((r) => [r.kind, r.status, r.amountPaise, r.completedVia])).toEqual([
      ['payment', 'completed', 250000, 'checkout'],
    ]);
    expect(wallet[0]!.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(await checkoutOrderRow(t.database.db, order.id)).toMatchObject({
      status: 'paid',
      paymentId: wallet[0]!.id,
      result: { walletPaymentId: wallet[0]!.id },
    });
    expect(await accountRows(t.database.db, ownerId, 'unapplied')).toHaveLength(0);
    expect(await staffNoticesOfOwner(t.database.db, ownerId)).toHaveLength(0);
    expect((await k.get('/customer/wallet', user.token)).json().wallet.balance).toBe(2500);
  });

  it('the webhook first, then the checkout callback: one top-up; a verify replayed with its Idempotency-Key answers the stored answer', async () => {
    const { order, ownerId, user } = await topUpOrder(800);
    const result = await k.pay(order.id, user.token);
    expect((await k.webhook(order.id, result.razorpay_payment_id!, 80000, 'order.paid')).json().status).toBe('processed');
    const key = `verify-${order.id}`;
    const v1 = await k.verify(result, user.token, key);
    const v2 = await k.verify(result, user.token, key);
    expect([v1.statusCode, v2.statusCode]).toEqual([200, 200]);
    expect(v2.headers['idempotent-replayed']).toBe('true');
    expect(v2.json()).toEqual(v1.json());
    const wallet = await accountRows(t.database.db, ownerId, 'wallet');
    expect(wallet.map((r) => [r.amountPaise, r.completedVia])).toEqual([[80000, 'webhook']]);
  });

  it('a forged signature is refused (400) and creates nothing', async () => {
    const { order, ownerId, user } = await topUpOrder(900);
    const result = await k.pay(order.id, user.token);
    const before = await rowCount(t.database.db, 'payments');
    const forged = await k.verify({ ...result, razorpay_signature: 'f'.repeat(64) }, user.token);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({
      success: false,
      message: M.failed,
      errors: { razorpay_signature: M.signatureInvalid },
    });
    // The signature of another order's payment does not pay this one either.
    const other = await topUpOrder(900);
    const otherResult = await k.pay(other.order.id, other.user.token);
    const swapped = await k.verify({ ...otherResult, razorpay_order_id: order.id }, user.token);
    expect(swapped.statusCode).toBe(400);
    expect(await rowCount(t.database.db, 'payments')).toBe(before);
    expect(await accountRows(t.database.db, ownerId, 'wallet')).toHaveLength(0);
    expect((await checkoutOrderRow(t.database.db, order.id))!.status).toBe('created');
  });

  it('a customer verifies and pays only their own checkout orders (404 for another’s: nothing said, nothing created)', async () => {
    const a = await topUpOrder(700);
    const b = await k.customer();
    expect((await k.post(`/payments/offline/checkout/${a.order.id}/pay`, { outcome: 'success' }, b.user.token)).statusCode).toBe(
      404,
    );
    const result = await k.pay(a.order.id, a.user.token);
    const stolen = await k.verify(result, b.user.token);
    expect(stolen.statusCode).toBe(404);
    expect(await accountRows(t.database.db, a.ownerId, 'wallet')).toHaveLength(0);
    expect(await accountRows(t.database.db, b.ownerId, 'wallet')).toHaveLength(0);
    // A staff order (a visit's card payment) is not a customer's to verify either.
    expect((await k.verify({ ...result, razorpay_order_id: 'order_ABCDEFGHIJKLMN' }, a.user.token)).statusCode).toBe(400);
    expect((await k.verify(result, a.user.token)).statusCode).toBe(200);
  });

  it('a captured amount other than the order’s is held on the owner’s unapplied balance with a staff notification', async () => {
    const { order, ownerId, user } = await topUpOrder(1000);
    const result = await k.pay(order.id, user.token);
    const res = await k.webhook(order.id, result.razorpay_payment_id!, 99900);
    expect(res.json().status).toBe('unapplied');
    expect(await accountRows(t.database.db, ownerId, 'wallet')).toHaveLength(0);
    const held = await accountRows(t.database.db, ownerId, 'unapplied');
    expect(held.map((r) => [r.kind, r.status, r.amountPaise, r.providerPaymentId])).toEqual([
      ['payment', 'completed', 99900, result.razorpay_payment_id],
    ]);
    const notices = await staffNoticesOfOwner(t.database.db, ownerId);
    expect(notices.map((n) => [n.kind, n.title])).toEqual([['unapplied_payment', '₹999.00 received that pays no sale']]);
    expect(notices[0]!.body).toContain('of ₹1,000.00, not ₹999.00');
    expect(await checkoutOrderRow(t.database.db, order.id)).toMatchObject({ status: 'paid', result: { unapplied: held[0]!.id } });
    // The checkout callback afterwards answers the same row; the success address says it failed.
    expect((await k.verify(result, user.token)).json().payment._id).toBe(held[0]!.id);
    expect((await k.get(`/customer/payment/success?order_id=${order.id}`)).headers.location).toBe(
      '/customer/subscription?failed=1&topup=1',
    );
  });

  it('a fulfiller that throws (the purchase cannot be made) writes nothing, and the money is held as unapplied with a staff notification', async () => {
    // A stand-in for the subscriptions module's fulfiller (this test file's own registry): it writes, then refuses.
    onTestFinished(
      registerCheckoutFulfiller('subscription', async (ctx, tx, order, paid) => {
        await recordPayment(tx, {
          ownerId: order.ownerId,
          account: 'wallet',
          for: {},
          amountPaise: 100,
          method: 'cash',
          tz: ctx.config.tz,
          now: paid.now,
        });
        throw badRequest('Invalid plan selected');
      }),
    );
    const c = await k.customer();
    const order = await createCheckoutOrder(t.app.appContext, {
      purpose: 'subscription',
      ownerId: c.ownerId,
      userId: c.user.id,
      amountPaise: 1200000,
      payload: { planId: '0123456789abcdef01234567' },
      description: 'Day School plan',
      cancelPath: '/customer/buysubscription?cancelled=1',
    });
    expect(order.success_url).toBe(`/api/v1/customer/payment/success?order_id=${order.id}`);
    const result = await k.pay(order.id, c.user.token);
    const res = await k.verify(result, c.user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().checkout).toMatchObject({ purpose: 'subscription', status: 'paid' });
    expect(await accountRows(t.database.db, c.ownerId, 'wallet')).toHaveLength(0);
    const held = await accountRows(t.database.db, c.ownerId, 'unapplied');
    expect(held.map((r) => [r.amountPaise, r.providerPaymentId])).toEqual([[1200000, result.razorpay_payment_id]]);
    const notices = await staffNoticesOfOwner(t.database.db, c.ownerId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('could not be made (Invalid plan selected)');
    expect(res.json().checkout.result).toEqual({ unapplied: held[0]!.id });
    expect((await k.get(`/customer/payment/success?order_id=${order.id}`)).headers.location).toBe(
      '/customer/subscription?failed=1',
    );
  });
});

describe('a staff check (POST /payments/verify-pending-payment without a visit)', () => {
  it('fulfils a checkout order whose payment no callback reported, once', async () => {
    const { order, ownerId, user } = await topUpOrder(450);
    const result = await k.pay(order.id, user.token);
    const staff = await t.user('staff');
    const check = () =>
      k.post('/payments/verify-pending-payment', { razorpay_payment_id: result.razorpay_payment_id }, staff.token);
    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      payment: { amount: 450, status: 'completed' },
      checkout: { purpose: 'wallet_topup', status: 'paid' },
    });
    expect((await check()).json().payment._id).toBe(first.json().payment._id);
    const wallet = await accountRows(t.database.db, ownerId, 'wallet');
    expect(wallet.map((r) => [r.amountPaise, r.completedVia, r.createdBy])).toEqual([[45000, 'staff_check', staff.id]]);
    // A customer cannot run a staff check.
    expect(
      (await k.post('/payments/verify-pending-payment', { razorpay_payment_id: result.razorpay_payment_id }, user.token))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /customer/payment/success', () => {
  it('checks the order with the provider: not paid yet → ?pending=1; paid at the provider → fulfilled once → ?paid=1', async () => {
    const { order, ownerId, user } = await topUpOrder(600);
    const pending = await k.get(`/customer/payment/success?order_id=${order.id}`);
    expect(pending.statusCode).toBe(303);
    expect(pending.headers.location).toBe('/customer/subscription?pending=1&topup=1');
    const result = await k.pay(order.id, user.token);
    const [a, b] = await Promise.all([
      k.get(`/customer/payment/success?order_id=${order.id}`),
      k.get(`/customer/payment/success?order_id=${order.id}`),
    ]);
    expect([a.headers.location, b.headers.location]).toEqual([
      '/customer/subscription?paid=1&topup=1',
      '/customer/subscription?paid=1&topup=1',
    ]);
    const wallet = await accountRows(t.database.db, ownerId, 'wallet');
    expect(wallet.map((r) => [r.amountPaise, r.providerPaymentId, r.createdBy])).toEqual([
      [60000, result.razorpay_payment_id, null],
    ]);
    expect((await k.verify(result, user.token)).json().payment._id).toBe(wallet[0]!.id);
  });

  it('an unknown, malformed or missing order redirects with ?failed=1, never a 500', async () => {
    for (const q of ['?order_id=order_ABCDEFGHIJKLMN', '?order_id=%27%3B--', '', '?order_id=']) {
      const res = await k.get(`/customer/payment/success${q}`);
      expect(res.statusCode, q).toBe(303);
      expect(res.headers.location, q).toBe('/customer/subscription?failed=1');
    }
  });
});
