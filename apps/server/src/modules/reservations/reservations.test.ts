import {
  ledgerBalance,
  OCCUPANCY_MSG,
  RESERVATION_MESSAGES as M,
  reservationDayResponse,
  reservationDetailResponse,
  reservationListResponse,
  reservationMoneyResponse,
  reservationQuoteResponse,
} from '@pawdesk/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  boardings,
  notifications,
  payments,
  reservationPets,
  reservations,
  staffNotifications,
  visitTypes,
} from '../../db/schema/index.ts';
import { makeOwner, makePet, makeVisitType } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { typeByCode, useVisitTest } from '../../../test/visit-kit.ts';
import { walletKit } from '../../../test/wallet-kit.ts';

/**
 * Reservations (issue 18): counting and pricing, capacity across future days (reservations and sales), the
 * waitlist and its notice, the deposit and its refunds reconciled with the ledger, check-in into stays and
 * check-out by deboarding, the day lists, the emails, and the permissions.
 */
const { t, staff, customer, db, post, get } = useVisitTest();
let admin: TestUser;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
});
/** 20 Nov 2026, 12:00 in Kolkata. */
const NOW = new Date('2026-11-20T06:30:00Z');
const at = (iso: string) => t.clock.set(new Date(iso));
afterEach(() => t.clock.set(null));

let typeSeq = 0;
/** A boarding type of its own (so tests do not share places): ₹1,000 a day, ₹600 a half day. */
const kennels = (capacity: number | null, halfday = 60_000) =>
  makeVisitType(db(), {
    isBoarding: true,
    capacity,
    pricePaise: 100_000,
    halfdayPricePaise: halfday,
    purpose: `Kennels ${++typeSeq}`,
  });

async function ownerWithPets(n: number, email: string | null = `o${Math.random().toString(36).slice(2)}@example.in`) {
  const owner = await makeOwner(db(), { email, name: 'Asha Rao' });
  const pets = [];
  for (let i = 0; i < n; i++) pets.push(await makePet(db(), { ownerId: owner.id, name: ['Bruno', 'Coco', 'Max'][i] }));
  return { owner, pets };
}

