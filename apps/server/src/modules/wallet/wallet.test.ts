import { formatINR } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, checkoutOrders, visits } from '../../db/schema/index.ts';
import { makeOwner, makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { visitToPay } from '../../../test/payments-fixtures.ts';
import { planOf, typeByCode } from '../../../test/visit-kit.ts';
import { accountRows, walletKit, walletRowsSum } from '../../../test/wallet-kit.ts';

/** The wallet (issue 16): the owner's wallet account in the ledger, its top-ups, payments and refund. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const admin = { token: '' };
const k = walletKit(t);
const db = () => t.database.db;

const topUp = (ownerId: string, amount: number, selectedPayment = 'cash', token = staff.token) =>
  k.post('/wallet/topup', { ownerId, amount, selectedPayment }, token);
const walletOfOwner = async (ownerId: string, q = '') => (await k.get(`/wallet/owner/${ownerId}${q}`, staff.token)).json().wallet;

async function adminToken() {
  if (!admin.token) admin.token = (await t.user('staff', { isAdmin: true })).token;
  return admin.token;
}

/** A shop sale paid by the chosen method (the simplest New Visit save with a required method). */
async function shopVisit(petId: string, total: number, selectedPayment: string) {
  const shop = await typeByCode(db(), 'shop');
  return k.post(
    '/visit/addshopvisit',
    {
      petId,
      visitType: shop.id,
      items: [{ name: 'Chew toy', price: total }],
      details: { totalCalculatedPrice: total, selectedPayment },
    },
    staff.token,
  );
}

describe('top-ups at the desk', () => {
  it('cash: credited now with a receipt; the wallet answers the balance and the movement', async () => {
    const owner = await makeOwner(db());
    const res = await topUp(owner.id, 5000);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Wallet topped up with ₹5,000.00',
      payment: { amount: 5000, status: 'completed', method: 'cash' },
      order: null,
      wallet: { balance: 5000, maxTopUp: 100000, lowBalance: null, nextCursor: null },
    });
    expect(body.payment.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    expect(body.wallet.movements).toEqual([
      {
        _id: body.payment._id,
        at: expect.any(String),
        kind: 'top_up',
        description: 'Wallet top-up',
        amount: 5000,
        balanceAfter: 5000,
        receiptNo: body.payment.receiptNo,
        method: 'cash',
      },
    ]);
    expect(await walletOfOwner(owner.id)).toEqual(body.wallet);
  });

  it('payment link: pending (balance unchanged) until the link is paid; the link is emailed to the owner', async () => {
    const owner = await makeOwner(db(), { email: 'wallet-link@example.com' });
    const res = await topUp(owner.id, 1200, 'payment_link');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ payment: { status: 'pending', method: 'payment_link' }, wallet: { balance: 0 } });
    expect(body.message).toBe('Top-up link sent to the owner: the wallet is credited when it is paid');
    expect(body.payment.linkUrl).toMatch(/\/api\/v1\/payments\/offline\/link\/plink_/);
    expect(body.wallet.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['top_up_pending', 1200],
    ]);
    const linkId = body.payment.linkUrl.split('/').at(-1);
    expect((await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${linkId}/pay` })).statusCode).toBe(200);
    const wallet = await walletOfOwner(owner.id);
    expect(wallet.balance).toBe(1200);
    expect(wallet.movements.map((m: { kind: string; description: string }) => [m.kind, m.description])).toEqual([
      ['top_up', 'Wallet top-up'],
    ]);
  });

  it('card: a checkout order the desk opens; the wallet is credited with what was captured, once', async () => {
    const owner = await makeOwner(db());
    const res = await topUp(owner.id, 750, 'card');
    expect(res.statusCode).toBe(200);
    const { order, payment, message } = res.json();
    expect(message).toBe('Open the card checkout to top up the wallet');
    expect(payment).toBeNull();
    expect(order).toEqual({
      id: expect.stringMatching(/^order_/),
      amount: 75000,
      currency: 'INR',
      keyId: 'rzp_offline',
      provider: 'offline',
    });
    const result = await k.pay(order.id, staff.token);
    // A customer cannot verify a desk order.
    const customer = await k.customer();
    expect((await k.verify(result, customer.user.token)).statusCode).toBe(404);
    expect((await k.verify(result, staff.token)).json().payment).toMatchObject({ amount: 750, status: 'completed' });
    expect((await k.verify(result, staff.token)).statusCode).toBe(200);
    expect((await walletOfOwner(owner.id)).balance).toBe(750);
    expect(await accountRows(db(), owner.id, 'wallet')).toHaveLength(1);
  });

  it('refuses a zero, negative or too large top-up and an unknown owner, writing nothing', async () => {
    const owner = await makeOwner(db());
    for (const [amount, message] of [
      [0, 'Amount must be more than ₹0.00'],
      [-5, 'Amount cannot be negative'],
      [100000.01, 'A top-up can be at most ₹1,00,000.00'],
    ] as const) {
      const res = await topUp(owner.id, amount);
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await topUp(owner.id, 100000)).statusCode).toBe(200);
    expect((await topUp('0123456789abcdef01234567', 10)).statusCode).toBe(404);
    expect(
      (await k.post('/wallet/topup', { ownerId: owner.id, amount: 10, selectedPayment: 'wallet' }, staff.token)).statusCode,
    ).toBe(400);
    expect(await accountRows(db(), owner.id, 'wallet')).toHaveLength(1);
  });

  it('the largest top-up is an admin setting (audited) that the desk and customers are held to', async () => {
    expect((await k.get('/settings/wallet', staff.token)).json()).toEqual({ success: true, maxTopUp: 100000 });
    const token = await adminToken();
    const put = await t.call({ method: 'PUT', url: '/api/v1/settings/wallet', payload: { maxTopUp: 2000 }, token });
    expect(put.json()).toEqual({ success: true, message: 'Wallet settings saved', maxTopUp: 2000 });
    const owner = await makeOwner(db());
    const res = await topUp(owner.id, 2000.5);
    expect(res.json().message).toBe('A top-up can be at most ₹2,000.00');
    const c = await k.customer();
    expect((await k.post('/customer/wallet/create-order', { amount: 2500 }, c.user.token)).json().message).toBe(
      'A top-up can be at most ₹2,000.00',
    );
    expect((await k.get('/customer/wallet', c.user.token)).json().wallet.maxTopUp).toBe(2000);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.wallet'), eq(auditLog.entityId, 'wallet')));
    expect(audits.at(-1)!.data).toMatchObject({ before: { maxTopUpPaise: 10000000 }, after: { maxTopUpPaise: 200000 } });
    const back = await t.call({ method: 'PUT', url: '/api/v1/settings/wallet', payload: { maxTopUp: 100000 }, token });
    expect(back.json().maxTopUp).toBe(100000);
    expect((await t.call({ method: 'PUT', url: '/api/v1/settings/wallet', payload: { maxTopUp: 0 }, token })).statusCode).toBe(
      400,
    );
  });
});

describe('the customer’s wallet', () => {
  it('a customer reads only their own wallet, whatever the request names; one without an owner record holds ₹0.00', async () => {
    const a = await k.customer();
    const b = await k.customer();
    await topUp(a.ownerId, 300);
    const mine = (await k.get('/customer/wallet', a.user.token)).json().wallet;
    expect(mine.balance).toBe(300);
    const theirs = await k.get(`/customer/wallet?ownerId=${a.ownerId}`, b.user.token);
    expect(theirs.json().wallet).toMatchObject({ balance: 0, movements: [] });
    expect((await k.get(`/wallet/owner/${a.ownerId}`, b.user.token)).statusCode).toBe(403);
    const stranger = await t.user('customer');
    expect((await k.get('/customer/wallet', stranger.token)).json().wallet).toMatchObject({ balance: 0, movements: [] });
    expect((await k.post('/customer/wallet/create-order', { amount: 100 }, stranger.token)).json().message).toBe(
      'Add your pet first: the wallet belongs to your owner record',
    );
    expect((await k.post('/customer/wallet/create-order', { amount: 0 }, a.user.token)).statusCode).toBe(400);
    expect((await k.post('/customer/wallet/create-order', { amount: -1 }, a.user.token)).statusCode).toBe(400);
  });

  it('movements are paged newest first with a cursor', async () => {
    const owner = await makeOwner(db());
    for (const amount of [100, 200, 300, 400, 500]) await topUp(owner.id, amount);
    const first = await walletOfOwner(owner.id, '?limit=2');
    expect(first.movements.map((m: { amount: number }) => m.amount)).toEqual([500, 400]);
    expect(first.movements.map((m: { balanceAfter: number }) => m.balanceAfter)).toEqual([1500, 1000]);
    const second = await walletOfOwner(owner.id, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.movements.map((m: { amount: number }) => m.amount)).toEqual([300, 200]);
    const last = await walletOfOwner(owner.id, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.movements.map((m: { amount: number }) => m.amount)).toEqual([100]);
    expect(last.nextCursor).toBeNull();
    expect((await k.get(`/wallet/owner/${owner.id}?cursor=nope`, staff.token)).statusCode).toBe(400);
  });
});

describe('paying from the wallet at the desk', () => {
  it('New Visit with selectedPayment wallet: an allocation wallet → sale, only up to the balance', async () => {
    const owner = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: owner.id });
    await topUp(owner.id, 1000);
    const short = await shopVisit(pet.id, 1000.5, 'wallet');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The wallet holds ₹1,000.00, less than ₹1,000.50');
    expect(await db().select().from(visits).where(eq(visits.petId, pet.id))).toHaveLength(0);
    const paid = await shopVisit(pet.id, 600, 'wallet');
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      message: 'Payment successful and visit saved!',
      visit: { paid: 600, paymentLeft: 0 },
      payment: { method: 'wallet', status: 'completed', amount: 600, receiptNo: null },
    });
    const wallet = await walletOfOwner(owner.id);
    expect(wallet.balance).toBe(400);
    expect(wallet.movements[0]).toMatchObject({
      kind: 'payment',
      description: 'Payment for Shop visit',
      amount: -600,
      balanceAfter: 400,
    });
    const ledger = await accountRows(db(), owner.id, 'sale');
    expect(ledger.map((r) => [r.kind, r.direction, r.method, r.amountPaise])).toEqual([
      ['charge', null, null, 60000],
      ['allocation', 'in', null, 60000],
    ]);
  });

  it('buysubscription with selectedPayment wallet: the plan is paid from the wallet, only up to the balance', async () => {
    const owner = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: owner.id });
    const plan = await planOf(db(), 'day_care');
    const buyType = await typeByCode(db(), 'buy_subscription');
    const price = plan.pricePaise / 100;
    const body = {
      petId: pet.id,
      visitType: buyType.id,
      planId: plan.id,
      details: { selectedPayment: 'wallet', price },
      totalPrice: price,
    };
    await topUp(owner.id, price - 1);
    const short = await k.post('/subscription/buysubscription', body, staff.token);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(`The wallet holds ${formatINR(price - 1)}, less than ${formatINR(price)}`);
    await topUp(owner.id, 1);
    const res = await k.post('/subscription/buysubscription', body, staff.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({ method: 'wallet', status: 'completed', amount: price });
    const wallet = await walletOfOwner(owner.id);
    expect(wallet.balance).toBe(0);
    expect(wallet.movements[0]).toMatchObject({ kind: 'payment', amount: -price, balanceAfter: 0 });
  });

  it('POST /payments/allocate from the wallet pays an existing sale; more than the wallet holds is refused', async () => {
    const { owner, visit } = await visitToPay(db(), { pricePaise: 90000 });
    await topUp(owner.id, 500);
    const more = await k.post(
      '/payments/allocate',
      { ownerId: owner.id, from: 'wallet', visitId: visit.id, amount: 600 },
      staff.token,
    );
    expect(more.statusCode).toBe(400);
    const res = await k.post(
      '/payments/allocate',
      { ownerId: owner.id, from: 'wallet', visitId: visit.id, amount: 500 },
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    const wallet = await walletOfOwner(owner.id);
    expect(wallet.balance).toBe(0);
    expect(wallet.movements[0]).toMatchObject({ kind: 'payment', description: 'Payment for Dog Park visit', amount: -500 });
  });
});

describe('POST /wallet/refund', () => {
  it('refunds the whole unspent balance, newest top-ups first: cash now, card through the provider; audited', async () => {
    const c = await k.customer();
    const pet = await makePet(db(), { ownerId: c.ownerId });
    await topUp(c.ownerId, 3000);
    const order = (await k.post('/customer/wallet/create-order', { amount: 2000 }, c.user.token)).json();
    await k.verify(await k.pay(order.id, c.user.token), c.user.token);
    expect((await shopVisit(pet.id, 1500, 'wallet')).statusCode).toBe(201);
    const token = await adminToken();
    expect((await k.post('/wallet/refund', { ownerId: c.ownerId, reason: 'Moving away' }, staff.token)).statusCode).toBe(403);
    const res = await k.post('/wallet/refund', { ownerId: c.ownerId, reason: 'Moving away' }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, refunded: 3500, wallet: { balance: 0 } });
    expect(body.message).toBe(
      'Refunding ₹3,500.00 of wallet balance: card and link money is returned when the provider confirms it',
    );
    expect(body.refunds.map((r: { amount: number; method: string; status: string }) => [r.amount, r.method, r.status])).toEqual([
      [2000, 'card', 'pending'],
      [1500, 'cash', 'completed'],
    ]);
    expect(
      body.wallet.movements.slice(0, 2).map((m: { description: string; amount: number }) => [m.description, m.amount]),
    ).toEqual([
      ['Refund of wallet balance', -1500],
      ['Refund of wallet balance', -2000],
    ]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'wallet.refund'), eq(auditLog.entityId, c.ownerId)));
    expect(audit!.data).toMatchObject({ before: { balance: 3500 }, after: { reason: 'Moving away' } });
    // Nothing is left: a second refund is refused.
    const again = await k.post('/wallet/refund', { ownerId: c.ownerId, reason: 'Again' }, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The wallet is empty: there is nothing to refund');
    // The provider fails the card refund: the money is back in the wallet.
    const cardRefund = body.refunds[0]._id;
    const failed = await k.post(`/payments/offline/refunds/${cardRefund}/process`, { outcome: 'failure' }, staff.token);
    expect(failed.json().refund.status).toBe('failed');
    expect((await walletOfOwner(c.ownerId)).balance).toBe(2000);
    expect(await walletRowsSum(db(), c.ownerId)).toBe(200000);
  });

  it('an unknown owner is a 404; an empty wallet a 400', async () => {
    const token = await adminToken();
    expect((await k.post('/wallet/refund', { ownerId: '0123456789abcdef01234567', reason: 'x' }, token)).statusCode).toBe(404);
    const owner = await makeOwner(db());
    expect((await k.post('/wallet/refund', { ownerId: owner.id, reason: 'x' }, token)).statusCode).toBe(400);
    expect((await k.post('/wallet/refund', { ownerId: owner.id, reason: '' }, token)).json().message).toBe(
      'Please give a reason for the refund',
    );
  });
});

describe('Idempotency-Key on the wallet’s money calls', () => {
  it('a top-up or an online order sent again with its key is done once and answers the first answer', async () => {
    const owner = await makeOwner(db());
    const key = { 'idempotency-key': `wallet-${owner.id}` };
    const body = { ownerId: owner.id, amount: 400, selectedPayment: 'cash' };
    const [a, b] = [await k.post('/wallet/topup', body, staff.token, key), await k.post('/wallet/topup', body, staff.token, key)];
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().payment._id).toBe(a.json().payment._id);
    expect(await accountRows(db(), owner.id, 'wallet')).toHaveLength(1);
    const c = await k.customer();
    const ck = { 'idempotency-key': `order-${c.ownerId}` };
    const o1 = await k.post('/customer/wallet/create-order', { amount: 100 }, c.user.token, ck);
    const o2 = await k.post('/customer/wallet/create-order', { amount: 100 }, c.user.token, ck);
    expect(o2.headers['idempotent-replayed']).toBe('true');
    expect(o2.json().id).toBe(o1.json().id);
    expect(await db().select().from(checkoutOrders).where(eq(checkoutOrders.ownerId, c.ownerId))).toHaveLength(1);
    const bad = await k.post('/customer/wallet/create-order', { amount: 100 }, c.user.token, {
      'idempotency-key': 'k'.repeat(256),
    });
    expect(bad.statusCode).toBe(400);
  });
});
