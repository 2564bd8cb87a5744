/**
 * Refunds under the refund policy through the API (issue 15): the quote, cancelling a sale with its refund (cash at
 * once, card through the offline provider until its webhook), refunding one payment, and every refusal leaving the
 * ledger as it was.
 */
import { addDays, ledgerBalance, NOTHING_REFUNDABLE, REFUND_MESSAGES as M, toPaise } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments, staffNotifications } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import { makeItem, makePet } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { ledgerRow, ownerRows, payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { planOf, subscriptionRow, typeByCode } from '../../../test/visit-kit.ts';
import { recordPayment } from './payments.service.ts';

const { t, staff, db, post, get, board } = useDeboardTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});

type Res = { statusCode: number; body: string; json: () => any };
const ok = async (res: Promise<Res>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};
const quote = (q: string, token = admin.token) => get(`/payments/refund-quote?${q}`, token);
const cancel = (body: object, token = admin.token) => post('/payments/cancel-sale', body, token);
const refund = (body: object, token = admin.token) => post('/payments/refund', body, token);

/** A visit of `rupees` paid in full in cash at the desk. */
async function paidVisit(rupees: number) {
  const v = await visitToPay(db(), { pricePaise: toPaise(rupees) });
  const cash = await payCash(db(), v.pet.id, v.visit.id, toPaise(rupees));
  return { ...v, cash };
}

/** A visit of `rupees` paid in full by card through the offline provider's checkout. */
async function cardPaidVisit(rupees: number) {
  const v = await visitToPay(db(), { pricePaise: rupees * 100, pending: { method: 'card' } });
  const { order } = await ok(post('/payments/create-order', { notes: { visitId: v.visit.id } }, staff.token));
  const result = await ok(post(`/payments/offline/checkout/${order.id}/pay`, { outcome: 'success' }, staff.token));
  const verified = await ok(post('/payments/verify-payment', result, staff.token));
  return { ...v, card: verified.payment };
}

const saleBalance = async (visitId: string) =>
  ledgerBalance(
    await db()
      .select()
      .from(payments)
      .where(and(eq(payments.visitId, visitId), eq(payments.account, 'sale'))),
  );

describe('the policy’s own example: ₹25,000 paid in cash and cancelled', () => {
  it('quotes and cancels: credit ₹17,500, refund ₹17,500 in cash with an R/ receipt, ₹7,500 kept, nothing owed', async () => {
    const { visit, cash, owner } = await paidVisit(25000);
    const q = (await ok(quote(`visitId=${visit.id}`))).quote;
    expect(q).toMatchObject({
      withinPolicy: true,
      daysAfterSale: 0,
      cancelled: 25000,
      paid: 25000,
      deduction: 7500,
      credit: 17500,
      refund: 17500,
      kept: 7500,
      message: null,
      payments: [{ _id: cash.id, method: 'cash', amount: 25000, refunded: 0, refundable: 25000, receiptNo: cash.receiptNo }],
    });
    expect(q.lastDay).toBe(addDays(q.saleDate, 4));

    const res = await ok(cancel({ visitId: visit.id, reason: 'Owner cancelled the trip' }));
    expect(res.message).toBe(M.cancelled);
    expect(res.credit).toMatchObject({ amount: 17500, status: 'completed' });
    expect(res.refunds).toHaveLength(1);
    expect(res.refunds[0]).toMatchObject({ amount: 17500, status: 'completed', method: 'cash' });
    expect(res.refunds[0].receiptNo).toMatch(/^R\/\d{4}-\d{2}\/\d{6}$/);
    expect(res.quote).toMatchObject({ credit: 17500, refund: 17500, kept: 7500, deduction: 7500 });

    // Nothing owed either way: the sale's charge less its credit is what was kept.
    const b = await saleBalance(visit.id);
    expect(b).toMatchObject({ chargedPaise: 2500000, creditedPaise: 1750000, paidPaise: 750000, duePaise: 0, creditPaise: 0 });
    const credit = await ledgerRow(db(), res.credit._id);
    expect(credit).toMatchObject({ kind: 'credit', deductionPaise: 750000, createdBy: admin.id });
    const r = await ledgerRow(db(), res.refunds[0]._id);
    expect(r).toMatchObject({ kind: 'refund', refundOf: cash.id, account: 'sale', completedVia: 'desk', completedBy: admin.id });
    // The visit's details read the ledger: it charges ₹7,500 now (₹17,500 credited), ₹7,500 paid, nothing left.
    const d = (await ok(get(`/visit/getvisitdetails/${visit.id}`, staff.token))).data;
    expect(d.details.payment).toMatchObject({ charged: 7500, credited: 17500, amount: 7500, remainingAmount: 0 });
    expect(d.voided).toBeNull();
    // Nothing went to the owner's unapplied balance.
    expect((await ownerRows(db(), owner.id)).filter((e) => e.account !== 'sale')).toEqual([]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, visit.id));
    expect(audit).toMatchObject({ action: 'sale.cancel', userId: admin.id });

    // The deduction is taken once: the sale cannot be cancelled again, and the quote now refunds nothing.
    const again = await cancel({ visitId: visit.id, reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyCancelled);
    expect((await ok(quote(`visitId=${visit.id}`))).quote).toMatchObject({
      cancelled: 0,
      refund: 0,
      message: NOTHING_REFUNDABLE,
    });
  });

  it('a sale under ₹20,000 keeps ₹5,000; an unpaid sale is credited whole and refunds nothing', async () => {
    const { visit } = await paidVisit(19999.99);
    const q = (await ok(quote(`visitId=${visit.id}`))).quote;
    expect(q).toMatchObject({ deduction: 5000, credit: 14999.99, refund: 14999.99, kept: 5000 });

    const unpaid = await visitToPay(db(), { pricePaise: 800000 });
    const u = (await ok(quote(`visitId=${unpaid.visit.id}`))).quote;
    expect(u).toMatchObject({ paid: 0, deduction: 0, credit: 8000, refund: 0, message: NOTHING_REFUNDABLE, payments: [] });
    const res = await ok(cancel({ visitId: unpaid.visit.id, reason: 'Not needed' }));
    expect(res.refunds).toEqual([]);
    expect(await saleBalance(unpaid.visit.id)).toMatchObject({ duePaise: 0, creditPaise: 0, creditedPaise: 800000 });
  });
});