interface Stay {
  ownerId: string;
  visitTypeId: string;
  petIds: string[];
  checkInDate?: string;
  checkInTime?: string;
  checkOutDate?: string;
  checkOutTime?: string;
  halfDay?: boolean;
}
const stay = (s: Stay) => ({
  checkInDate: '2026-11-25',
  checkInTime: '10:00',
  checkOutDate: '2026-11-27',
  checkOutTime: '11:00',
  ...s,
});
const reserve = (body: object, token = staff.token, key?: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/reservations',
    token,
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const act = (id: string, what: string, body: object = {}, token = staff.token, key?: string) =>
  t.call({
    method: 'POST',
    url: `/api/v1/reservations/${id}/${what}`,
    token,
    payload: body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const reservationCount = async () => (await db().select({ id: reservations.id }).from(reservations)).length;
const depositRows = (id: string) => db().select().from(payments).where(eq(payments.reservationId, id));

describe('POST /reservations/quote', () => {
  it('counts the stay by the calendar-days rule, prices every pet and shows each day’s places', async () => {
    at(NOW.toISOString());
    const type = await kennels(5);
    const { owner, pets } = await ownerWithPets(2);
    const res = await post(
      '/reservations/quote',
      stay({ ownerId: owner.id, visitTypeId: type.id, petIds: pets.map((p) => p.id) }),
      staff.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { quote } = reservationQuoteResponse.parse(res.json());
    expect(quote).toMatchObject({
      label: '3 days: 25 Nov to 27 Nov',
      units: 3,
      unit: 'day',
      firstDay: '2026-11-25',
      lastDay: '2026-11-27',
      pets: 2,
      pricePerPet: 3000,
      price: 6000,
      fits: true,
      fullDays: [],
      countingRule: 'calendar_days',
    });
    expect(quote.days.map((d) => [d.date, d.booked, d.free])).toEqual([
      ['2026-11-25', 0, 5],
      ['2026-11-26', 0, 5],
      ['2026-11-27', 0, 5],
    ]);
  });

  it('charges a half day for a type with a half-day price when the desk picks it, and refuses it otherwise', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const none = await kennels(null, 0);
    const { owner, pets } = await ownerWithPets(1);
    const base = { ownerId: owner.id, petIds: [pets[0]!.id], checkOutDate: '2026-11-25', checkOutTime: '18:00' };
    const half = await post('/reservations/quote', stay({ ...base, visitTypeId: type.id, halfDay: true }), staff.token);
    expect(half.json().quote).toMatchObject({ label: 'Half day: 25 Nov', halfDay: true, price: 600 });
    const full = await post('/reservations/quote', stay({ ...base, visitTypeId: type.id, halfDay: false }), staff.token);
    expect(full.json().quote).toMatchObject({ label: '1 day: 25 Nov', halfDay: false, price: 1000 });
    const refused = await post('/reservations/quote', stay({ ...base, visitTypeId: none.id, halfDay: true }), staff.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.noHalfDay);
  });

  it('follows the nights rule with a late check-out when the business chose it', async () => {
    at(NOW.toISOString());
    const put = await t.call({
      method: 'PUT',
      url: '/api/v1/settings/stays',
      token: admin.token,
      payload: { countingRule: 'nights', checkOutTime: '12:00' },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const type = await kennels(null);
      const { owner, pets } = await ownerWithPets(1);
      const res = await post(
        '/reservations/quote',
        stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id], checkOutTime: '15:00' }),
        staff.token,
      );
      // 2 nights at ₹1,000 and a late check-out at the half-day price.
      expect(res.json().quote).toMatchObject({
        label: '2 nights and a late check-out: 25 Nov to 27 Nov',
        units: 2,
        halfDays: 1,
        price: 2600,
        countingRule: 'nights',
      });
    } finally {
      await t.call({
        method: 'PUT',
        url: '/api/v1/settings/stays',
        token: admin.token,
        payload: { countingRule: 'calendar_days' },
      });
    }
  });
});

describe('bad input: a clear 4xx and nothing written', () => {
  it('refuses a check-out before the check-in, a past check-in, another owner’s pet, a full day', async () => {
    at(NOW.toISOString());
    const type = await kennels(1);
    const { owner, pets } = await ownerWithPets(2);
    const other = await ownerWithPets(1);
    const before = await reservationCount();
    const cases: [object, number, string][] = [
      [{ checkOutDate: '2026-11-24' }, 400, M.checkOutBeforeCheckIn],
      [{ checkOutDate: '2026-11-25', checkOutTime: '09:00' }, 400, M.checkOutBeforeCheckIn],
      [{ checkInDate: '2026-11-19', checkOutDate: '2026-11-21' }, 400, M.inThePast],
      [{ petIds: [pets[0]!.id, other.pets[0]!.id] }, 400, M.otherOwner],
      [{ petIds: [pets[0]!.id, pets[0]!.id] }, 400, M.petTwice],
      [{ petIds: [] }, 400, M.petMissing],
    ];
    for (const [patch, status, message] of cases) {
      const res = await reserve({ ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }), ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Today (the current business day) is not the past: a check-in this morning is allowed.
    const today = await post(
      '/reservations/quote',
      stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id], checkInDate: '2026-11-20', checkInTime: '08:00' }),
      staff.token,
    );
    expect(today.statusCode, today.body).toBe(200);
    // Two pets for one place: 409 naming the day and the numbers.
    const full = await reserve(stay({ ownerId: owner.id, visitTypeId: type.id, petIds: pets.map((p) => p.id) }));
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(M.full(type.purpose, '25 Nov 2026', 0, 1, 2));
    expect(await reservationCount()).toBe(before);
  });

  it('customers may not reserve, list or act (403)', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1);
    const body = stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] });
    expect((await reserve(body, customer.token)).statusCode).toBe(403);
    expect((await post('/reservations/quote', body, customer.token)).statusCode).toBe(403);
    expect((await get('/reservations?from=2026-11-01&to=2026-11-30', customer.token)).statusCode).toBe(403);
    expect((await get('/reservations/day', customer.token)).statusCode).toBe(403);
    const made = await reserve(body);
    const id = made.json().reservation._id;
    expect((await act(id, 'cancel', { reason: 'x' }, customer.token)).statusCode).toBe(403);
    expect((await act(id, 'check-in', {}, customer.token)).statusCode).toBe(403);
    // The waiver is for admins only.
    expect((await act(id, 'waive', { reason: 'x' }, staff.token)).statusCode).toBe(403);
  });
});

