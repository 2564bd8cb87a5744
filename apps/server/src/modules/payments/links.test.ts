import { createHmac } from 'node:crypto';
import { PAYMENT_MESSAGES as M } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import {
  emailsAbout,
  ownerRows,
  paymentsOf,
  rowCount,
  staffNoticesAbout,
  visitToPay,
  providerEventsOf,
} from '../../../test/payments-fixtures.ts';
import { sendPaymentLink } from './payment-links.service.ts';
import { insertEvent } from './provider-events.repo.ts';
import { createPaymentProvider } from './providers/index.ts';
import { offlineSecrets } from './providers/offline.ts';

/** Payment links and webhooks on the offline provider. */
const t = useTestApp({ publicUrl: 'https://desk.example.com' });
const staff = useTestUser(t, 'staff');

const post = (url: string, payload: object) => t.call({ method: 'POST', url: `/api/v1${url}`, payload, token: staff.token });
const ctx = () => ({
  config: t.config,
  db: t.database.db,
  dbKind: t.database.kind,
  clock: t.clock,
  payments: createPaymentProvider(t.config, t.database.db),
});

/** A webhook signed as Razorpay signs it, with the offline provider's webhook secret. */
function webhook(
  body: string,
  extraHeaders: Record<string, string> = {},
  signature = createHmac('sha256', offlineSecrets(t.config.jwtSecret).webhookSecret).update(body).digest('hex'),
) {
  return t.call({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, ...extraHeaders },
  });
}

