import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';
import { paymentsOf, visitToPay } from '../../../test/payments-fixtures.ts';
import { offlinePaymentLinks, offlinePayments, payments } from '../../db/schema/index.ts';
import { createPaymentProvider } from './providers/index.ts';

/**
 * The offline provider's payment-link page and checkout: open to whoever holds a link outside production, confirmed
 * at the desk by staff in production (ALLOW_OFFLINE_PAYMENTS), refused once the link or its ledger payment is
 * cancelled, and timed by the business clock.
 */
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function appWithStaff(env: 'production' | 'test') {
  const t = await createTestApp({ env, publicUrl: 'https://desk.example.com' });
  return { t, staff: await t.user('staff'), customer: await t.user('customer') };
}

/** A visit with a pending payment-link payment and its link (created and emailed by POST /payments/payment-link). */
async function linkToPay(t: TestApp, staff: TestUser, pricePaise = 120000) {
  const { visit, pending } = await visitToPay(t.database.db, { pricePaise, pending: { method: 'payment_link' } });
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/payments/payment-link',
    payload: { paymentId: pending!.id },
    token: staff.token,
  });
  expect(res.statusCode).toBe(200);
  const path = new URL(res.json().linkUrl).pathname;
  return { visit, pending: pending!, path, linkId: path.split('/').pop()! };
}

/** What the offline provider and the ledger hold about a link: nothing recorded means no captured payment. */
async function recorded(t: TestApp, linkId: string, visitId: string) {
  const [link] = await t.database.db.select().from(offlinePaymentLinks).where(eq(offlinePaymentLinks.id, linkId));
  const captured = await t.database.db.select().from(offlinePayments).where(eq(offlinePayments.linkId, linkId));
  const ledger = await paymentsOf(t.database.db, visitId);
  return { linkStatus: link?.status, captured: captured.length, ledger: ledger.map((r) => r.status) };
}

describe('production with the offline provider (ALLOW_OFFLINE_PAYMENTS=true): links are confirmed at the desk', () => {
  let t: TestApp;
  let staff: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    ({ t, staff, customer } = await appWithStaff('production'));
  });
  afterAll(() => t?.close());

  it('the page shows what is due, says the payment is confirmed at the desk, and has no Pay button', async () => {
    const { path } = await linkToPay(t, staff);
    const page = await t.call({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₹1,200.00');
    expect(page.body).toContain('This payment is confirmed at the desk.');
    expect(page.body).toContain('No payment can be made on this page.');
    expect(page.body).not.toContain('<form');
    expect(page.body).not.toContain('Pay ₹');
  });

  it('the POST that marks the link paid: 401 without a token, 401 with a bad one, 403 for a customer; nothing recorded', async () => {
    const { visit, path, linkId } = await linkToPay(t, staff);
    const before = await recorded(t, linkId, visit.id);
    expect(before).toEqual({ linkStatus: 'created', captured: 0, ledger: ['pending'] });

    const anonymous = await t.call({ method: 'POST', url: `${path}/pay`, headers: form, payload: '' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.call({ method: 'POST', url: `${path}/pay`, headers: { ...form, authorization: 'Bearer nope' } });
    expect(forged.statusCode).toBe(401);
    const byCustomer = await t.call({ method: 'POST', url: `${path}/pay`, headers: form, payload: '', token: customer.token });
    expect(byCustomer.statusCode).toBe(403);
    expect(await recorded(t, linkId, visit.id)).toEqual(before);
  });

  it('a signed-in staff member confirms it: the link is paid and the ledger payment completed with a receipt', async () => {
    const { visit, path, linkId } = await linkToPay(t, staff);
    const paid = await t.call({ method: 'POST', url: `${path}/pay`, token: staff.token });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment received');
    expect(await recorded(t, linkId, visit.id)).toEqual({ linkStatus: 'paid', captured: 1, ledger: ['completed'] });
    const [row] = await paymentsOf(t.database.db, visit.id);
    expect(row!.receiptNo).toBeTruthy();
    // The ledger says who confirmed it and how.
    expect(row).toMatchObject({ completedBy: staff.id, completedVia: 'link_page' });
    expect((await t.call({ method: 'GET', url: path })).body).toContain('Payment received');
  });

  it('the offline checkout is staff only here too (a customer cannot pay even their own checkout order: no money moves)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/v1/payments/offline/checkout/order_AAAAAAAAAAAAAA/pay',
      payload: { outcome: 'success' },
    });
    expect(res.statusCode).toBe(401);
    const byCustomer = await t.call({
      method: 'POST',
      url: '/api/v1/payments/offline/checkout/order_AAAAAAAAAAAAAA/pay',
      payload: { outcome: 'success' },
      token: customer.token,
    });
    expect(byCustomer.statusCode).toBe(403);
  });

  it('the API document says the link page takes no payment and its POST needs a token', async () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
    };
    const pay = doc.paths['/api/v1/payments/offline/link/{linkId}/pay']!.post!;
    expect(pay.security).toBeUndefined(); // the document's default: bearer
    expect(pay.summary).toMatch(/staff member confirms/);
    expect(doc.paths['/api/v1/payments/offline/link/{linkId}']!.get!.security).toEqual([]);
  });
});

