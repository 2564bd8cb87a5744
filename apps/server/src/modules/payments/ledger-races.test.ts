import { createHmac } from 'node:crypto';
import { ledgerBalance } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { boardingRow, stayLedger, useDeboardTest } from '../../../test/deboard-kit.ts';
import { ledgerRow, ownerRows, staffNoticesAbout } from '../../../test/payments-fixtures.ts';
import { offlinePayments, payments } from '../../db/schema/index.ts';
import { offlineSecrets } from './providers/offline.ts';

/**
 * Races of the ledger's money paths that only PostgreSQL runs for real (PGlite runs one statement at a time; the
 * one-after-the-other case of the first race runs on both databases), each
 * held by the owner's ledger lock (`lockLedger`, taken first in every money transaction) and the ledger's unique
 * provider payment id:
 * - a webhook and a staff check (verify-pending-payment) of one captured payment that pays no pending payment book
 *   it once to the owner's unapplied account;
 * - cash at the desk and the payment link's page for one balance collect it once: the sale is paid once, whatever
 *   the link still captured is booked to unapplied;
 * - a card order, settling and deboarding one stay at once never answer 500 (before the one lock order this was
 *   'deadlock detected' in 17–18 of 20 rounds), and the stay's ledger reconciles after each round.
 */
const { t, staff, db, post, board, settle, deboard } = useDeboardTest();

const ROUNDS = 20;

/**
 * Starts the call after a random 0–`ms` milliseconds, so that over the rounds each request of a race is sometimes
 * first (without it the shortest path always wins and one order of the race is never tried).
 */
const jittered = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), Math.random() * ms));

/** A hostel stay of one day, nothing paid at the desk: its whole price is due. */
async function stayWithDue() {
  t.clock.set(null);
  const s = await board('hostel', { days: 1, paymentType: 'payment_after_service' });
  const { balance } = await stayLedger(db(), s.boardingId, s.visitId);
  expect(balance.duePaise).toBeGreaterThan(0);
  const [charge] = await db().select().from(payments).where(eq(payments.visitId, s.visitId)).limit(1);
  return { ...s, duePaise: balance.duePaise, ownerId: charge!.ownerId };
}

/** An order.paid webhook of a captured card payment, signed with the offline provider's webhook secret. */
function orderPaidWebhook(orderId: string, paymentId: string, amountPaise: number) {
  const body = JSON.stringify({
    entity: 'event',
    event: 'order.paid',
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, status: 'captured' } },
      order: { entity: { id: orderId, amount: amountPaise, status: 'paid' } },
    },
  });
  const signature = createHmac('sha256', offlineSecrets(t.config.jwtSecret).webhookSecret).update(body).digest('hex');
  return t.call({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
  });
}