describe('payment links', () => {
  it('POST /payments/payment-link creates the link, emails it to the owner, and the link page marks it paid through the webhook', async () => {
    const { visit, pending, owner } = await visitToPay(t.database.db, {
      pricePaise: 150000,
      pending: { method: 'payment_link' },
      ownerEmail: 'asha@example.com',
    });
    const res = await post('/payments/payment-link', { paymentId: pending!.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: M.linkSent,
      emailed: true,
      payment: { status: 'pending', amount: 1500 },
    });
    expect(body.linkUrl).toMatch(/^https:\/\/desk\.example\.com\/api\/v1\/payments\/offline\/link\/plink_[A-Za-z0-9]{14}$/);
    const [mail] = await emailsAbout(t.database.db, pending!.id);
    expect(mail).toMatchObject({ toAddress: 'asha@example.com', status: 'queued', kind: 'payment_link', ownerId: owner.id });
    expect(mail!.body).toContain(body.linkUrl);
    expect(mail!.body).toContain('₹1,500.00');

    const path = new URL(body.linkUrl).pathname;
    const page = await t.call({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₹1,500.00');
    expect(page.body).toContain('Pet DayCare Service');

    const paid = await t.call({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment received');
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row).toMatchObject({ status: 'completed', method: 'payment_link', providerLinkId: path.split('/').pop() });
    expect(row!.receiptNo).toMatch(/\/\d{6}$/);
    expect(row!.providerPaymentId).toMatch(/^pay_/);

    // Pressing Pay again changes nothing; the link page says it is paid.
    expect((await t.call({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(200);
    expect(await paymentsOf(t.database.db, visit.id)).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: path })).body).toContain('Payment received');
    // A paid payment has no link to send.
    expect((await post('/payments/payment-link', { paymentId: pending!.id })).statusCode).toBe(409);
  });

  it('an owner without email still gets a link, shown to the receptionist; the message says so', async () => {
    const { pending } = await visitToPay(t.database.db, {
      pricePaise: 20000,
      pending: { method: 'payment_link' },
      ownerEmail: null,
    });
    const res = await post('/payments/payment-link', { paymentId: pending!.id });
    expect(res.json()).toMatchObject({ success: true, emailed: false, message: M.linkNoEmail });
    const [mail] = await emailsAbout(t.database.db, pending!.id);
    expect(mail?.status).toBe('unreachable');
  });

  it('sendPaymentLink (what a visit save calls after its commit) creates one link; sending again re-emails the same link', async () => {
    const { pending } = await visitToPay(t.database.db, { pricePaise: 30000, pending: { method: 'payment_link' } });
    const first = await sendPaymentLink(ctx(), pending!.id);
    expect(first).toMatchObject({ success: true, emailed: true, payment: { _id: pending!.id, linkUrl: first.linkUrl } });
    const again = await post('/payments/payment-link', { paymentId: pending!.id });
    expect(again.json().linkUrl).toBe(first.linkUrl);
    expect(await emailsAbout(t.database.db, pending!.id)).toHaveLength(2);
  });

  it('refuses an unknown payment (404), a payment of another method (400), and a malformed id (400)', async () => {
    expect((await post('/payments/payment-link', { paymentId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(404);
    const { pending } = await visitToPay(t.database.db, { pricePaise: 30000, pending: { method: 'card' } });
    expect((await post('/payments/payment-link', { paymentId: pending!.id })).statusCode).toBe(400);
    expect((await post('/payments/payment-link', { paymentId: 'nope' })).statusCode).toBe(400);
  });

  it('the link page: 404 for an unknown link, 400 for a malformed id', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/payments/offline/link/plink_AAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/v1/payments/offline/link/plink_AAAAAAAAAAAAAA/pay' })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'GET', url: '/api/v1/payments/offline/link/x' })).statusCode).toBe(400);
  });
});

describe('POST /payments/webhook', () => {
  /** A card payment waiting on an offline order, paid at the checkout but not yet verified. */
  async function paidOrder() {
    const v = await visitToPay(t.database.db, { pricePaise: 64000, pending: { method: 'card' } });
    const order = (await post('/payments/create-order', { notes: { visitId: v.visit.id } })).json().order;
    const paid = (await post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'success' })).json();
    const event = (name: string, amount = 64000) =>
      JSON.stringify({
        entity: 'event',
        event: name,
        payload: {
          payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id, amount, status: 'captured' } },
          order: { entity: { id: order.id, amount: 64000, status: 'paid' } },
        },
      });
    return { ...v, order, paid, event };
  }

  it('order.paid completes the order’s payment; the same event again records nothing more', async () => {
    const { visit, event } = await paidOrder();
    const body = event('order.paid');
    const first = await webhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, status: 'processed' });
    const again = await webhook(body);
    expect(again.json()).toEqual({ success: true, status: 'duplicate' });
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows.map((r) => [r.status, r.method])).toEqual([['completed', 'card']]);
  });

  it('keeps the event in provider_events once, with the ledger row it produced, and the provider’s fee and settlement', async () => {
    const { visit, paid, order } = await paidOrder();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: order.id,
            amount: 64000,
            status: 'captured',
            fee: 1510,
            settlement_id: 'setl_TestSettle01',
          },
        },
      },
    });
    const headers = { 'x-razorpay-event-id': 'evt_TestEvent000001' };
    const first = await webhook(body, headers);
    expect(first.json().status).toBe('processed');
    expect((await webhook(body, headers)).json().status).toBe('duplicate');
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row).toMatchObject({
      status: 'completed',
      feePaise: 1510,
      settlementId: 'setl_TestSettle01',
      completedVia: 'webhook',
    });
    const events = await providerEventsOf(t.database.db, 'evt_TestEvent000001');
    expect(events).toEqual([
      expect.objectContaining({ type: 'payment.captured', outcome: 'processed', ledgerRowId: row!.id, signatureVerified: true }),
    ]);
    expect(events[0]!.rawBody).toBe(body);
  });

  it('payment.captured, then the browser’s verify-payment: one payment, the same receipt', async () => {
    const { visit, event, paid } = await paidOrder();
    expect((await webhook(event('payment.captured'))).json().status).toBe('processed');
    const verified = (await post('/payments/verify-payment', paid)).json();
    const rows = await paymentsOf(t.database.db, visit.id);
    expect(rows).toHaveLength(1);
    expect(verified.payment.receiptNo).toBe(rows[0]!.receiptNo);
  });

  it('a tampered amount, a tampered id, no signature or another secret’s signature: 400, nothing saved', async () => {
    const { visit, event } = await paidOrder();
    const body = event('order.paid');
    const sig = createHmac('sha256', offlineSecrets(t.config.jwtSecret).webhookSecret).update(body).digest('hex');
    const before = await rowCount(t.database.db, 'payments');
    for (const [b, s] of [
      [body.replace('"amount":64000', '"amount":100'), sig],
      [body.replace(/pay_[A-Za-z0-9]{14}/, 'pay_AAAAAAAAAAAAAA'), sig],
      [body, ''],
      [body, createHmac('sha256', offlineSecrets(t.config.jwtSecret).keySecret).update(body).digest('hex')],
    ] as const) {
      const res = await webhook(b, {}, s);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: M.webhookSignatureInvalid });
    }
    expect(await rowCount(t.database.db, 'payments')).toBe(before);
    expect((await paymentsOf(t.database.db, visit.id))[0]!.status).toBe('pending');
  });

  it('events about unknown orders or other events are ignored; money of another amount is booked to unapplied', async () => {
    const { visit, event, order, owner, paid } = await paidOrder();
    const unknown = event('order.paid').replaceAll(order.id, 'order_UnknownOrder01');
    expect((await webhook(unknown)).json()).toEqual({ success: true, status: 'ignored' });
    expect((await webhook(event('payment.captured', 100))).json().status).toBe('unapplied');
    expect((await webhook(JSON.stringify({ event: 'refund.created', payload: {} }))).json().status).toBe('ignored');
    expect((await paymentsOf(t.database.db, visit.id))[0]!.status).toBe('pending');
    // The ₹1 captured is held on the owner's unapplied balance (never dropped), and staff are told.
    const held = (await ownerRows(t.database.db, owner.id)).filter((r) => r.account === 'unapplied');
    expect(held.map((r) => [r.kind, r.status, r.amountPaise, r.providerPaymentId])).toEqual([
      ['payment', 'completed', 100, paid.razorpay_payment_id],
    ]);
    expect(await staffNoticesAbout(t.database.db, held[0]!.id)).toHaveLength(1);
  });

  it('a body that is not JSON is a 400', async () => {
    const res = await webhook('{not json');
    expect(res.statusCode).toBe(400);
  });
});

