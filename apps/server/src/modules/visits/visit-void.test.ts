/**
 * Voiding a visit (POST /visit/voidvisit, admins): corrections are new rows. Every charge of the visit and its stay
 * is credited, pending payments are voided (links cancelled at the provider), money paid moves to the owner's
 * unapplied balance (from which it can be refunded), the visit row is marked voided and otherwise untouched, and
 * the visit lookups show it voided with what the ledger says.
 */
import { ledgerBalance, REFUND_MESSAGES as M } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, offlinePaymentLinks } from '../../db/schema/index.ts';
import { boardingRow, useDeboardTest, visitRow } from '../../../test/deboard-kit.ts';
import type { TestUser } from '../../../test/harness.ts';
import { ledgerRow, ownerRows, payCash, visitToPay } from '../../../test/payments-fixtures.ts';
import { planOf, subscriptionRow, typeByCode } from '../../../test/visit-kit.ts';

const { t, staff, db, post, get, board, details, deboard, pet } = useDeboardTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
afterEach(() => t.clock.set(null));

type Res = { statusCode: number; body: string; json: () => any };
const ok = async (res: Promise<Res>, status = 200) => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};
const voidIt = (visitId: string, reason = 'Recorded on the wrong pet', token = admin.token) =>
  post('/visit/voidvisit', { visitId, reason }, token);
const unappliedOf = async (ownerId: string) =>
  ledgerBalance((await ownerRows(db(), ownerId)).filter((e) => e.account === 'unapplied')).paidPaise;