describe('capacity across future days', () => {
  it('confirmed reservations hold their days: the grid counts them and a full day refuses or waitlists', async () => {
    at(NOW.toISOString());
    const type = await kennels(2);
    const a = await ownerWithPets(2);
    const b = await ownerWithPets(1);
    const first = await reserve(stay({ ownerId: a.owner.id, visitTypeId: type.id, petIds: a.pets.map((p) => p.id) }));
    expect(first.statusCode, first.body).toBe(201);
    const made = reservationMoneyResponse.parse(first.json());
    expect(made.reservation).toMatchObject({ status: 'confirmed', price: 6000, due: 6000, label: '3 days: 25 Nov to 27 Nov' });
    expect(made.message).toBe(M.created);

    const grid = await get('/boarding/occupancy?from=2026-11-24&days=5', staff.token);
    const row = grid.json().types.find((x: { _id: string }) => x._id === type.id);
    expect(row.booked).toEqual([0, 2, 2, 2, 0]);

    // 27–28 Nov overlaps on the 27th: full.
    const late = stay({
      ownerId: b.owner.id,
      visitTypeId: type.id,
      petIds: [b.pets[0]!.id],
      checkInDate: '2026-11-27',
      checkOutDate: '2026-11-28',
    });
    const refused = await reserve(late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: M.full(type.purpose, '27 Nov 2026', 2, 2, 1),
      day: '2026-11-27',
      fullDays: ['2026-11-27'],
    });
    const quote = await post('/reservations/quote', late, staff.token);
    expect(quote.json().quote).toMatchObject({ fits: false, fullDays: ['2026-11-27'] });
    const waiting = await reserve({ ...late, waitlist: true });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().reservation.status).toBe('waitlisted');
    expect(waiting.json().message).toBe(M.waitlisted);
    // A waitlisted one holds no place.
    const grid2 = await get('/boarding/occupancy?from=2026-11-27&days=2', staff.token);
    expect(grid2.json().types.find((x: { _id: string }) => x._id === type.id).booked).toEqual([2, 0]);
  });

  it('a New Visit boarding sale of N days is refused when a later day is full of reservations', async () => {
    at(NOW.toISOString());
    const hostel = await typeByCode(db(), 'hostel');
    await db().update(visitTypes).set({ capacity: 1 }).where(eq(visitTypes.id, hostel.id));
    try {
      const a = await ownerWithPets(1);
      const made = await reserve(
        stay({
          ownerId: a.owner.id,
          visitTypeId: hostel.id,
          petIds: [a.pets[0]!.id],
          checkInDate: '2026-11-22',
          checkOutDate: '2026-11-23',
        }),
      );
      expect(made.statusCode, made.body).toBe(201);
      const walkIn = await makePet(db(), { name: 'Sheru' });
      const sale = (numberOfDays: number) =>
        post(
          '/visit/addhostelvisit',
          {
            petId: walkIn.id,
            visitType: hostel.id,
            details: {
              numberOfDays,
              finalPrice: (hostel.pricePaise / 100) * numberOfDays,
              paymentLeft: 0,
              selectedPaymentType: 'advance_payment',
              selectedPayment: 'cash',
            },
          },
          staff.token,
        );
      // 20–22 Nov: the 22nd is taken by the reservation.
      const refused = await sale(3);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(OCCUPANCY_MSG.fullOn(hostel.purpose, '22 Nov 2026', 1, 1));
      expect(await db().select().from(boardings).where(eq(boardings.petId, walkIn.id))).toHaveLength(0);
      // 20–21 Nov fits.
      const sold = await sale(2);
      expect(sold.statusCode, sold.body).toBe(201);
    } finally {
      await db().update(visitTypes).set({ capacity: hostel.capacity }).where(eq(visitTypes.id, hostel.id));
    }
  });
});

