import { DEBOARD_MESSAGES as M } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../../db/schema/index.ts';
import { boardingRow, stayLedger, useDeboardTest } from '../../../test/deboard-kit.ts';
import { ledgerRow, rowCount, staffNoticesAbout } from '../../../test/payments-fixtures.ts';
import { subscriptionRow } from '../../../test/visit-kit.ts';

/** Extra days on a moved clock, subscriptions within and beyond their days left, settling, and card balances. */
const { t, staff, db, get, post, board, subscribed, details, deboard, settle } = useDeboardTest();

afterEach(() => t.clock.set(null));

const visitDetails = async (id: string) => (await get(`/visit/getvisitdetails/${id}`, staff.token)).json().data.details;
const createOrder = (boardingId: string) => post('/payments/create-order', { notes: { boardingId } }, staff.token);
const payOffline = async (orderId: string) =>
  (await post(`/payments/offline/checkout/${orderId}/pay`, { outcome: 'success' }, staff.token)).json();

describe('extra days on a moved clock', () => {
  it('hostel booked 2 days, day 4: 2 extra days charged, paid by cash while deboarding, recorded on the visit', async () => {
    const s = await board('hostel', { days: 2 });
    t.clock.advanceDays(3);
    const q = (await details(s.boardingId)).json();
    expect(q.actualnumberOfDays).toBe(4);
    expect(q.deboard).toMatchObject({
      actualDays: 4,
      bookedDays: 2,
      extraDays: 2,
      extraDayRate: 1000,
      extraCharge: 2000,
      extraChargePosted: 0,
      charged: 2000,
      paid: 2000,
      due: 2000,
      canDeboard: false,
    });
    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().boarding).toMatchObject({ actualDays: 4, extraDays: 2, extraCharge: 2000 });
    const { rows, balance } = await stayLedger(db(), s.boardingId, s.visitId);
    // Entries of one transaction share its timestamp: compared as a set.
    expect(rows.map((r) => [r.kind, r.status, r.amountPaise, r.note]).sort()).toEqual(
      [
        ['charge', 'completed', 200000, null],
        ['payment', 'completed', 200000, null],
        ['charge', 'completed', 200000, 'Extra days: 2'],
        ['payment', 'completed', 200000, 'Collected while deboarding'],
      ].sort(),
    );
    expect(balance).toMatchObject({ chargedPaise: 400000, paidPaise: 400000, duePaise: 0 });
    expect(await boardingRow(db(), s.boardingId)).toMatchObject({ extraDays: 2, extraChargedPaise: 200000, isBoarded: false });
    expect(await visitDetails(s.visitId)).toMatchObject({ extraDays: 2, extraDaysPrice: 2000 });
    // The closed stay answers as of its exit, whatever the clock says now.
    t.clock.advanceDays(5);
    expect((await details(s.boardingId)).json().deboard).toMatchObject({ actualDays: 4, extraDays: 2, due: 0 });
  });

  it('settling posts the extra charge once; a later day posts only the difference', async () => {
    const s = await board('day_care', { days: 1 });
    t.clock.advanceDays(1);
    const first = await settle({ boardingid: s.boardingId });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: M.updated,
      payment: null,
      deboard: { extraDays: 1, extraChargePosted: 1000, due: 1000 },
    });
    expect((await settle({ _id: s.boardingId })).json().deboard).toMatchObject({ extraChargePosted: 1000, due: 1000 });
    t.clock.advanceDays(1);
    expect((await settle({ boardingId: s.boardingId })).json().deboard).toMatchObject({
      extraDays: 2,
      extraChargePosted: 2000,
      due: 2000,
    });
    const charges = (await stayLedger(db(), s.boardingId, s.visitId)).rows.filter((r) => r.kind === 'charge');
    expect(charges.map((r) => [r.amountPaise, r.note])).toEqual([
      [100000, null],
      [100000, 'Extra days: 1'],
      [100000, 'Extra days: 2'],
    ]);
    expect(await visitDetails(s.visitId)).toMatchObject({ extraDays: 2, extraDaysPrice: 2000 });
  });
});

