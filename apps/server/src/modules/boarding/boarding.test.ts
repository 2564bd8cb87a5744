import { beforeAll, describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { activeBoardings, ledgerOfPet, typeByCode, useVisitTest, type VisitTypeRow } from '../../../test/visit-kit.ts';

const { staff, customer, db, post } = useVisitTest();

let hostel: VisitTypeRow;
let dogPark: VisitTypeRow;
beforeAll(async () => {
  hostel = await typeByCode(db(), 'hostel');
  dogPark = await typeByCode(db(), 'dog_park');
});

const check = (petId: unknown, token: string | undefined = staff.token) => post('/boarding/checkboarding', { _id: petId }, token);
const board = (petId: string) =>
  post(
    '/visit/addhostelvisit',
    {
      petId,
      visitType: hostel.id,
      details: {
        numberOfDays: 2,
        finalPrice: 2000,
        paymentLeft: 0,
        selectedPaymentType: 'advance_payment',
        selectedPayment: 'cash',
      },
    },
    staff.token,
  );

describe('POST /boarding/checkboarding', () => {
  it('answers no boardingDetails key when the pet is not boarded', async () => {
    const p = await makePet(db());
    const res = await check(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'The pet is not boarded' });
  });

  it('answers the active boarding with boardingType.purpose, entry time, days, pet and visit', async () => {
    const p = await makePet(db());
    const saved = (await board(p.id)).json();
    const res = await check(p.id);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      success: true,
      message: 'The pet is already boarded in Hostel',
      boardingDetails: {
        _id: saved.visit.boardingId,
        petId: p.id,
        visitId: saved.visit._id,
        boardingType: { _id: hostel.id, purpose: 'Hostel', code: 'hostel' },
        numberOfDays: 2,
        isBoarded: true,
        isSubscriptionAvailed: false,
        subscriptionId: null,
      },
    });
    expect(new Date(json.boardingDetails.entryTime).toISOString()).toBe(json.boardingDetails.entryTime);
  });

  it('400 for a missing or malformed pet id, 404 for an unknown pet, 401 anonymous, 403 customer', async () => {
    const p = await makePet(db());
    expect((await post('/boarding/checkboarding', {}, staff.token)).json().message).toBe(
      'A pet must be selected. Please select a pet before proceeding.',
    );
    expect((await check('abc')).statusCode).toBe(400);
    expect((await check('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await post('/boarding/checkboarding', { _id: p.id })).statusCode).toBe(401);
    expect((await check(p.id, customer.token)).statusCode).toBe(403);
  });
});

describe('concurrent boarding visits for one pet', () => {
  it('10 at once: exactly one 201 and nine 409, one boarding, one charge, one payment', async () => {
    const p = await makePet(db());
    const requests = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? board(p.id)
        : post(
            '/visit/adddogparkvisit',
            { petId: p.id, visitType: dogPark.id, details: { discount: 0, price: 350, selectedPayment: 'cash' } },
            staff.token,
          ),
    );
    const res = await Promise.all(requests);
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const won = res.find((r) => r.statusCode === 201)!.json();
    for (const r of res.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(`The pet is already boarded in ${won.visit.purpose}`);
    }
    expect(await activeBoardings(db(), p.id)).toHaveLength(1);
    const ledger = await ledgerOfPet(db(), p.id);
    expect(ledger.filter((e) => e.kind === 'charge')).toHaveLength(1);
    expect(ledger.filter((e) => e.kind === 'payment')).toHaveLength(1);
  });
});

describe('POST /boarding/checkboarding: what is not found', () => {
  it('names the pet in the 404', async () => {
    const res = await check('0123456789abcdef01234567');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pet not found');
  });
});
