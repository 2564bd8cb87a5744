import { createHmac } from 'node:crypto';
import { financialYear, receiptNumber, todayIn } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { lastReceiptSeq, paymentsOf, visitToPay } from '../../../test/payments-fixtures.ts';
import { offlineSecrets } from './providers/offline.ts';

/**
 * Races that only PostgreSQL runs for real (PGlite runs one statement at a time; there these pass trivially):
 * the browser's verify-payment and Razorpay's webhook for the same payment arriving together, and receipt
 * numbers under concurrent payments.
 */
const t = useTestApp();
const staff = useTestUser(t, 'staff');

const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: staff.token });
const fy = () => financialYear(todayIn('Asia/Kolkata'));

/** A card payment paid at the (offline) checkout, not yet recorded: its checkout result and its order.paid webhook. */
async function paidAtCheckout(pricePaise: number) {
  const v = await visitToPay(t.database.db, { pricePaise, pending: { method: 'card' } });
  const order = (await post('/payments/create-order', { notes: { visitId: v.visit.id } })).json().order;
  const result = (await post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'success' })).json();
  const body = JSON.stringify({
    entity: 'event',
    event: 'order.paid',
    payload: {
      payment: { entity: { id: result.razorpay_payment_id, order_id: order.id, amount: pricePaise, status: 'captured' } },
      order: { entity: { id: order.id, amount: pricePaise, status: 'paid' } },
    },
  });
  const signature = createHmac('sha256', offlineSecrets(t.config.jwtSecret).webhookSecret).update(body).digest('hex');
  return { ...v, result, body, signature };
}

describe(`concurrency (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a webhook and a verify-payment for the same payment arriving together record one payment, one receipt (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const p = await paidAtCheckout(10000 + round * 100);
      const seqBefore = await lastReceiptSeq(t.database.db, fy());
      const [verified, hooked] = await Promise.all([
        post('/payments/verify-payment', p.result),
        t.call({
          method: 'POST',
          url: '/api/v1/payments/webhook',
          payload: p.body,
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': p.signature },
        }),
      ]);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(hooked.statusCode, hooked.body).toBe(200);
      const rows = await paymentsOf(t.database.db, p.visit.id);
      expect(rows.map((r) => r.status)).toEqual(['completed']);
      // One receipt number was used, and the browser was told that one.
      expect(await lastReceiptSeq(t.database.db, fy())).toBe(seqBefore + 1);
      expect(verified.json().payment.receiptNo).toBe(rows[0]!.receiptNo);
      expect(rows[0]!.receiptNo).toBe(receiptNumber(fy(), seqBefore + 1));
      // Exactly one of the two did the recording.
      const webhookStatus = hooked.json().status;
      expect(['processed', 'duplicate']).toContain(webhookStatus);
    }
  });

  it('20 concurrent card payments get receipt numbers n..n+19: unique, no gaps', async () => {
    const paid = [];
    for (let i = 0; i < 20; i++) paid.push(await paidAtCheckout(5000 + i));
    const seqBefore = await lastReceiptSeq(t.database.db, fy());
    const answers = await Promise.all(paid.map((p) => post('/payments/verify-payment', p.result)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const receipts = answers.map((a) => a.json().payment.receiptNo as string).sort();
    const expected = Array.from({ length: 20 }, (_, i) => receiptNumber(fy(), seqBefore + 1 + i));
    expect(receipts).toEqual(expected);
    expect(await lastReceiptSeq(t.database.db, fy())).toBe(seqBefore + 20);
  });

  it('two create-order calls together for one visit make one pending payment and one order', async () => {
    for (let round = 0; round < 5; round++) {
      const { visit } = await visitToPay(t.database.db, { pricePaise: 33300 });
      const [a, b] = await Promise.all([
        post('/payments/create-order', { notes: { visitId: visit.id } }),
        post('/payments/create-order', { notes: { visitId: visit.id } }),
      ]);
      expect(a.json().order.id).toBe(b.json().order.id);
      const rows = await paymentsOf(t.database.db, visit.id);
      expect(rows.map((r) => [r.status, r.amountPaise])).toEqual([['pending', 33300]]);
    }
  });
});