describe('POST /visit/voidvisit', () => {
  it('credits the charge, moves the money paid to unapplied, marks the visit voided; the lookups show it', async () => {
    const v = await visitToPay(db(), { pricePaise: 120000 });
    const cash = await payCash(db(), v.pet.id, v.visit.id, 120000);
    const res = await ok(voidIt(v.visit.id));
    expect(res).toMatchObject({
      message: M.voided,
      visit: { _id: v.visit.id, voidReason: 'Recorded on the wrong pet' },
      credits: [{ amount: 1200, status: 'completed' }],
      unapplied: 1200,
    });
    const row = await visitRow(db(), v.visit.id);
    expect(row).toMatchObject({ voidedBy: admin.id, voidReason: 'Recorded on the wrong pet', pricePaise: 120000 });
    expect(row.voidedAt?.toISOString()).toBe(res.visit.voidedAt);
    expect(await ledgerRow(db(), res.credits[0]._id)).toMatchObject({
      kind: 'credit',
      deductionPaise: null,
      createdBy: admin.id,
    });
    expect(await unappliedOf(v.owner.id)).toBe(120000);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, v.visit.id));
    expect(audit).toMatchObject({ action: 'visit.void', userId: admin.id });

    // The visit's details and the pet's visit list: voided, nothing paid or owed on the visit any more.
    const d = (await ok(get(`/visit/getvisitdetails/${v.visit.id}`, staff.token))).data;
    expect(d.voided).toEqual({ at: res.visit.voidedAt, reason: 'Recorded on the wrong pet' });
    expect(d.details.payment).toMatchObject({ amount: 0, charged: 0, credited: 1200, remainingAmount: 0 });
    const list = (await ok(get(`/visit/getparticularpetvisit?petId=${v.pet.id}&limit=10`, staff.token))).List;
    expect(list[0]).toMatchObject({ _id: v.visit.id, voided: { reason: 'Recorded on the wrong pet' } });
    expect(list[0].details.payment).toMatchObject({ amount: 0, charged: 0 });

    // The money held for the owner is refunded from there, naming the original payment.
    const refunded = await ok(
      post('/payments/refund', { paymentId: cash.id, amount: 1200, reason: 'Voided visit' }, admin.token),
    );
    expect(refunded.refund).toMatchObject({ amount: 1200, status: 'completed' });
    expect(await ledgerRow(db(), refunded.refund._id)).toMatchObject({ account: 'unapplied', refundOf: cash.id });
    expect(await unappliedOf(v.owner.id)).toBe(0);
  });

  it('a visit already voided: 409, nothing written', async () => {
    const v = await visitToPay(db(), { pricePaise: 50000 });
    await ok(voidIt(v.visit.id));
    const before = await ownerRows(db(), v.owner.id);
    const again = await voidIt(v.visit.id, 'Again');
    expect([again.statusCode, again.json().message]).toEqual([409, M.alreadyVoided]);
    expect(await ownerRows(db(), v.owner.id)).toEqual(before);
    expect((await visitRow(db(), v.visit.id)).voidReason).toBe('Recorded on the wrong pet');
  });

  it('a pet still boarded on the visit: 409, the visit is not voided and nothing is written', async () => {
    const s = await board('dog_park');
    const res = await voidIt(s.visitId);
    expect([res.statusCode, res.json().message]).toEqual([409, M.deboardBeforeVoid]);
    expect((await visitRow(db(), s.visitId)).voidedAt).toBeNull();
    expect((await ledgerRow(db(), s.payment._id)).status).toBe('completed');
  });

  it('a stay: its sale and extra-day charges are both credited, all paid moves to unapplied', async () => {
    const s = await board('hostel', { days: 1 });
    t.clock.advanceDays(2);
    const due = (await ok(details(s.boardingId))).deboard.due;
    expect(due).toBeGreaterThan(0);
    await ok(deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: due } }));
    expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(false);
    const res = await ok(voidIt(s.visitId, 'Duplicate stay'));
    expect(res.credits).toHaveLength(2);
    const paid = res.credits.reduce((sum: number, c: { amount: number }) => sum + c.amount, 0);
    expect(res.unapplied).toBe(paid);
    expect((await ok(details(s.boardingId))).deboard).toMatchObject({ due: 0 });
  });

  it('a pending payment link is voided and cancelled at the provider: the link takes no money', async () => {
    const v = await visitToPay(db(), { pricePaise: 70000, pending: { method: 'payment_link' } });
    const { linkUrl } = await ok(post('/payments/payment-link', { paymentId: v.pending!.id }, staff.token));
    const res = await ok(voidIt(v.visit.id));
    expect(res.unapplied).toBe(0);
    expect(await ledgerRow(db(), v.pending!.id)).toMatchObject({ status: 'void', completedBy: admin.id });
    const linkId = new URL(linkUrl).pathname.split('/').pop()!;
    const [link] = await db().select().from(offlinePaymentLinks).where(eq(offlinePaymentLinks.id, linkId));
    expect(link!.status).toBe('cancelled');
  });

  it('a Buy Subscription visit voided: the subscription it sold ends (its days are no longer the owner’s)', async () => {
    const p = await pet('Motu');
    const plan = await planOf(db(), 'day_care');
    const buyType = await typeByCode(db(), 'buy_subscription');
    const price = plan.pricePaise / 100;
    const bought = await ok(
      post(
        '/subscription/buysubscription',
        {
          petId: p.id,
          visitType: buyType.id,
          planId: plan.id,
          details: { selectedPayment: 'cash', price },
          totalPrice: price,
        },
        staff.token,
      ),
      201,
    );
    const subscriptionId = bought.subscription._id as string;
    expect((await subscriptionRow(db(), subscriptionId)).active).toBe(true);
    const res = await ok(voidIt(bought.visit._id));
    expect(res.unapplied).toBe(price);
    expect((await subscriptionRow(db(), subscriptionId)).active).toBe(false);
  });

  it('bad input, unknown visits and staff who are not admins', async () => {
    const v = await visitToPay(db(), { pricePaise: 10000 });
    const noReason = await voidIt(v.visit.id, ' ');
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, M.reasonRequired]);
    expect((await voidIt('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await voidIt(v.visit.id, 'x', staff.token)).statusCode).toBe(403);
    expect((await visitRow(db(), v.visit.id)).voidedAt).toBeNull();
  });
});