describe('the waitlist', () => {
  it('a freed place tells staff of the first waiting booking that now fits, once per booking', async () => {
    at(NOW.toISOString());
    const type = await kennels(1);
    const a = await ownerWithPets(1);
    const b = await ownerWithPets(2);
    const c = await ownerWithPets(1);
    const held = await reserve(stay({ ownerId: a.owner.id, visitTypeId: type.id, petIds: [a.pets[0]!.id] }));
    // b waits first but needs two places; c waits second and needs one.
    const bWait = await reserve({
      ...stay({ ownerId: b.owner.id, visitTypeId: type.id, petIds: b.pets.map((p) => p.id) }),
      waitlist: true,
    });
    const cWait = await reserve({
      ...stay({ ownerId: c.owner.id, visitTypeId: type.id, petIds: [c.pets[0]!.id] }),
      waitlist: true,
    });
    const notices = () =>
      db()
        .select()
        .from(staffNotifications)
        .where(
          inArray(staffNotifications.dedupeKey, [
            `waitlist:${bWait.json().reservation._id}`,
            `waitlist:${cWait.json().reservation._id}`,
          ]),
        );
    expect(await notices()).toHaveLength(0);
    const cancelled = await act(held.json().reservation._id, 'cancel', { reason: 'Plans changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await notices();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      kind: 'waitlist_fits',
      dedupeKey: `waitlist:${cWait.json().reservation._id}`,
      body: M.waitlistFits('Asha Rao', type.purpose, '3 days: 25 Nov to 27 Nov'),
    });
    // A capacity raise fits b now (2 places free): told once; raising it again tells nobody twice.
    const raise = (capacity: number) =>
      t.call({ method: 'PATCH', url: `/api/v1/admin/visit-types/${type.id}`, token: admin.token, payload: { capacity } });
    expect((await raise(2)).statusCode).toBe(200);
    expect((await raise(3)).statusCode).toBe(200);
    expect((await raise(4)).statusCode).toBe(200);
    const all = await notices();
    expect(all.map((n) => n.dedupeKey).sort()).toEqual(
      [`waitlist:${bWait.json().reservation._id}`, `waitlist:${cWait.json().reservation._id}`].sort(),
    );
    // Confirming the waiting booking takes its places.
    const confirmed = await act(cWait.json().reservation._id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().reservation.status).toBe('confirmed');
  });
});

describe('the waitlist and deboarding', () => {
  it('a stay deboarded before its booked end frees its place for the first waiting booking', async () => {
    at(NOW.toISOString());
    const hostel = await typeByCode(db(), 'hostel');
    // Other tests' stays and reservations share the Hostel: one place more than its busiest day of 20–24 Nov.
    const grid = await get('/boarding/occupancy?from=2026-11-20&days=5', staff.token);
    const busiest = Math.max(...grid.json().types.find((x: { _id: string }) => x._id === hostel.id).booked);
    await db()
      .update(visitTypes)
      .set({ capacity: busiest + 1 })
      .where(eq(visitTypes.id, hostel.id));
    try {
      const walkIn = await makePet(db(), { name: 'Sheru' });
      const sold = await post(
        '/visit/addhostelvisit',
        {
          petId: walkIn.id,
          visitType: hostel.id,
          details: {
            numberOfDays: 5,
            finalPrice: (hostel.pricePaise / 100) * 5,
            paymentLeft: 0,
            selectedPaymentType: 'advance_payment',
            selectedPayment: 'cash',
          },
        },
        staff.token,
      );
      expect(sold.statusCode, sold.body).toBe(201);
      const a = await ownerWithPets(1);
      const waiting = await reserve({
        ...stay({
          ownerId: a.owner.id,
          visitTypeId: hostel.id,
          petIds: [a.pets[0]!.id],
          checkInDate: '2026-11-20',
          checkInTime: '18:00',
          checkOutDate: '2026-11-24',
        }),
        waitlist: true,
      });
      expect(waiting.json().reservation.status).toBe('waitlisted');
      const id = waiting.json().reservation._id;
      const notice = () =>
        db()
          .select()
          .from(staffNotifications)
          .where(eq(staffNotifications.dedupeKey, `waitlist:${id}`));
      expect(await notice()).toHaveLength(0);
      const out = await post('/boarding/hosteldeboarding', { boardingid: sold.json().visit.boardingId }, staff.token);
      expect(out.statusCode, out.body).toBe(200);
      expect(await notice()).toHaveLength(1);
    } finally {
      await db().update(visitTypes).set({ capacity: hostel.capacity }).where(eq(visitTypes.id, hostel.id));
    }
  });
});