describe('provider_events: what one event id keeps when it is delivered more than once', () => {
  const keep = (eventId: string, outcome: string, ledgerRowId: string | null = null) =>
    insertEvent(t.database.db, {
      provider: 'razorpay',
      eventId,
      type: 'payment.captured',
      rawBody: '{}',
      signatureVerified: true,
      receivedAt: new Date('2026-12-07T10:00:00Z'),
      outcome,
      detail: outcome === 'failed' ? 'database unreachable' : null,
      ledgerRowId,
    });
  const kept = async (eventId: string) =>
    (await providerEventsOf(t.database.db, eventId)).map((e) => [e.outcome, e.detail, e.ledgerRowId]);

  it('the delivery that did the work wins over one that found it done, whichever is kept first', async () => {
    const { pending } = await visitToPay(t.database.db, { pricePaise: 50000, pending: { method: 'card' } });
    const row = pending!.id;
    await keep('evt_RaceDupFirst01', 'duplicate', row);
    await keep('evt_RaceDupFirst01', 'processed', row);
    await keep('evt_RaceProcFirst1', 'processed', row);
    await keep('evt_RaceProcFirst1', 'duplicate', row);
    await keep('evt_RaceProcFirst1', 'failed');
    expect(await kept('evt_RaceDupFirst01')).toEqual([['processed', null, row]]);
    expect(await kept('evt_RaceProcFirst1')).toEqual([['processed', null, row]]);
  });

  it('a retry after a failed attempt keeps what the retry made of it; a failure never hides a duplicate', async () => {
    await keep('evt_FailedThenOk01', 'failed');
    expect(await kept('evt_FailedThenOk01')).toEqual([['failed', 'database unreachable', null]]);
    await keep('evt_FailedThenOk01', 'ignored');
    expect(await kept('evt_FailedThenOk01')).toEqual([['ignored', null, null]]);
    await keep('evt_DupThenFail001', 'duplicate');
    await keep('evt_DupThenFail001', 'failed');
    expect(await kept('evt_DupThenFail001')).toEqual([['duplicate', null, null]]);
  });
});