describe('other sales', () => {
  it('a prescription paid in cash: quoted and cancelled by prescriptionId', async () => {
    const pet = await makePet(db(), { name: 'Sheru' });
    const item = await makeItem(db(), {
      itemName: `Refund tabs ${Date.now()}`,
      stock: 100,
      stockUnit: 'tablet',
      unitMinRetailNgoPaise: 600,
      unitMaxRetailCustomerPaise: 900,
    });
    const body = {
      petId: pet.id,
      customerType: 'NGO',
      tablets: [{ id: item.id, quantity: 10 }],
      totalPrice: 60,
      selectedPayment: 'cash',
    };
    const saved = await ok(post('/prescription/addprescription', body, staff.token), 201);
    const rxId = saved.prescription._id;
    expect(rxId).toMatch(/^[0-9a-f]{24}$/);
    expect((await ok(quote(`prescriptionId=${rxId}`))).quote).toMatchObject({
      cancelled: 60,
      paid: 60,
      deduction: 60,
      refund: 0,
    });
    const res = await ok(
      cancel({ prescriptionId: rxId, reason: 'Wrong medicine', refundAmount: 60, overrideReason: 'Our mistake' }),
    );
    expect(res.refunds).toMatchObject([{ amount: 60, status: 'completed', method: 'cash' }]);
    expect(res.credit).toMatchObject({ amount: 60 });
  });

  it('a subscription cancelled by subscriptionId: refunded under the policy, and the subscription ends', async () => {
    const p = await makePet(db(), { name: 'Motu' });
    const plan = await planOf(db(), 'hostel');
    const buyType = await typeByCode(db(), 'buy_subscription');
    const price = plan.pricePaise / 100;
    const bought = await ok(
      post(
        '/subscription/buysubscription',
        { petId: p.id, visitType: buyType.id, planId: plan.id, details: { selectedPayment: 'cash', price }, totalPrice: price },
        staff.token,
      ),
      201,
    );
    const id = bought.subscription._id as string;
    const q = (await ok(quote(`subscriptionId=${id}`))).quote;
    const res = await ok(
      cancel({ subscriptionId: id, reason: 'Moving out of town', refundAmount: q.paid, overrideReason: 'Full refund agreed' }),
    );
    expect(res.refunds).toMatchObject([{ amount: q.paid, status: 'completed', method: 'cash' }]);
    expect((await subscriptionRow(db(), id)).active).toBe(false);
  });
});