describe('the deposit, the cancellation and the no-show', () => {
  it('a cash deposit is taken at once with a receipt, once per Idempotency-Key, and the ledger holds it', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(2);
    const body = {
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: pets.map((p) => p.id) }),
      notes: 'Bruno eats twice a day',
      deposit: { amount: 2000, selectedPayment: 'cash' },
    };
    const key = `res-${Math.random()}`;
    const first = await reserve(body, staff.token, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await reserve(body, staff.token, key);
    expect(again.statusCode).toBe(201);
    const made = reservationMoneyResponse.parse(first.json());
    expect(again.json().reservation._id).toBe(made.reservation._id);
    expect(made.message).toBe(`${M.created}. ${M.depositTaken(2000)}`);
    expect(made.payment).toMatchObject({ amount: 2000, status: 'completed', method: 'cash' });
    expect(made.payment!.receiptNo).toMatch(/^\d{4}-\d{2}\/\d+$/);
    expect(made.reservation).toMatchObject({ depositHeld: 2000, due: 4000, notes: 'Bruno eats twice a day' });
    const rows = await depositRows(made.reservation._id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ account: 'deposit', kind: 'payment', amountPaise: 200_000, ownerId: owner.id });
    expect(await db().select().from(reservations).where(eq(reservations.ownerId, owner.id))).toHaveLength(1);
    const detail = reservationDetailResponse.parse((await get(`/reservations/${made.reservation._id}`, staff.token)).json());
    expect(detail.ledger).toMatchObject([{ kind: 'payment', amount: 2000, description: 'Deposit received' }]);
    expect(detail.reservation.transitions.map((x) => x.action)).toEqual(['created', 'confirmed']);
    // More deposit, never beyond the price.
    const more = await act(made.reservation._id, 'deposit', { amount: 4001, selectedPayment: 'cash' });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(M.depositMoreThanPrice);
    const rest = await act(made.reservation._id, 'deposit', { amount: 4000, selectedPayment: 'cash' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().reservation).toMatchObject({ depositHeld: 6000, due: 0 });
  });

  it('a card deposit is held with what the provider captured, once; a link deposit waits and is voided on cancel', async () => {
    at(NOW.toISOString());
    const k = walletKit(t);
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1);
    const made = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }),
      deposit: { amount: 750, selectedPayment: 'card' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { order, payment, message, reservation } = made.json();
    expect(message).toBe(`${M.created}. ${M.depositOrderCreated}`);
    expect(payment).toBeNull();
    expect(order).toMatchObject({ amount: 75_000, currency: 'INR', provider: 'offline' });
    const result = await k.pay(order.id, staff.token);
    const verified = await k.verify(result, staff.token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().checkout).toMatchObject({ purpose: 'deposit', status: 'paid' });
    expect((await k.verify(result, staff.token)).statusCode).toBe(200);
    const rows = await depositRows(reservation._id);
    expect(rows.map((r) => [r.kind, r.status, r.method, r.amountPaise])).toEqual([['payment', 'completed', 'card', 75_000]]);
    const detail = (await get(`/reservations/${reservation._id}`, staff.token)).json().reservation;
    expect(detail).toMatchObject({ depositHeld: 750, due: 2250 });

    const link = await act(reservation._id, 'deposit', { amount: 500, selectedPayment: 'payment_link' });
    expect(link.statusCode, link.body).toBe(200);
    expect([M.depositLinkSent, M.depositLinkNoEmail]).toContain(link.json().message);
    expect(link.json().payment).toMatchObject({ status: 'pending', amount: 500 });
    expect(link.json().reservation).toMatchObject({ depositHeld: 750, depositPending: 500 });
    // Cancelled early: the card money goes back through the provider, the link is voided.
    const cancelled = await act(reservation._id, 'cancel', { reason: 'Dates changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refunds).toMatchObject([{ amount: 750, method: 'card' }]);
    const after = await depositRows(reservation._id);
    expect(after.find((r) => r.method === 'payment_link')?.status).toBe('void');
    expect(cancelled.json().reservation).toMatchObject({ status: 'cancelled', depositPending: 0 });
  });

  it('more than the free days before check-in, a cancellation refunds the whole deposit to the paisa', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1);
    const made = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }),
      deposit: { amount: 1234.56, selectedPayment: 'cash' },
    });
    const id = made.json().reservation._id;
    const quote = await get(`/reservations/${id}/cancel-quote`, staff.token);
    expect(quote.json().quote).toMatchObject({
      depositHeld: 1234.56,
      refund: 1234.56,
      kept: 0,
      free: true,
      freeUntil: '2026-11-22',
      freeCancellationDays: 2,
      message: M.refundsAll(1234.56),
    });
    const res = await act(id, 'cancel', { reason: 'Travel cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: M.cancelled, refunded: 1234.56 });
    expect(res.json().refunds[0].receiptNo).toMatch(/^R\//);
    expect(res.json().reservation).toMatchObject({ status: 'cancelled', cancelReason: 'Travel cancelled', depositHeld: 0 });
    const rows = await depositRows(id);
    expect(ledgerBalance(rows.filter((r) => r.account === 'deposit')).paidPaise).toBe(0);
    expect(rows.map((r) => [r.kind, r.amountPaise])).toEqual([
      ['payment', 123_456],
      ['refund', 123_456],
    ]);
    // Cancelled: not again, and never checked in.
    const twice = await act(id, 'cancel', { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.wrongState('Cancelled', 'cancelled'));
    at('2026-11-25T06:30:00Z');
    const checkIn = await act(id, 'check-in');
    expect(checkIn.statusCode).toBe(409);
    expect(checkIn.json().message).toBe(M.checkInCancelled);
  });

  it('within the free days the refund policy applies, and the quote says when it refunds nothing', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(2);
    const late = { checkInDate: '2026-11-21', checkOutDate: '2026-11-23' };
    // ₹6,000 reservation, ₹6,000 deposit: the policy keeps ₹5,000 (under ₹20,000) and refunds ₹1,000.
    const whole = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: pets.map((p) => p.id), ...late }),
      deposit: { amount: 6000, selectedPayment: 'cash' },
    });
    const wid = whole.json().reservation._id;
    expect((await get(`/reservations/${wid}/cancel-quote`, staff.token)).json().quote).toMatchObject({
      free: false,
      refund: 1000,
      kept: 5000,
      message: M.refundsPart(1000, 5000),
    });
    const res = await act(wid, 'cancel', { reason: 'Sick' });
    expect(res.json()).toMatchObject({ refunded: 1000 });
    const rows = await depositRows(wid);
    expect(ledgerBalance(rows).paidPaise).toBe(500_000);
    expect(res.json().reservation.depositHeld).toBe(5000);
    // A ₹2,000 deposit is all kept: the quote says so.
    const small = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: pets.map((p) => p.id), ...late }),
      deposit: { amount: 2000, selectedPayment: 'cash' },
    });
    const sid = small.json().reservation._id;
    expect((await get(`/reservations/${sid}/cancel-quote`, staff.token)).json().quote).toMatchObject({
      refund: 0,
      kept: 2000,
      message: M.refundsNothing,
    });
    const kept = await act(sid, 'cancel', { reason: 'Sick' });
    expect(kept.json()).toMatchObject({ refunded: 0, refunds: [] });
  });

  it('a no-show keeps the deposit; an admin’s waiver refunds it', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1);
    const made = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }),
      deposit: { amount: 1500, selectedPayment: 'cash' },
    });
    const id = made.json().reservation._id;
    const early = await act(id, 'no-show');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.noShowTooEarly('25 Nov 2026'));
    at('2026-11-25T13:30:00Z');
    const noShow = await act(id, 'no-show');
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json().reservation).toMatchObject({ status: 'no_show', depositHeld: 1500, due: 0 });
    const waived = await act(id, 'waive', { reason: 'Family emergency' }, admin.token);
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json()).toMatchObject({ message: M.waived, refunded: 1500 });
    expect(ledgerBalance(await depositRows(id)).paidPaise).toBe(0);
    const again = await act(id, 'waive', { reason: 'again' }, admin.token);
    expect(again.statusCode).toBe(409);
  });
});

