import { describe, expect, it, onTestFinished } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { accountRows, checkoutOrderRow, staffNoticesOfOwner, walletKit } from '../../../test/wallet-kit.ts';
import { createCheckoutOrder, registerCheckoutFulfiller } from './checkout-orders.service.ts';
import { recordPayment } from './payments.service.ts';

/**
 * Exactly-once fulfilment of checkout orders when the checkout callback, the webhook and the success address arrive
 * at the same time. Races are only real on PostgreSQL (PGlite runs one statement at a time):
 * `DATABASE_URL=postgres://… npx vitest run --project server apps/server/src/modules/payments/checkout-orders-concurrency`.
 */
const t = useTestApp();
const k = walletKit(t);

describe(`checkout orders at the same time (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('verify-payment, the webhook and the success address together: one wallet top-up, one paid order, nothing unapplied (8 rounds)', async () => {
    for (let round = 0; round < 8; round++) {
      const c = await k.customer();
      const amountPaise = 100000 + round * 100;
      const order = (await k.post('/customer/wallet/create-order', { amount: amountPaise / 100 }, c.user.token)).json();
      const result = await k.pay(order.id, c.user.token);
      const [verified, hook, landing, again] = await Promise.all([
        k.verify(result, c.user.token),
        k.webhook(order.id, result.razorpay_payment_id!, amountPaise),
        k.get(`/customer/payment/success?order_id=${order.id}`),
        k.verify(result, c.user.token),
      ]);
      expect([verified.statusCode, hook.statusCode, landing.statusCode, again.statusCode], `round ${round}`).toEqual([
        200, 200, 303, 200,
      ]);
      expect(landing.headers.location).toBe('/customer/subscription?paid=1&topup=1');
      expect(['processed', 'duplicate']).toContain(hook.json().status);
      const wallet = await accountRows(t.database.db, c.ownerId, 'wallet');
      expect(
        wallet.map((r) => [r.kind, r.status, r.amountPaise]),
        `round ${round}`,
      ).toEqual([['payment', 'completed', amountPaise]]);
      expect(verified.json().payment._id).toBe(wallet[0]!.id);
      expect(again.json().payment._id).toBe(wallet[0]!.id);
      expect(await accountRows(t.database.db, c.ownerId, 'unapplied')).toHaveLength(0);
      expect(await staffNoticesOfOwner(t.database.db, c.ownerId)).toHaveLength(0);
      expect(await checkoutOrderRow(t.database.db, order.id)).toMatchObject({ status: 'paid', paymentId: wallet[0]!.id });
    }
  });

  it('the once-guard, not the unique payment id: a fulfiller whose rows name no provider payment still runs once (8 rounds)', async () => {
    // A stand-in fulfiller (this file's registry) writing a row the unique payment id does not guard.
    onTestFinished(
      registerCheckoutFulfiller('subscription', async (ctx, tx, order, paid) => {
        const row = (await recordPayment(tx, {
          ownerId: order.ownerId,
          account: 'wallet',
          for: {},
          amountPaise: paid.amountPaise,
          method: 'card',
          via: paid.via,
          note: 'stand-in purchase',
          tz: ctx.config.tz,
          now: paid.now,
        }))!;
        return { paymentId: row.id, result: { standIn: row.id } };
      }),
    );
    for (let round = 0; round < 8; round++) {
      const c = await k.customer();
      const order = await createCheckoutOrder(t.app.appContext, {
        purpose: 'subscription',
        ownerId: c.ownerId,
        userId: c.user.id,
        amountPaise: 50000,
        payload: {},
        description: 'Stand-in',
        cancelPath: '/customer/buysubscription?cancelled=1',
      });
      const result = await k.pay(order.id, c.user.token);
      const answers = await Promise.all([
        k.verify(result, c.user.token),
        k.webhook(order.id, result.razorpay_payment_id!, 50000),
        k.verify(result, c.user.token),
        k.get(`/customer/payment/success?order_id=${order.id}`),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        `round ${round}: ${answers.map((a) => a.body).join(' | ')}`,
      ).toEqual([200, 200, 200, 303]);
      const rows = await accountRows(t.database.db, c.ownerId, 'wallet');
      expect(rows, `round ${round}`).toHaveLength(1);
      expect(answers[0]!.json().payment._id).toBe(rows[0]!.id);
      expect(answers[2]!.json().payment._id).toBe(rows[0]!.id);
      expect(await accountRows(t.database.db, c.ownerId, 'unapplied')).toHaveLength(0);
    }
  });
});
