import { DEBOARD_MESSAGES as M } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { boardingRow, stayLedger, useDeboardTest } from '../../../test/deboard-kit.ts';
import { rowCount } from '../../../test/payments-fixtures.ts';

/** The deboarding endpoints' happy paths, the boarded-pets list and every refusal (nothing written). */
const { t, staff, customer, types, db, get, board, subscribed, details, deboard, settle } = useDeboardTest();

const UNKNOWN = '0123456789abcdef01234567';
const list = (query: string, token = staff.token) => get(`/pet/getboardedpetslist/?${query}`, token);

describe('GET /pet/getboardedpetslist/?type=', () => {
  it('lists a category’s boardings, boarded first then newest, with pet, owner and phone', async () => {
    const a = await school();
    const b = await school();
    const c = await school();
    expect((await deboard('playschooldeboarding', { boardingid: b.boardingId })).statusCode).toBe(200);
    const res = await list(`type=${types.play_school!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.boardedPetList.map((r: { _id: string }) => r._id)).toEqual([c.boardingId, a.boardingId, b.boardingId]);
    expect(body.boardedPetList[0]).toMatchObject({
      _id: c.boardingId,
      isBoarded: true,
      exitTime: null,
      numberOfDays: 1,
      petId: { _id: c.petId, name: 'Coco', owner: { name: 'Test Owner' } },
      boardingType: { _id: types.play_school!.id, purpose: 'Play School', code: 'play_school' },
    });
    expect(body.boardedPetList[0].petId.owner.phone).toMatch(/^9\d{9}$/);
    expect(body.boardedPetList[2]).toMatchObject({ isBoarded: false });
    expect(body.boardedPetList[2].exitTime).toEqual(expect.any(String));
  });

  it('pages with limit and nextCursor in the same order; without limit answers everything (up to 500)', async () => {
    const all = (await list(`type=${types.play_school!.id}`)).json().boardedPetList.map((r: { _id: string }) => r._id);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `type=${types.play_school!.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await list(q)).json();
      expect(page.boardedPetList.length).toBeLessThanOrEqual(2);
      paged.push(...page.boardedPetList.map((r: { _id: string }) => r._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it('404 for an unknown type, 400 for a type that does not board, a malformed id, limit or cursor; staff only', async () => {
    expect((await list(`type=${UNKNOWN}`)).statusCode).toBe(404);
    const vet = await list(`type=${types.veterinary!.id}`);
    expect(vet.statusCode).toBe(400);
    expect(vet.json().message).toBe('This visit type is not a boarding category');
    expect((await list('type=abc')).statusCode).toBe(400);
    expect((await list('')).json().message).toBe(M.categoryMissing);
    expect((await list(`type=${types.hostel!.id}&limit=101`)).statusCode).toBe(400);
    expect((await list(`type=${types.hostel!.id}&cursor=garbage`)).statusCode).toBe(400);
    expect((await list(`type=${types.hostel!.id}`, customer.token)).statusCode).toBe(403);
    expect((await get(`/pet/getboardedpetslist/?type=${types.hostel!.id}`)).statusCode).toBe(401);
  });
});

/** A pet on a Play School subscription, boarded. */
async function school() {
  const { petId, plan } = await subscribed('play_school');
  return board('play_school', { planId: plan.id }, petId);
}

describe('POST /boarding/getboardingdetails', () => {
  it('answers the stay as the existing client reads it, with the quote (nothing due for a paid stay)', async () => {
    const s = await board('hostel', { days: 2 });
    const res = await details(s.boardingId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      actualnumberOfDays: 1,
      boardingDetails: {
        _id: s.boardingId,
        petId: s.petId,
        numberOfDays: 2,
        isBoarded: true,
        exitTime: null,
        boardingType: { _id: types.hostel!.id, price: 1000, purpose: 'Hostel', code: 'hostel' },
        visitId: {
          _id: s.visitId,
          details: {
            paymentLeft: 0,
            finalPrice: 2000,
            isSubscriptionAvailed: false,
            payment: { remainingAmount: 0, isRemainingPaid: true },
          },
        },
        admission: null,
      },
      deboard: {
        actualDays: 1,
        bookedDays: 2,
        extraDays: 0,
        extraCharge: 0,
        charged: 2000,
        paid: 2000,
        due: 0,
        canDeboard: true,
      },
    });
    expect(typeof body.boardingDetails.petId).toBe('string');
  });

  it('partial payment: the rest is due and deboarding is refused until it is paid', async () => {
    const s = await board('day_care', { days: 3, paymentType: 'partial_payment', paymentLeft: 1000 });
    const q = (await details(s.boardingId)).json();
    expect(q.boardingDetails.visitId.details).toMatchObject({
      paymentLeft: 1000,
      payment: { remainingAmount: 1000, isRemainingPaid: false },
    });
    expect(q.deboard).toMatchObject({ charged: 3000, paid: 2000, due: 1000, canDeboard: false });
  });

  it('400 for a missing or malformed id, 404 for an unknown one; staff only', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/boarding/getboardingdetails', payload: {}, token: staff.token })).json()
        .message,
    ).toBe(M.boardingMissing);
    expect((await details('abc')).statusCode).toBe(400);
    expect((await details(UNKNOWN)).statusCode).toBe(404);
    const s = await board('dog_park');
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/boarding/getboardingdetails',
          payload: { _id: s.boardingId },
          token: customer.token,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the deboarding endpoints', () => {
  it.each([
    ['hosteldeboarding', 'hostel'],
    ['daycaredeboarding', 'day_care'],
    ['daycaredeboarding', 'dog_park'],
    ['/deboard/dogparkdeboarding', 'dog_park'],
  ] as const)('%s deboards a paid %s stay directly', async (path, kind) => {
    const s = await board(kind);
    const res = await deboard(path, { boardingid: s.boardingId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Pet deboarded successfully',
      boarding: { _id: s.boardingId, isBoarded: false, actualDays: 1, extraDays: 0, extraCharge: 0, subscriptionDaysUsed: 0 },
      payment: null,
      subscription: null,
    });
    const row = await boardingRow(db(), s.boardingId);
    expect(row).toMatchObject({ isBoarded: false, deboardedBy: staff.id, extraDays: 0 });
    expect(row.exitTime?.toISOString()).toBe(res.json().boarding.exitTime);
    // A closed boarding answers as of its exit.
    expect((await details(s.boardingId)).json().deboard).toMatchObject({ canDeboard: false, due: 0 });
  });

  it('a balance (after service) is paid by exact cash while deboarding, with a receipt; the ledger balances', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment).toMatchObject({ amount: 2000, status: 'completed', method: 'cash' });
    expect(res.json().payment.receiptNo).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    const { balance } = await stayLedger(db(), s.boardingId, s.visitId);
    expect(balance).toMatchObject({ chargedPaise: 200000, paidPaise: 200000, duePaise: 0, creditPaise: 0 });
  });

  it('409 with the amount while anything is due; nothing written', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const before = await rowCount(db(), 'payments');
    const res = await deboard('hosteldeboarding', { boardingid: s.boardingId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: '₹2,000.00 is due before Bruno can leave', due: 2000 });
    expect(await rowCount(db(), 'payments')).toBe(before);
    expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(true);
  });

  it('cash must be exactly what is due (400 payExactly / moreThanDue); nothing written', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const before = await rowCount(db(), 'payments');
    const less = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 1999 } });
    expect(less.statusCode).toBe(400);
    expect(less.json().message).toBe(M.payExactly('₹2,000.00'));
    const more = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'cash', amount: 2000.01 } });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(M.moreThanDue('₹2,000.00'));
    const card = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment: { method: 'card', amount: 2000 } });
    expect(card.statusCode).toBe(400);
    expect(await rowCount(db(), 'payments')).toBe(before);
    expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(true);
  });

  it('refuses an unknown boarding (404), a closed one (409) and another category’s endpoint (400)', async () => {
    expect((await deboard('hosteldeboarding', { boardingid: UNKNOWN })).statusCode).toBe(404);
    expect((await deboard('hosteldeboarding', { boardingid: 'abc' })).statusCode).toBe(400);
    expect((await deboard('hosteldeboarding', {})).json().message).toBe(M.boardingMissing);
    const s = await board('hostel');
    for (const path of ['daycaredeboarding', 'dayschooldeboarding', 'playschooldeboarding', '/deboard/dogparkdeboarding']) {
      const res = await deboard(path, { boardingid: s.boardingId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This is a Hostel boarding; deboard it from Hostel');
    }
    expect((await deboard('hosteldeboarding', { boardingid: s.boardingId })).statusCode).toBe(200);
    const again = await deboard('hosteldeboarding', { boardingid: s.boardingId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDeboarded);
    const settled = await settle({ boardingid: s.boardingId });
    expect(settled.statusCode).toBe(409);
  });

  it('bad input is a 400 with a message and writes nothing', async () => {
    const s = await board('hostel', { days: 2, paymentType: 'payment_after_service' });
    const before = await rowCount(db(), 'payments');
    for (const payment of [
      { method: 'cash', amount: -1 },
      { method: 'cash', amount: 'x' },
      { method: 'cash', amount: 1.234 },
      'cash',
      [1],
    ]) {
      const res = await deboard('hosteldeboarding', { boardingid: s.boardingId, payment });
      expect(res.statusCode, JSON.stringify(payment)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const body of [
      { boardingid: s.boardingId, method: 'bitcoin' },
      { boardingid: s.boardingId, method: 'cash', amount: -5 },
      { method: 'card' },
    ]) {
      const res = await settle(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await settle({ method: 'card' })).json().message).toBe(M.boardingMissing);
    expect(await rowCount(db(), 'payments')).toBe(before);
    expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(true);
  });

  it('is for staff: 401 anonymous, 403 customer', async () => {
    const s = await board('dog_park');
    expect(
      (await t.call({ method: 'POST', url: '/api/v1/boarding/daycaredeboarding', payload: { boardingid: s.boardingId } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/api/v1/boarding/daycaredeboarding',
          payload: { boardingid: s.boardingId },
          token: customer.token,
        })
      ).statusCode,
    ).toBe(403);
    expect((await boardingRow(db(), s.boardingId)).isBoarded).toBe(true);
  });
});