describe('days in the business time zone', () => {
  it('in at 23:50 IST is day 1; 00:10 IST the next morning is day 2 (one extra day of a 1-day stay)', async () => {
    t.clock.set(new Date('2026-11-22T18:20:00Z'));
    const s = await board('hostel', { days: 1 });
    expect((await details(s.boardingId)).json()).toMatchObject({ actualnumberOfDays: 1, deboard: { extraDays: 0 } });
    t.clock.set(new Date('2026-11-22T18:40:00Z'));
    expect((await details(s.boardingId)).json()).toMatchObject({ actualnumberOfDays: 2, deboard: { extraDays: 1, due: 1000 } });
  });
});

describe('POST /visit/updatehostelvisit payments', () => {
  it('cash up to what is due (receipt now); more is a 400 and writes nothing', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const before = await rowCount(db(), 'payments');
    const more = await settle({ boardingid: s.boardingId, method: 'cash', amount: 2500 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(M.moreThanDue('₹2,000.00'));
    expect(await rowCount(db(), 'payments')).toBe(before);
    expect((await settle({ boardingid: s.boardingId, method: 'cash' })).json().message).toBe('Enter the amount received');
    const part = await settle({ boardingid: s.boardingId, method: 'cash', amount: 500 });
    expect(part.statusCode).toBe(200);
    expect(part.json().payment).toMatchObject({ method: 'cash', status: 'completed', amount: 500 });
    expect(part.json().payment.receiptNo).toMatch(/\/\d{6}$/);
    expect(part.json().deboard).toMatchObject({ paid: 500, due: 1500 });
  });

  it('payment_link: a pending payment for what is due, link sent; 409 nothingDue once pending covers it; deboarding voids it', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const res = await settle({ boardingid: s.boardingId, method: 'payment_link' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ method: 'payment_link', status: 'pending', amount: 2000, linkError: null });
    expect(res.json().payment.linkUrl).toEqual(expect.any(String));
    expect(res.json().deboard).toMatchObject({ due: 2000, pending: 2000 });
    expect(res.json().deboard.pendingPayments).toHaveLength(1);
    const again = await settle({ boardingid: s.boardingId, method: 'payment_link' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.nothingDue);
    // Cash at the desk instead: the link's pending payment is voided (and the link cancelled) so the owner cannot pay twice.
    expect(
      (await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 } })).statusCode,
    ).toBe(200);
    const link = (await stayLedger(db(), s.boardingId, s.visitId)).rows.find((r) => r.method === 'payment_link');
    expect(link?.status).toBe('void');
    // The emailed link no longer takes money: it was cancelled at the provider after the commit.
    const pay = await t.call({ method: 'POST', url: `/api/v1/payments/offline/link/${link!.providerLinkId}/pay` });
    expect(pay.statusCode).toBe(409);
  });

  it('card: only settles (posts the extra days); the order is then made for what is due', async () => {
    const s = await board('hostel', { days: 1 });
    t.clock.advanceDays(2);
    const res = await settle({ boardingid: s.boardingId, method: 'card' });
    expect(res.json()).toMatchObject({ payment: null, deboard: { extraDays: 2, due: 2000 } });
    const order = await createOrder(s.boardingId);
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ order: { amount: 200000 }, amountRupees: 2000 });
  });
});