/** The link page's Pay button (outside production: the customer's own press, no sign-in). */
const payLinkPage = (linkUrl: string) =>
  t.call({
    method: 'POST',
    url: `${new URL(linkUrl).pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** The owner's rows of the unapplied account. */
async function unappliedOf(ownerId: string) {
  return (await ownerRows(db(), ownerId)).filter((r) => r.account === 'unapplied');
}

/**
 * The stay's sale reconciles: charged less credited equals what was paid (nothing due, nothing overpaid left on
 * the sale), and no payment is left pending.
 */
async function expectSettled(s: { boardingId: string; visitId: string }) {
  const { rows, balance } = await stayLedger(db(), s.boardingId, s.visitId);
  expect(balance.chargedPaise - balance.creditedPaise, JSON.stringify(rows)).toBe(balance.paidPaise);
  expect(balance).toMatchObject({ duePaise: 0, creditPaise: 0, pendingPaise: 0 });
  return rows;
}

/**
 * A card payment captured on a stay's order after the desk took cash for the balance: the desk chose card (the stay
 * is settled, nothing taken), the client opened a card order, the owner paid at the checkout but the browser never
 * reported it, and meanwhile the desk took cash, which voided the card order's pending payment.
 */
async function capturedAfterCash() {
  const s = await stayWithDue();
  expect((await settle({ boardingid: s.boardingId, method: 'card' })).statusCode).toBe(200);
  const order = await post('/payments/create-order', { notes: { boardingId: s.boardingId } }, staff.token);
  expect(order.statusCode, order.body).toBe(200);
  const orderId = order.json().order.id as string;
  const paid = await post(`/payments/offline/checkout/${orderId}/pay`, { outcome: 'success' }, staff.token);
  const paymentId = paid.json().razorpay_payment_id as string;
  const cash = await settle({ boardingid: s.boardingId, method: 'cash', amount: s.duePaise / 100 });
  expect(cash.statusCode, cash.body).toBe(200);
  expect((await ledgerRow(db(), order.json().paymentId)).status).toBe('void');
  return { s, orderId, paymentId };
}

const staffCheck = (paymentId: string, boardingId: string) =>
  post('/payments/verify-pending-payment', { razorpay_payment_id: paymentId, boardingId }, staff.token);

describe(`a capture that pays no pending payment (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('the webhook books it to unapplied; a staff check after it answers that row (the stay’s money, held), not 400', async () => {
    const { s, orderId, paymentId } = await capturedAfterCash();
    const hooked = await orderPaidWebhook(orderId, paymentId, s.duePaise);
    expect(hooked.json()).toMatchObject({ status: 'unapplied' });
    const [held] = await db().select().from(payments).where(eq(payments.providerPaymentId, paymentId));
    expect(held).toMatchObject({ account: 'unapplied', amountPaise: s.duePaise, providerOrderId: orderId });
    for (let i = 0; i < 2; i++) {
      const checked = await staffCheck(paymentId, s.boardingId);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json().payment).toMatchObject({ _id: held!.id, status: 'completed' });
    }
    expect(await unappliedOf(s.ownerId)).toHaveLength(1);
    expect(await staffNoticesAbout(db(), held!.id)).toHaveLength(1);
    // Another stay's check of that payment is still refused.
    const other = await stayWithDue();
    const refused = await staffCheck(paymentId, other.boardingId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This payment does not belong to this visit');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('ledger races (PostgreSQL)', () => {
  it('a webhook and a staff check of one capture that pays no pending payment book it once to unapplied (one row, one notice)', async () => {
    for (let round = 0; round < 10; round++) {
      const { s, orderId, paymentId } = await capturedAfterCash();
      // The provider's webhook and a receptionist's "check payment" arrive together.
      const [hooked, checked] = await Promise.all([
        jittered(10, () => orderPaidWebhook(orderId, paymentId, s.duePaise)),
        jittered(10, () => staffCheck(paymentId, s.boardingId)),
      ]);
      expect(hooked.statusCode, hooked.body).toBe(200);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(['unapplied', 'duplicate']).toContain(hooked.json().status);

      const held = await db().select().from(payments).where(eq(payments.providerPaymentId, paymentId));
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({ account: 'unapplied', kind: 'payment', status: 'completed', amountPaise: s.duePaise });
      expect(checked.json().payment._id).toBe(held[0]!.id);
      expect(await unappliedOf(s.ownerId)).toHaveLength(1);
      expect(await staffNoticesAbout(db(), held[0]!.id)).toHaveLength(1);
      // The sale was paid once, by the cash.
      const rows = await expectSettled(s);
      expect(rows.filter((r) => r.kind === 'payment' && r.status === 'completed').map((r) => r.method)).toEqual(['cash']);
    }
  });

  it('cash at the desk and the payment link’s page for one balance at once: the sale is paid once, the other money is booked to unapplied', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const s = await stayWithDue();
      const linked = await settle({ boardingid: s.boardingId, method: 'payment_link' });
      expect(linked.statusCode, linked.body).toBe(200);
      const linkUrl = linked.json().payment.linkUrl as string;
      const linkId = new URL(linkUrl).pathname.split('/').pop()!;

      const [cash, page] = await Promise.all([
        jittered(30, () => settle({ boardingid: s.boardingId, method: 'cash', amount: s.duePaise / 100 })),
        jittered(10, () => payLinkPage(linkUrl)),
      ]);
      // Cash is refused only because the link paid the balance first (400: more than is due, which is ₹0).
      expect([200, 400], cash.body).toContain(cash.statusCode);
      // The page refuses only a link the cash cancelled first.
      expect([200, 409], page.body).toContain(page.statusCode);

      const rows = await expectSettled(s);
      const salePaid = rows.filter((r) => r.kind === 'payment' && r.status === 'completed');
      expect(salePaid, JSON.stringify(rows)).toHaveLength(1);
      expect(salePaid[0]!.amountPaise).toBe(s.duePaise);

      // Every rupee the link captured is in the ledger: on the sale (the link paid it) or held as unapplied.
      const captured = await db()
        .select()
        .from(offlinePayments)
        .where(and(eq(offlinePayments.linkId, linkId), eq(offlinePayments.status, 'captured')));
      const unapplied = await unappliedOf(s.ownerId);
      const byLink = salePaid[0]!.method === 'payment_link' ? 1 : 0;
      expect(captured.length, JSON.stringify({ captured, rows, unapplied })).toBe(byLink + unapplied.length);
      expect(unapplied.every((u) => u.providerLinkId === linkId && u.amountPaise === s.duePaise)).toBe(true);
      if (cash.statusCode === 200) expect(salePaid[0]!.method).toBe('cash');
      else expect(salePaid[0]!.method).toBe('payment_link');
      // Money held (completed payments of every account) is what was taken: the cash and what the link captured.
      const held = ledgerBalance((await ownerRows(db(), s.ownerId)).filter((r) => r.kind === 'payment')).paidPaise;
      expect(held).toBe((cash.statusCode === 200 ? s.duePaise : 0) + captured.length * s.duePaise);

      const key = `${salePaid[0]!.method}${unapplied.length ? '+unapplied' : ''}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    console.info('cash vs link page:', Object.fromEntries(outcomes));
  });

  it(`a card order, settling and deboarding one stay at once: no 500 in ${ROUNDS} rounds, and the stay reconciles`, async () => {
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const s = await stayWithDue();
      // A payment link waits for the balance: the card order supersedes it, the cash voids it.
      expect((await settle({ boardingid: s.boardingId, method: 'payment_link' })).statusCode).toBe(200);
      const rupees = s.duePaise / 100;
      const answers = await Promise.all([
        jittered(5, () => post('/payments/create-order', { notes: { boardingId: s.boardingId } }, staff.token)),
        jittered(15, () => settle({ boardingid: s.boardingId, method: 'cash', amount: rupees })),
        jittered(15, () =>
          deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: rupees } }),
        ),
      ]);
      for (const a of answers) {
        statuses.push(a.statusCode);
        expect([200, 400, 409], `round ${round}: ${a.statusCode} ${a.body}`).toContain(a.statusCode);
        // A deadlock retried and lost again would be the 409 LEDGER_BUSY: with one lock order there is none to lose.
        if (a.statusCode !== 200) expect(a.json().message, a.body).not.toMatch(/deadlock|serializ|at the same moment/i);
      }
      const [, settled, deboarded] = answers;
      // The balance was collected once: by the settle or by the deboarding, never both.
      expect([settled!.statusCode, deboarded!.statusCode].filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
      const rows = await expectSettled(s);
      const cash = rows.filter((r) => r.kind === 'payment' && r.status === 'completed');
      expect(cash.map((r) => [r.method, r.amountPaise])).toEqual([['cash', s.duePaise]]);
      expect(await unappliedOf(s.ownerId)).toEqual([]);
      expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(deboarded!.statusCode !== 200);
    }
    expect(statuses.filter((c) => c >= 500)).toEqual([]);
    const count = (c: number) => statuses.filter((x) => x === c).length;
    console.info(`create-order × settle × deboard, ${ROUNDS} rounds: 200 ×${count(200)}, 400 ×${count(400)}, 409 ×${count(409)}`);
  });
});