describe('check-in and check-out', () => {
  it('check-in makes each pet’s stay (visit, boarding, charge) and applies the deposit; deboarding checks it out', async () => {
    at(NOW.toISOString());
    const hostel = await typeByCode(db(), 'hostel');
    await db().update(visitTypes).set({ capacity: null }).where(eq(visitTypes.id, hostel.id));
    const { owner, pets } = await ownerWithPets(2);
    const made = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: hostel.id, petIds: pets.map((p) => p.id) }),
      deposit: { amount: 1000, selectedPayment: 'cash' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().reservation._id;
    const price = made.json().reservation.price as number;
    expect(price).toBe((hostel.pricePaise / 100) * 3 * 2);

    const early = await act(id, 'check-in');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.checkInTooEarly('25 Nov 2026'));

    at('2026-11-25T05:00:00Z'); // 10:30 in Kolkata
    const key = `ci-${Math.random()}`;
    const res = await act(id, 'check-in', {}, staff.token, key);
    expect(res.statusCode, res.body).toBe(200);
    const again = await act(id, 'check-in', {}, staff.token, key);
    expect(again.statusCode).toBe(200);
    const r = res.json().reservation;
    expect(r).toMatchObject({ status: 'checked_in', depositHeld: 0, depositApplied: 1000, due: price - 1000 });
    const petRows = await db().select().from(reservationPets).where(eq(reservationPets.reservationId, id));
    expect(petRows.every((p) => p.boardingId && p.visitId)).toBe(true);
    const stays = await db()
      .select()
      .from(boardings)
      .where(
        inArray(
          boardings.id,
          petRows.map((p) => p.boardingId!),
        ),
      );
    expect(stays).toHaveLength(2);
    expect(stays.every((s) => s.isBoarded && s.numberOfDays === 3)).toBe(true);
    // The ledger: two charges at the price per pet; the deposit moved to the first stay's sale.
    const ledger = await db().select().from(payments).where(eq(payments.ownerId, owner.id));
    const charges = ledger.filter((e) => e.kind === 'charge');
    expect(charges.map((c) => c.amountPaise)).toEqual([(price * 100) / 2, (price * 100) / 2]);
    const sale = ledger.filter((e) => e.account === 'sale');
    expect(ledgerBalance(sale)).toMatchObject({ chargedPaise: price * 100, paidPaise: 100_000, duePaise: price * 100 - 100_000 });
    expect(ledgerBalance(ledger.filter((e) => e.account === 'deposit')).paidPaise).toBe(0);
    // The occupancy grid counts the stays, not the reservation twice.
    const grid = await get('/boarding/occupancy?from=2026-11-25&days=3', staff.token);
    expect(
      grid
        .json()
        .types.find((x: { _id: string }) => x._id === hostel.id)
        .booked.every((n: number) => n >= 2),
    ).toBe(true);
    // A checked-in reservation cannot be confirmed, cancelled or checked in again.
    const confirm = await act(id, 'confirm');
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(M.wrongState('Checked-in', 'confirmed'));

    // Check-out is the deboarding of every stay (settled at the desk).
    at('2026-11-27T05:00:00Z');
    for (const [i, s] of stays.entries()) {
      const due = ledgerBalance(
        (await db().select().from(payments).where(eq(payments.boardingId, s.id))).filter((e) => e.account === 'sale'),
      ).duePaise;
      const out = await post(
        '/boarding/hosteldeboarding',
        { boardingid: s.id, ...(due > 0 ? { payment: { method: 'cash', amount: due / 100 } } : {}) },
        staff.token,
      );
      expect(out.statusCode, out.body).toBe(200);
      const now = (await get(`/reservations/${id}`, staff.token)).json().reservation;
      expect(now.status).toBe(i === 0 ? 'checked_in' : 'checked_out');
    }
    const done = reservationDetailResponse.parse((await get(`/reservations/${id}`, staff.token)).json()).reservation;
    expect(done).toMatchObject({ status: 'checked_out', due: 0 });
    expect(done.pets.every((p) => p.deboarded)).toBe(true);
    expect(done.transitions.map((x) => x.action)).toEqual(['created', 'confirmed', 'checked_in', 'checked_out']);
  });
});

