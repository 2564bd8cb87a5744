/**
 * Card refunds through the real Razorpay SDK pointed at the local stand-in of its API: the refund is created at
 * "Razorpay" with the ledger refund's id in its notes, stays pending, and Razorpay's refund.processed webhook
 * completes it once (also when it names the refund only by those notes); a refund the provider refuses is failed,
 * never left pending forever.
 */
import { REFUND_MESSAGES as M } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffNotifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { ledgerRow, ownerRows, visitToPay } from '../../../test/payments-fixtures.ts';
import { type RazorpayStandin, startRazorpayStandin } from '../../../test/razorpay-standin.ts';
import { recordPayment, recordRefund } from './payments.service.ts';
import { RazorpayProvider } from './providers/razorpay.ts';

let standin: RazorpayStandin;
let t: TestApp;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  standin = await startRazorpayStandin();
  t = await createTestApp({ razorpay: { ...standin.keys, apiBase: standin.url } });
  staff = await t.user('staff');
  admin = await t.user('staff', { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

type Res = { statusCode: number; body: string; json: () => any };
const post = (url: string, payload: object, token = staff.token) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload, token });
const ok = async (res: Promise<Res>) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};
const webhook = ({ body, signature }: { body: string; signature: string }) =>
  t.call({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
  });

/** A visit paid by card through checkout at the stand-in. */
async function cardPaid(pricePaise: number) {
  const v = await visitToPay(t.database.db, { pricePaise, pending: { method: 'card' } });
  const { order } = await ok(post('/payments/create-order', { notes: { visitId: v.visit.id } }));
  const result = standin.checkout(order.id);
  const { payment } = await ok(post('/payments/verify-payment', result));
  return { ...v, payment, providerPaymentId: result.razorpay_payment_id };
}

describe('refunds at Razorpay', () => {
  it('cancel-sale refunds the card at Razorpay; its refund.processed webhook completes the refund once', async () => {
    const { visit, providerPaymentId } = await cardPaid(2500000);
    const res = await ok(post('/payments/cancel-sale', { visitId: visit.id, reason: 'Trip cancelled' }, admin.token));
    const pending = await ledgerRow(t.database.db, res.refunds[0]._id);
    expect(pending).toMatchObject({ status: 'pending', amountPaise: 1750000, provider: 'razorpay' });
    const at = standin.refunds.get(pending.providerRefundId!);
    expect(at).toMatchObject({
      payment_id: providerPaymentId,
      amount: 1750000,
      status: 'pending',
      notes: { refundId: pending.id },
    });
    expect(standin.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v1/payments/${providerPaymentId}/refund`,
      authorized: true,
    });

    const event = standin.processRefund(pending.providerRefundId!);
    expect((await webhook(event)).json().status).toBe('processed');
    const done = await ledgerRow(t.database.db, pending.id);
    expect(done).toMatchObject({ status: 'completed', completedVia: 'webhook' });
    expect(done.receiptNo).toMatch(/^R\//);
    // The same event again, and the event redelivered with another body: nothing more.
    expect((await webhook(event)).json().status).toBe('duplicate');
    expect((await webhook(standin.processRefund(pending.providerRefundId!))).json().status).toBe('duplicate');
    expect((await ledgerRow(t.database.db, pending.id)).receiptNo).toBe(done.receiptNo);
  });

  it('a webhook that comes before the refund id was attached finds the refund by the ledger id in its notes', async () => {
    const { owner, providerPaymentId, payment } = await cardPaid(50000);
    const paid = await ledgerRow(t.database.db, payment._id);
    const row = await recordRefund(t.database.db, {
      payment: paid,
      amountPaise: 20000,
      status: 'pending',
      via: 'desk',
      by: admin.id,
      tz: 'Asia/Kolkata',
      now: new Date(),
    });
    const sdk = new RazorpayProvider({ ...standin.keys, apiBase: standin.url });
    const r = await sdk.refund(providerPaymentId, 20000, { refundId: row.id });
    expect((await webhook(standin.processRefund(r.id))).json().status).toBe('processed');
    expect(await ledgerRow(t.database.db, row.id)).toMatchObject({ status: 'completed', providerRefundId: r.id });
    // A refund that is not ours (no ledger row by its id nor its notes) is ignored.
    const stranger = await sdk.refund(providerPaymentId, 100, {});
    expect((await webhook(standin.processRefund(stranger.id))).json().status).toBe('ignored');
    expect((await ownerRows(t.database.db, owner.id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('a refund the provider refuses: POST /payments/refund answers 409 with its reason and the refund is failed, not left pending', async () => {
    const v = await visitToPay(t.database.db, { pricePaise: 10000 });
    // A card payment taken at Razorpay and held on the owner's unapplied balance.
    const p = (await recordPayment(t.database.db, {
      ownerId: v.owner.id,
      petId: v.pet.id,
      account: 'unapplied',
      for: {},
      amountPaise: 30000,
      method: 'card',
      provider: 'razorpay',
      providerPaymentId: 'pay_NotAtTheStandin1',
      tz: 'Asia/Kolkata',
      now: new Date(),
    }))!;
    const res = await post('/payments/refund', { paymentId: p.id, amount: 300, reason: 'Paid twice' }, admin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(new RegExp(`^${M.refundFailed}: `));
    const refunds = (await ownerRows(t.database.db, v.owner.id)).filter((e) => e.kind === 'refund');
    expect(refunds.map((r) => r.status)).toEqual(['failed']);
    // Nothing left the balance: the whole payment can be refunded again (here it fails the same way).
    const again = await post('/payments/refund', { paymentId: p.id, amount: 300, reason: 'Paid twice' }, admin.token);
    expect(again.statusCode).toBe(409);
    // The admin saw the failure: no staff notification for it.
    expect(await t.database.db.select().from(staffNotifications).where(eq(staffNotifications.ownerId, v.owner.id))).toEqual([]);
  });
});