describe('the refund window', () => {
  it('day 4 is in; day 5 is out: 400 without an override, nothing written; with a reason the policy applies, audited', async () => {
    const { visit, owner } = await paidVisit(10000);
    try {
      t.clock.advanceDays(4);
      expect((await ok(quote(`visitId=${visit.id}`))).quote).toMatchObject({ withinPolicy: true, daysAfterSale: 4 });
      t.clock.advanceDays(1);
      const q = (await ok(quote(`visitId=${visit.id}`))).quote;
      expect(q).toMatchObject({ withinPolicy: false, daysAfterSale: 5, refund: 0, kept: 10000, message: NOTHING_REFUNDABLE });
      expect(q.override).toEqual({ deduction: 5000, credit: 5000, refund: 5000, kept: 5000 });

      const before = await ownerRows(db(), owner.id);
      const late = await cancel({ visitId: visit.id, reason: 'Late' });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(
        'The refund window has passed (4 days from the sale). An admin may override with a reason.',
      );
      expect(await ownerRows(db(), owner.id)).toEqual(before);

      const res = await ok(cancel({ visitId: visit.id, reason: 'Late', overrideReason: 'Vet emergency, owner had no choice' }));
      expect(res.refunds[0]).toMatchObject({ amount: 5000, status: 'completed' });
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, visit.id));
      expect(audit).toMatchObject({ action: 'sale.cancel_override', userId: admin.id });
      expect((audit!.data as any).after.override).toEqual({
        refundAmount: null,
        overrideReason: 'Vet emergency, owner had no choice',
      });
    } finally {
      t.clock.set(null);
    }
  });
});

