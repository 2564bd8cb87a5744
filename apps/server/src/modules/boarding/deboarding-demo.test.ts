import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';

/** The demo's open boardings, as the Deboard page shows them. */
const { t, types, db, get, staff, details } = useDeboardTest();

const openOf = async (code: string) => {
  const res = (await get(`/pet/getboardedpetslist/?type=${types[code]!.id}`, staff.token)).json();
  return res.boardedPetList.filter((r: { isBoarded: boolean }) => r.isBoarded) as { _id: string }[];
};
const quoteOf = async (id: string) => (await details(id)).json().deboard;

describe('demo boardings', () => {
  it('a hostel stay with 2 extra days, day care after service, a dog park card balance, a day school subscription stay', async () => {
    expect(await seedDemo(db(), t.config.tz)).toBe(true);
    const [hostel] = await openOf('hostel');
    expect(await quoteOf(hostel!._id)).toMatchObject({
      actualDays: 4,
      bookedDays: 2,
      extraDays: 2,
      extraCharge: 2000,
      paid: 2000,
      due: 2000,
    });
    const [dayCare] = await openOf('day_care');
    expect(await quoteOf(dayCare!._id)).toMatchObject({ charged: 1000, paid: 0, due: 1000 });
    const [dogPark] = await openOf('dog_park');
    expect(await quoteOf(dogPark!._id)).toMatchObject({ charged: 350, due: 350, pending: 350 });
    const [daySchool] = await openOf('day_school');
    expect(await quoteOf(daySchool!._id)).toMatchObject({
      due: 0,
      canDeboard: true,
      subscription: { daysLeft: 20, daysUsed: 1 },
    });
  });
});
