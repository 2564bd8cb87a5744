import { OCCUPANCY_MSG, occupancyResponse } from '@pawdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boardings, payments, visits } from '../../db/schema/index.ts';
import { makePet, makeVisitType } from '../../../test/factories.ts';
import type { TestUser } from '../../../test/harness.ts';
import { typeByCode, useVisitTest, type VisitTypeRow } from '../../../test/visit-kit.ts';

/** Capacity and occupancy (issue 11): the numbers of GET /boarding/occupancy and the 409 of a full type. */
const { t, staff, customer, db, post, get } = useVisitTest();
let admin: TestUser;
let hostel: VisitTypeRow;
beforeAll(async () => {
  admin = await t.user('staff', { isAdmin: true });
  hostel = await typeByCode(db(), 'hostel');
});
afterEach(() => t.clock.set(null));

/** Cats: the admission rule (dogs only) stays out of these tests. */
const cat = () => makePet(db(), { species: 'Cat', breed: 'Persian', name: 'Misty' });
const boardHostel = (petId: string) =>
  post(
    '/visit/addhostelvisit',
    {
      petId,
      visitType: hostel.id,
      admissionAcknowledged: true,
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
const setCapacity = async (capacity: number | null) => {
  const res = await t.call({
    method: 'PATCH',
    url: `/api/v1/admin/visit-types/${hostel.id}`,
    token: admin.token,
    payload: { capacity },
  });
  expect(res.statusCode).toBe(200);
};
const activeHostel = async () =>
  (
    await db()
      .select()
      .from(boardings)
      .where(and(eq(boardings.visitTypeId, hostel.id), eq(boardings.isBoarded, true)))
  ).length;

describe('GET /boarding/occupancy', () => {
  /** A stay of the test type entered at `entry` (ISO instant); `exit` null = still boarded. */
  async function stay(typeId: string, entry: string, days: number, exit: string | null) {
    const p = await cat();
    await db()
      .insert(boardings)
      .values({
        petId: p.id,
        visitTypeId: typeId,
        entryTime: new Date(entry),
        numberOfDays: days,
        isBoarded: exit === null,
        exitTime: exit ? new Date(exit) : null,
      });
  }

  it('counts each stay on its days in the business time zone: booked days, overstays until today, deboarded stays', async () => {
    const type = await makeVisitType(db(), { isBoarding: true, capacity: 3, purpose: 'Cattery' });
    t.clock.set(new Date('2026-03-10T06:30:00Z')); // 12:00 in Kolkata, 10 Mar
    await stay(type.id, '2026-03-09T05:00:00Z', 3, null); // booked 9–11 Mar, still boarded
    await stay(type.id, '2026-03-05T05:00:00Z', 2, null); // booked 5–6 Mar, stays on: counts to today, not after
    await stay(type.id, '2026-03-08T05:00:00Z', 5, '2026-03-09T12:00:00Z'); // booked 5 days, left on 9 Mar
    // 00:15 to 23:50 on 7 Mar in Kolkata: 6–7 Mar in UTC, one day here.
    await stay(type.id, '2026-03-06T18:45:00Z', 1, '2026-03-07T18:20:00Z');
    await stay(type.id, '2026-01-01T05:00:00Z', 2, '2026-01-03T05:00:00Z'); // long gone
    // Left this morning: counts on 9 Mar, not today, where its place is free again (as the capacity rule counts).
    await stay(type.id, '2026-03-09T04:00:00Z', 3, '2026-03-10T04:00:00Z');

    const res = await get('/boarding/occupancy?from=2026-03-05&days=8', staff.token);
    expect(res.statusCode).toBe(200);
    const body = occupancyResponse.parse(res.json());
    expect(body).toMatchObject({ today: '2026-03-10', from: '2026-03-05' });
    expect(body.dates).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    const row = body.types.find((x) => x._id === type.id);
    expect(row).toEqual({ _id: type.id, purpose: 'Cattery', code: type.code, capacity: 3, booked: [1, 1, 2, 2, 4, 2, 1, 0] });
    // The spec's boarding types are listed too, in the Deboard screen's order, with their capacities.
    expect(body.types.slice(0, 5).map((x) => [x.code, x.capacity])).toEqual([
      ['dog_park', 30],
      ['day_school', 20],
      ['play_school', 20],
      ['hostel', 20],
      ['day_care', 25],
    ]);
  });

  it('an entry just after midnight in the business time zone counts on that day, not the UTC one', async () => {
    const type = await makeVisitType(db(), { isBoarding: true });
    t.clock.set(new Date('2026-06-01T19:00:00Z')); // 00:30 on 2 Jun in Kolkata, still 1 Jun in UTC
    await stay(type.id, '2026-06-01T19:00:00Z', 1, null);
    const body = (await get('/boarding/occupancy?from=2026-06-01&days=3', staff.token)).json();
    expect(body.today).toBe('2026-06-02');
    expect(body.types.find((x: { _id: string }) => x._id === type.id).booked).toEqual([0, 1, 0]);
  });

  it('from defaults to today and days to 14; a stay sold now shows today', async () => {
    const before = (await get('/boarding/occupancy', staff.token)).json();
    expect(before.from).toBe(t.clock.today());
    expect(before.dates).toHaveLength(14);
    const p = await cat();
    expect((await boardHostel(p.id)).statusCode).toBe(201);
    const after = (await get('/boarding/occupancy?days=1', staff.token)).json();
    const booked = (b: typeof before) => b.types.find((x: { code: string }) => x.code === 'hostel').booked[0];
    expect(booked(after)).toBe(booked(before) + 1);
  });

  it.each([
    ['days=0', 'Days must be a whole number from 1 to 31'],
    ['days=32', 'Days must be a whole number from 1 to 31'],
    ['days=1.5', 'Days must be a whole number from 1 to 31'],
    ['days=abc', 'Days must be a whole number from 1 to 31'],
    ['from=2026-02-30', 'Invalid date (expected yyyy-MM-dd)'],
    ['from=1999-12-31', 'From must be a date between 2000-01-01 and 2999-12-31'],
  ])('%s is a 400 with a clear message', async (query, message) => {
    const res = await get(`/boarding/occupancy?${query}`, staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('31 days is the most; staff only (401 anonymous, 403 customer)', async () => {
    expect((await get('/boarding/occupancy?days=31', staff.token)).json().dates).toHaveLength(31);
    expect((await get('/boarding/occupancy')).statusCode).toBe(401);
    expect((await get('/boarding/occupancy', customer.token)).statusCode).toBe(403);
  });
});

describe('capacity of a boarding type', () => {
  it('a boarding beyond capacity is a 409 with the numbers and saves nothing; lowering below occupancy is allowed', async () => {
    try {
      await setCapacity((await activeHostel()) + 1);
      const taken = await activeHostel();
      expect((await boardHostel((await cat()).id)).statusCode).toBe(201);
      const late = await cat();
      const refused = await boardHostel(late.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        success: false,
        message: `Hostel is full: ${taken + 1} of ${taken + 1} places are taken`,
      });
      expect(await db().select().from(visits).where(eq(visits.petId, late.id))).toHaveLength(0);
      expect(await db().select().from(payments).where(eq(payments.petId, late.id))).toHaveLength(0);
      expect(await db().select().from(boardings).where(eq(boardings.petId, late.id))).toHaveLength(0);

      // An admin lowers it below the pets boarded now: allowed; new boardings wait for room.
      await setCapacity(1);
      expect((await boardHostel(late.id)).json().message).toBe(OCCUPANCY_MSG.full('Hostel', taken + 1, 1));
      // No limit.
      await setCapacity(null);
      expect((await boardHostel(late.id)).statusCode).toBe(201);
    } finally {
      await setCapacity(20);
    }
  });

  it('the message agrees in number: "1 of 1 place is taken", "20 of 20 places are taken"', () => {
    expect(OCCUPANCY_MSG.full('Hostel', 1, 1)).toBe('Hostel is full: 1 of 1 place is taken');
    expect(OCCUPANCY_MSG.full('Hostel', 20, 20)).toBe('Hostel is full: 20 of 20 places are taken');
    expect(OCCUPANCY_MSG.full('Hostel', 0, 0)).toBe('Hostel is full: 0 of 0 places are taken');
  });

  it.skipIf(!process.env.DATABASE_URL)('5 pets racing for the last place: exactly one is boarded', async () => {
    try {
      const before = await activeHostel();
      await setCapacity(before + 1);
      const pets = await Promise.all(Array.from({ length: 5 }, () => cat()));
      const res = await Promise.all(pets.map((p) => boardHostel(p.id)));
      expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
      for (const r of res.filter((x) => x.statusCode === 409)) {
        expect(r.json().message).toBe(`Hostel is full: ${before + 1} of ${before + 1} places are taken`);
      }
      expect(await activeHostel()).toBe(before + 1);
    } finally {
      await setCapacity(20);
    }
  });
});