describe('outside production: the link page as today, refused once cancelled, on the business clock', () => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    ({ t, staff } = await appWithStaff('test'));
  });
  afterAll(() => t?.close());
  /** The app's provider is built from the same configuration and database: the same offline links. */
  const provider = () => createPaymentProvider(t.config, t.database.db);

  it('anyone holding the link presses Pay; the payment is taken at the business clock’s now', async () => {
    const at = new Date('2026-03-14T05:30:00Z');
    t.clock.set(at);
    try {
      const { visit, path, linkId } = await linkToPay(t, staff);
      const page = await t.call({ method: 'GET', url: path });
      expect(page.body).toContain('<form method="post"');
      const paid = await t.call({ method: 'POST', url: `${path}/pay`, headers: form, payload: '' });
      expect(paid.statusCode).toBe(200);
      const [captured] = await t.database.db.select().from(offlinePayments).where(eq(offlinePayments.linkId, linkId));
      expect(Math.abs(captured!.capturedAt!.getTime() - at.getTime())).toBeLessThan(60_000);
      expect(Math.abs(captured!.createdAt.getTime() - at.getTime())).toBeLessThan(60_000);
      const [row] = await paymentsOf(t.database.db, visit.id);
      expect(row!.status).toBe('completed');
    } finally {
      t.clock.set(null);
    }
  });

  it('the offline checkout records its payment at the business clock’s now', async () => {
    const at = new Date('2026-02-01T09:00:00Z');
    t.clock.set(at);
    try {
      const { visit } = await visitToPay(t.database.db, { pricePaise: 50000, pending: { method: 'card' } });
      const order = await t.call({
        method: 'POST',
        url: '/api/v1/payments/create-order',
        payload: { notes: { visitId: visit.id } },
        token: staff.token,
      });
      expect(order.statusCode).toBe(200);
      const orderId = order.json().order.id as string;
      const paid = await t.call({
        method: 'POST',
        url: `/api/v1/payments/offline/checkout/${orderId}/pay`,
        payload: { outcome: 'success' },
        token: staff.token,
      });
      expect(paid.statusCode).toBe(200);
      const [captured] = await t.database.db.select().from(offlinePayments).where(eq(offlinePayments.orderId, orderId));
      expect(Math.abs(captured!.capturedAt!.getTime() - at.getTime())).toBeLessThan(60_000);
    } finally {
      t.clock.set(null);
    }
  });

  for (const status of ['void', 'failed'] as const) {
    it(`a link whose ledger payment is ${status} says it is no longer valid and takes nothing (409)`, async () => {
      const { visit, pending, path, linkId } = await linkToPay(t, staff);
      await t.database.db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.id, pending.id), eq(payments.status, 'pending')));
      const page = await t.call({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This payment link is no longer valid.');
      expect(page.body).not.toContain('<form');
      const pay = await t.call({ method: 'POST', url: `${path}/pay`, headers: form, payload: '' });
      expect(pay.statusCode).toBe(409);
      expect(pay.headers['content-type']).toContain('text/html');
      expect(pay.body).toContain('This payment link is no longer valid.');
      expect(await recorded(t, linkId, visit.id)).toEqual({ linkStatus: 'created', captured: 0, ledger: [status] });
    });
  }

  it('a link cancelled at the provider says it is no longer valid and takes nothing (409)', async () => {
    const { visit, path, linkId } = await linkToPay(t, staff);
    await provider().cancelPaymentLink(linkId);
    const page = await t.call({ method: 'GET', url: path });
    expect(page.body).toContain('This payment link is no longer valid.');
    expect(page.body).not.toContain('<form');
    const pay = await t.call({ method: 'POST', url: `${path}/pay`, headers: form, payload: '' });
    expect(pay.statusCode).toBe(409);
    expect(await recorded(t, linkId, visit.id)).toEqual({ linkStatus: 'cancelled', captured: 0, ledger: ['pending'] });
  });

  it('a link no ledger payment waits on (never attached) takes nothing', async () => {
    const orphan = await provider().createPaymentLink({
      amountPaise: 30000,
      description: 'Nobody waits on this one',
      referenceId: 'orphan-1',
      customer: { name: 'Asha' },
      notes: {},
    });
    const path = new URL(orphan.shortUrl).pathname;
    expect((await t.call({ method: 'GET', url: path })).body).toContain('This payment link is no longer valid.');
    expect((await t.call({ method: 'POST', url: `${path}/pay` })).statusCode).toBe(409);
    const [link] = await t.database.db.select().from(offlinePaymentLinks).where(eq(offlinePaymentLinks.id, orphan.id));
    expect(link!.status).toBe('created');
  });
});