describe('check-in follows the boarding sale’s rules', () => {
  it('the admission rule refuses a dog without its core vaccinations until staff acknowledge it; nothing is written', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const owner = await makeOwner(db());
    const pet = await makePet(db(), { ownerId: owner.id, vaccinations: [] });
    const made = await reserve(
      stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pet.id], checkInDate: '2026-11-20', checkInTime: '13:00' }),
    );
    const id = made.json().reservation._id;
    const refused = await act(id, 'check-in');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ admissionRequired: true });
    expect(await db().select().from(boardings).where(eq(boardings.petId, pet.id))).toHaveLength(0);
    expect((await get(`/reservations/${id}`, staff.token)).json().reservation.status).toBe('confirmed');
    const ok = await act(id, 'check-in', { admissionAcknowledged: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const [b] = await db().select().from(boardings).where(eq(boardings.petId, pet.id));
    expect(b).toMatchObject({ isBoarded: true, numberOfDays: 8 });
    expect(b!.admissionAckBy).toBeTruthy();
  });
});

describe('the day lists, the calendar and the Today board', () => {
  it('lists a day’s arrivals and departures with what is owed, and the reservations of a range', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1);
    const made = await reserve({
      ...stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }),
      deposit: { amount: 500, selectedPayment: 'cash' },
    });
    const id = made.json().reservation._id;
    const day = reservationDayResponse.parse((await get('/reservations/day?date=2026-11-25', staff.token)).json());
    expect(day.arrivals.find((a) => a.reservationId === id)).toMatchObject({
      kind: 'reservation',
      status: 'confirmed',
      due: 2500,
      depositHeld: 500,
      owner: { _id: owner.id, name: 'Asha Rao' },
      pets: [{ _id: pets[0]!.id, name: 'Bruno' }],
    });
    const out = reservationDayResponse.parse((await get('/reservations/day?date=2026-11-27', staff.token)).json());
    expect(out.departures.find((a) => a.reservationId === id)).toMatchObject({ kind: 'reservation', due: 2500 });
    expect(out.arrivals.find((a) => a.reservationId === id)).toBeUndefined();

    const list = reservationListResponse.parse(
      (await get(`/reservations?from=2026-11-26&to=2026-11-26&visitTypeId=${type.id}`, staff.token)).json(),
    );
    expect(list.reservations.map((r) => r._id)).toEqual([id]);
    const none = await get(`/reservations?from=2026-11-28&to=2026-12-05&visitTypeId=${type.id}`, staff.token);
    expect(none.json().reservations).toEqual([]);
    const wide = await get('/reservations?from=2026-11-01&to=2027-01-15', staff.token);
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(M.rangeTooWide);

    at('2026-11-25T04:00:00Z');
    const board = await get('/dashboard/today', staff.token);
    expect(board.json().arrivals.expected).toBeGreaterThanOrEqual(1);
  });
});