describe('subscriptions', () => {
  it('within the days left: deboards directly, days left drop by the days stayed', async () => {
    const { petId, plan, sub } = await subscribed('day_school', { daysLeft: 5 });
    const s = await board('day_school', { planId: plan.id }, petId);
    t.clock.advanceDays(2);
    expect((await details(s.boardingId)).json().deboard).toMatchObject({
      actualDays: 3,
      extraDays: 0,
      due: 0,
      canDeboard: true,
      subscription: { _id: sub.id, planName: plan.name, daysLeft: 5, daysUsed: 3 },
    });
    const res = await deboard('dayschooldeboarding', { boardingid: s.boardingId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      boarding: { subscriptionDaysUsed: 3 },
      subscription: { _id: sub.id, daysLeft: 2, active: true },
    });
    expect(await subscriptionRow(db(), sub.id)).toMatchObject({ daysLeft: 2, active: true });
    expect((await boardingRow(db(), s.boardingId)).subscriptionDaysUsed).toBe(3);
  });

  it('the last day left: the subscription becomes inactive at 0', async () => {
    const { petId, plan, sub } = await subscribed('play_school', { daysLeft: 1 });
    const s = await board('play_school', { planId: plan.id }, petId);
    const res = await deboard('playschooldeboarding', { boardingid: s.boardingId });
    expect(res.json().subscription).toEqual({ _id: sub.id, daysLeft: 0, active: false });
    expect(await subscriptionRow(db(), sub.id)).toMatchObject({ daysLeft: 0, active: false });
  });

  it('beyond the days left: extra days at the purchase’s price ÷ duration − discount, not the plan’s edited price', async () => {
    // Hostel 15 Days: ₹13,500 for 15 days = ₹900 a day, ₹100 a day off → ₹800.
    const { petId, plan, sub } = await subscribed('hostel', { daysLeft: 2, discountPaise: 10000 });
    const s = await board('hostel', { days: 2, planId: plan.id }, petId);
    await db().update(subscriptionPlans).set({ pricePaise: 9_999_900 }).where(eq(subscriptionPlans.id, plan.id));
    t.clock.advanceDays(4);
    const q = (await details(s.boardingId)).json().deboard;
    expect(q).toMatchObject({
      actualDays: 5,
      extraDays: 3,
      extraDayRate: 800,
      extraCharge: 2400,
      due: 2400,
      subscription: { daysUsed: 2 },
    });
    const refused = await deboard('hosteldeboarding', { boardingid: s.boardingId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().due).toBe(2400);
    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2400 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      boarding: { extraDays: 3, extraCharge: 2400, subscriptionDaysUsed: 2 },
      subscription: { daysLeft: 0, active: false },
    });
    expect((await stayLedger(db(), s.boardingId, s.visitId)).balance).toMatchObject({
      chargedPaise: 240000,
      paidPaise: 240000,
      duePaise: 0,
    });
    expect(await subscriptionRow(db(), sub.id)).toMatchObject({ daysLeft: 0, active: false, pricePaise: 1350000 });
  });
});

describe('a dog park balance paid by card through the offline provider', () => {
  it('create-order → offline pay → verify-payment → deboard; a replay records nothing more', async () => {
    const s = await board('dog_park', { method: 'card' });
    expect((await details(s.boardingId)).json().deboard).toMatchObject({ due: 350, pending: 350, canDeboard: false });
    expect((await deboard('/deboard/dogparkdeboarding', { boardingid: s.boardingId })).statusCode).toBe(409);
    const order = (await createOrder(s.boardingId)).json().order;
    expect(order.amount).toBe(35000);
    const paid = await payOffline(order.id);
    const verified = await post('/payments/verify-payment', paid, staff.token);
    expect(verified.json().payment).toMatchObject({ status: 'completed', amount: 350 });
    expect((await details(s.boardingId)).json().deboard).toMatchObject({ due: 0, pending: 0, canDeboard: true });
    expect((await deboard('/deboard/dogparkdeboarding', { boardingid: s.boardingId })).statusCode).toBe(200);
    const before = await rowCount(db(), 'payments');
    const replay = await post(
      '/payments/verify-pending-payment',
      { razorpay_payment_id: paid.razorpay_payment_id, boardingId: s.boardingId },
      staff.token,
    );
    expect(replay.json().payment.receiptNo).toBe(verified.json().payment.receiptNo);
    expect(await rowCount(db(), 'payments')).toBe(before);
    expect((await stayLedger(db(), s.boardingId, s.visitId)).balance).toMatchObject({
      chargedPaise: 35000,
      paidPaise: 35000,
      duePaise: 0,
    });
  });

  it('an order left open when cash settled the stay: its payment is booked to the owner’s unapplied balance, not to the stay', async () => {
    const s = await board('dog_park', { method: 'card' });
    const order = (await createOrder(s.boardingId)).json().order;
    expect(
      (await deboard('daycaredeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 350 } })).statusCode,
    ).toBe(200);
    const card = (await stayLedger(db(), s.boardingId, s.visitId)).rows.find((r) => r.method === 'card');
    expect(card?.status).toBe('void');
    const paid = await payOffline(order.id);
    const before = await stayLedger(db(), s.boardingId, s.visitId);
    const res = await post(
      '/payments/verify-pending-payment',
      { razorpay_payment_id: paid.razorpay_payment_id, boardingId: s.boardingId },
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    const booked = await ledgerRow(db(), res.json().payment._id);
    expect(booked).toMatchObject({ account: 'unapplied', amountPaise: 35000, boardingId: null, completedVia: 'staff_check' });
    expect((await stayLedger(db(), s.boardingId, s.visitId)).rows).toEqual(before.rows);
    expect(await staffNoticesAbout(db(), booked.id)).toHaveLength(1);
  });
});