describe('an admin’s refund amount', () => {
  it('needs a reason; more than was paid is a 400; the amount given is refunded and what is kept stays charged', async () => {
    const { visit, owner } = await paidVisit(10000);
    const before = await ownerRows(db(), owner.id);
    const noReason = await cancel({ visitId: visit.id, reason: 'Goodwill', refundAmount: 9000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ overrideReason: M.overrideReasonRequired });
    const tooMuch = await cancel({ visitId: visit.id, reason: 'Goodwill', refundAmount: 10000.01, overrideReason: 'x' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(M.moreThanPaid('₹10,000.00'));
    expect(await ownerRows(db(), owner.id)).toEqual(before);

    const res = await ok(
      cancel({ visitId: visit.id, reason: 'Goodwill', refundAmount: 9000, overrideReason: 'Long-time client' }),
    );
    expect(res.quote).toMatchObject({ refund: 9000, credit: 9000, kept: 1000, deduction: 1000 });
    expect(await saleBalance(visit.id)).toMatchObject({ creditedPaise: 900000, paidPaise: 100000, duePaise: 0, creditPaise: 0 });
  });
});

describe('refusals', () => {
  it('a pet still boarded on the visit: 409, nothing written', async () => {
    const b = await board('dog_park');
    const res = await cancel({ visitId: b.visitId, reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.deboardBeforeCancel);
    expect(
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.visitId, b.visitId), eq(payments.kind, 'credit'))),
    ).toEqual([]);
  });

  it('bad input and unknown sales', async () => {
    expect((await quote('')).json().message).toBe(M.saleMissing);
    const { visit } = await paidVisit(100);
    const two = await quote(`visitId=${visit.id}&prescriptionId=${visit.id}`);
    expect([two.statusCode, two.json().message]).toEqual([400, M.oneSale]);
    expect((await quote('visitId=0123456789abcdef01234567')).statusCode).toBe(404);
    const noReason = await cancel({ visitId: visit.id, reason: '  ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, M.reasonRequired]);
  });

  it('staff who are not admins are refused (403)', async () => {
    const { visit, cash } = await paidVisit(100);
    expect((await quote(`visitId=${visit.id}`, staff.token)).statusCode).toBe(403);
    expect((await cancel({ visitId: visit.id, reason: 'x' }, staff.token)).statusCode).toBe(403);
    expect((await refund({ paymentId: cash.id, amount: 1, reason: 'x' }, staff.token)).statusCode).toBe(403);
  });
});

describe('POST /payments/refund', () => {
  /** A cash payment held on the owner's unapplied balance (an overpayment). */
  async function unappliedCash(rupees: number) {
    const v = await visitToPay(db(), { pricePaise: 10000 });
    const p = (await recordPayment(db(), {
      ownerId: v.owner.id,
      petId: v.pet.id,
      account: 'unapplied',
      for: {},
      amountPaise: rupees * 100,
      method: 'cash',
      tz: 'Asia/Kolkata',
      now: new Date(),
    }))!;
    return { ...v, p };
  }

  it('refunds part of a payment held on the unapplied balance, then refuses more than is left (nothing written)', async () => {
    const { p, owner } = await unappliedCash(500);
    const res = await ok(refund({ paymentId: p.id, amount: 200, reason: 'Paid twice' }));
    expect(res.message).toBe(M.refunded);
    expect(res.refund).toMatchObject({ amount: 200, status: 'completed', method: 'cash' });
    expect(res.refund.receiptNo).toMatch(/^R\//);
    expect(await ledgerRow(db(), res.refund._id)).toMatchObject({ account: 'unapplied', refundOf: p.id, note: 'Paid twice' });

    const before = await ownerRows(db(), owner.id);
    const more = await refund({ paymentId: p.id, amount: 300.01, reason: 'x' });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe('A refund cannot exceed what was paid on that payment (₹300.00 left)');
    expect(await ownerRows(db(), owner.id)).toEqual(before);
    await ok(refund({ paymentId: p.id, amount: 300, reason: 'The rest' }));
  });

  it('a failed, pending or void payment, a charge, an unknown id: clear 4xx, nothing written', async () => {
    const v = await visitToPay(db(), { pricePaise: 50000, pending: { method: 'payment_link' } });
    const before = await ownerRows(db(), v.owner.id);
    const pending = await refund({ paymentId: v.pending!.id, amount: 1, reason: 'x' });
    expect([pending.statusCode, pending.json().message]).toEqual([400, M.notRefundable('pending')]);
    await db().update(payments).set({ status: 'failed' }).where(eq(payments.id, v.pending!.id));
    const failed = await refund({ paymentId: v.pending!.id, amount: 1, reason: 'x' });
    expect([failed.statusCode, failed.json().message]).toEqual([400, M.notRefundable('failed')]);
    const charge = before.find((e) => e.kind === 'charge')!;
    const c = await refund({ paymentId: charge.id, amount: 1, reason: 'x' });
    expect([c.statusCode, c.json().message]).toEqual([400, M.notAPayment]);
    expect((await refund({ paymentId: '0123456789abcdef01234567', amount: 1, reason: 'x' })).statusCode).toBe(404);
    const zero = await refund({ paymentId: charge.id, amount: 0, reason: 'x' });
    expect([zero.statusCode, zero.json().message]).toEqual([400, M.amountPositive]);
    expect((await ownerRows(db(), v.owner.id)).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  it('a sale’s payment is refunded from the unapplied balance a void or overpayment put it on, never making the sale owe', async () => {
    const { visit, cash } = await paidVisit(1000);
    const res = await refund({ paymentId: cash.id, amount: 1, reason: 'x' });
    expect([res.statusCode, res.json().message]).toEqual([400, M.moreThanHeld('₹0.00')]);
    expect(await saleBalance(visit.id)).toMatchObject({ duePaise: 0, paidPaise: 100000 });
  });
});

describe('card refunds through the offline provider', () => {
  it('are pending until the provider’s refund.processed webhook completes them; a replay records nothing more', async () => {
    const { visit, card } = await cardPaidVisit(25000);
    const res = await ok(cancel({ visitId: visit.id, reason: 'Trip cancelled' }));
    expect(res.refunds).toHaveLength(1);
    expect(res.refunds[0]).toMatchObject({ amount: 17500, status: 'pending', method: 'card', receiptNo: null });
    const pending = await ledgerRow(db(), res.refunds[0]._id);
    expect(pending).toMatchObject({ refundOf: card._id, provider: 'offline' });
    expect(pending.providerRefundId).toMatch(/^rfnd_/);
    // Until the provider confirms, the money is on its way back: nothing is swept to unapplied.
    expect((await ownerRows(db(), pending.ownerId)).filter((e) => e.account === 'unapplied')).toEqual([]);

    const done = await ok(post(`/payments/offline/refunds/${pending.id}/process`, {}, staff.token));
    expect(done.status).toBe('processed');
    expect(done.refund).toMatchObject({ status: 'completed', amount: 17500 });
    expect(done.refund.receiptNo).toMatch(/^R\//);
    expect(await ledgerRow(db(), pending.id)).toMatchObject({ completedVia: 'webhook', completedBy: null });
    expect(await saleBalance(visit.id)).toMatchObject({ duePaise: 0, creditPaise: 0, paidPaise: 750000 });

    const count = (await ownerRows(db(), pending.ownerId)).length;
    const replay = await ok(post(`/payments/offline/refunds/${pending.providerRefundId}/process`, {}, staff.token));
    expect(replay.status).toBe('duplicate');
    expect((await ownerRows(db(), pending.ownerId)).length).toBe(count);
  });

  it('refund.failed fails it, holds the money on the owner’s unapplied balance and notifies staff', async () => {
    const { visit } = await cardPaidVisit(10000);
    const p = (await ok(cancel({ visitId: visit.id, reason: 'Cancelled' }))).refunds[0];
    expect(p).toMatchObject({ amount: 5000, status: 'pending' });
    const res = await ok(post(`/payments/offline/refunds/${p._id}/process`, { outcome: 'failure' }, staff.token));
    expect(res.refund.status).toBe('failed');
    const row = await ledgerRow(db(), p._id);
    expect(row).toMatchObject({ status: 'failed', completedVia: 'webhook' });
    const unapplied = (await ownerRows(db(), row.ownerId)).filter((e) => e.account === 'unapplied');
    expect(ledgerBalance(unapplied).paidPaise).toBe(row.amountPaise);
    expect(await saleBalance(visit.id)).toMatchObject({ duePaise: 0, creditPaise: 0 });
    const notices = await db().select().from(staffNotifications).where(eq(staffNotifications.ownerId, row.ownerId));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'refund_failed' });
  });
});