describe('emails', () => {
  it('a confirmation when confirmed, and one reminder the day before check-in from the daily jobs', async () => {
    at(NOW.toISOString());
    const type = await kennels(null);
    const { owner, pets } = await ownerWithPets(1, 'asha@example.in');
    const made = await reserve(stay({ ownerId: owner.id, visitTypeId: type.id, petIds: [pets[0]!.id] }));
    const id = made.json().reservation._id;
    const mail = (kind: string) =>
      db()
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `${kind}:${id}`));
    const confirmation = await mail('reservation_confirmed');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]).toMatchObject({ toAddress: 'asha@example.in', status: 'queued' });
    expect(confirmation[0]!.body).toContain('3 days: 25 Nov to 27 Nov');
    expect(await mail('reservation_reminder')).toHaveLength(0);
    const clock = (iso: string) =>
      t.call({ method: 'POST', url: '/api/v1/test/clock', token: admin.token, payload: { at: iso } });
    // 23 Nov: not yet.
    expect((await clock('2026-11-23T06:30:00Z')).statusCode).toBe(200);
    expect(await mail('reservation_reminder')).toHaveLength(0);
    // 24 Nov, twice: one reminder.
    await clock('2026-11-24T03:30:00Z');
    await clock('2026-11-24T10:30:00Z');
    const reminder = await mail('reservation_reminder');
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.subject).toContain('See you tomorrow');
    const row = (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
    expect(row.reminderSentOn).toBe('2026-11-24');
  });
});
