import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { checkoutOrders, payments, staffNotifications } from '../src/db/schema/index.ts';
import { offlineSecrets } from '../src/modules/payments/providers/offline.ts';
import { makeOwner } from './factories.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * Wallet and checkout-order tests (issue 16): customers with an owner record, the offline provider's checkout, the
 * checkout callback, the webhook and the success address, as a browser and Razorpay would send them.
 */
export function walletKit(t: TestApp) {
  const V = '/api/v1';
  const post = (url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: `${V}${url}`, payload: payload as object, token, headers });
  const get = (url: string, token?: string) => t.call({ method: 'GET', url: `${V}${url}`, token });

  /** A customer account with its own owner record. */
  async function customer(): Promise<{ user: TestUser; ownerId: string }> {
    const user = await t.user('customer');
    const owner = await makeOwner(t.database.db, { userId: user.id, email: user.email });
    return { user, ownerId: owner.id };
  }

  /** The offline checkout's Pay (success): the signed result Razorpay's checkout hands the browser. */
  async function pay(orderId: string, token: string) {
    const res = await post(`/payments/offline/checkout/${orderId}/pay`, { outcome: 'success' }, token);
    if (res.statusCode !== 200) throw new Error(`offline pay: ${res.statusCode} ${res.body}`);
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = res.json();
    return { razorpay_order_id, razorpay_payment_id, razorpay_signature } as Record<string, string>;
  }

  const verify = (result: Record<string, string>, token: string, key?: string) =>
    post('/payments/verify-payment', result, token, key ? { 'idempotency-key': key } : {});

  /** A payment.captured webhook for the order, signed with the offline provider's webhook secret. */
  function webhook(orderId: string, paymentId: string, amountPaise: number, event = 'payment.captured') {
    const body = JSON.stringify({
      entity: 'event',
      event,
      payload: {
        payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, status: 'captured', method: 'card' } },
        ...(event === 'order.paid' ? { order: { entity: { id: orderId, amount: amountPaise, status: 'paid' } } } : {}),
      },
    });
    const signature = createHmac('sha256', offlineSecrets(t.config.jwtSecret).webhookSecret).update(body).digest('hex');
    return t.call({
      method: 'POST',
      url: `${V}/payments/webhook`,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    });
  }

  return { post, get, customer, pay, verify, webhook };
}

/** The owner's ledger rows of one account, oldest first. */
export function accountRows(db: DbOrTx, ownerId: string, account: 'wallet' | 'unapplied' | 'sale') {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerId, ownerId), eq(payments.account, account)))
    .orderBy(payments.createdAt, payments.id);
}

export async function checkoutOrderRow(db: DbOrTx, providerOrderId: string) {
  const [row] = await db.select().from(checkoutOrders).where(eq(checkoutOrders.providerOrderId, providerOrderId));
  return row;
}

export function staffNoticesOfOwner(db: DbOrTx, ownerId: string) {
  return db.select().from(staffNotifications).where(eq(staffNotifications.ownerId, ownerId));
}

/** The wallet account summed from its rows, in paise (completed top-ups − refunds − allocations out + in). */
export async function walletRowsSum(db: DbOrTx, ownerId: string): Promise<number> {
  const r = (await db.execute(sql`
    select coalesce(sum(case
      when kind = 'payment' and status = 'completed' then amount_paise
      when kind = 'refund' and status in ('pending', 'completed') then -amount_paise
      when kind = 'allocation' and direction = 'in' then amount_paise
      when kind = 'allocation' and direction = 'out' then -amount_paise
      else 0 end), 0)::bigint as n
    from payments where owner_id = ${ownerId} and account = 'wallet'`)) as unknown as { rows: { n: string | number }[] };
  return Number(r.rows[0]!.n);
}
