import { addDays, type TakingsResponse, type TodayBoardResponse } from '@pawdesk/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { visitTypes } from '../../db/schema/index.ts';
import { useDeboardTest } from '../../../test/deboard-kit.ts';
import { makeItem, makePet } from '../../../test/factories.ts';
import { scheduleFollowUp } from '../followups/followups.service.ts';

/** GET /dashboard/today: the Today board's figures against the data seeded here (issue 17 "Today board"). */
const { t, staff, customer, types, db, post, get, board } = useDeboardTest();
const DAY = '2026-10-15';
const at = (date: string) => new Date(`${date}T05:00:00Z`); // 10:30 in Kolkata

const today = async (token = staff.token) => {
  const res = await get('/dashboard/today', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TodayBoardResponse;
};

describe('GET /dashboard/today', () => {
  it('an empty day: zeros, every boarding type, 30 chart days ending today', async () => {
    t.clock.set(at('2026-10-01'));
    const b = await today();
    expect(b.today).toBe('2026-10-01');
    expect(b.inHouse.map((r) => r.pets)).toEqual(b.inHouse.map(() => 0));
    expect(b.inHouse.map((r) => r.code)).toContain('hostel');
    expect(b.departures).toEqual({ dueToday: 0, overdue: 0 });
    expect(b.followUps).toEqual({ total: 0, present: 0, absent: 0, unmarked: 0 });
    expect(b.takings).toEqual({ received: 0, charged: 0 });
    expect(b.chart.dates).toHaveLength(30);
    expect(b.chart.dates[0]).toBe('2026-09-02');
    expect(b.chart.dates.at(-1)).toBe('2026-10-01');
    expect(b.chart.purposes).toEqual([]);
    expect(b.chart.totals).toEqual(Array(30).fill(0));
  });

  it('counts pets in house, departures, follow-ups with attendance, vaccinations, low stock, takings and the chart', async () => {
    await db().update(visitTypes).set({ capacity: 8 }).where(eq(visitTypes.code, 'hostel'));
    // Two days ago: a one-night hostel stay still boarded (overdue today) and a shop-free vet visit.
    t.clock.set(at(addDays(DAY, -2)));
    await board('hostel', { days: 1 });
    const early = await makePet(db());
    const vet = await post(
      '/visit/addveterinaryvisit',
      {
        petId: early.id,
        visitType: types.veterinary!.id,
        customerType: 'NGO',
        details: { discount: 0, finalPrice: 300, selectedPayment: 'cash' },
      },
      staff.token,
    );
    expect(vet.statusCode, vet.body).toBe(201);

    // Today: two hostel stays (one ends today), a dog park day (ends today), a day care stay of 3 days.
    t.clock.set(at(DAY));
    await board('hostel', { days: 1 });
    await board('hostel', { days: 4 });
    await board('dog_park');
    await board('day_care', { days: 3, paymentType: 'payment_after_service' });

    // Follow-ups today: three, one marked present and one absent.
    const pets = await Promise.all([makePet(db()), makePet(db()), makePet(db())]);
    const ids = [];
    for (const p of pets)
      ids.push(await scheduleFollowUp(db(), { petId: p.id, date: DAY, time: '10:00', purpose: 'Check-up', source: 'visit' }));
    const marked = await post(
      '/attendance/updateattendancelist',
      { date: DAY, presentIds: [ids[0]], absentIds: [ids[1]] },
      staff.token,
    );
    expect(marked.statusCode, marked.body).toBe(200);

    // Vaccinations: one due today, one overdue.
    await makePet(db(), { vaccinations: [{ name: 'Rabies', numberOfDose: 2, nextDue: DAY }] });
    await makePet(db(), { vaccinations: [{ name: 'DHPP', numberOfDose: 2, nextDue: addDays(DAY, -5) }] });
    // Low stock: two items at or below their reorder level, one above.
    await makeItem(db(), { stock: 3, reorderLevel: 10 });
    await makeItem(db(), { stock: 10, reorderLevel: 10 });
    await makeItem(db(), { stock: 50, reorderLevel: 10 });

    const b = await today();
    const inHouse = Object.fromEntries(b.inHouse.map((r) => [r.code, r]));
    expect(inHouse.hostel).toMatchObject({ purpose: 'Hostel', pets: 3, capacity: 8 });
    expect(inHouse.dog_park!.pets).toBe(1);
    expect(inHouse.day_care!.pets).toBe(1);
    expect(b.departures).toEqual({ dueToday: 2, overdue: 1 });
    expect(b.followUps).toEqual({ total: 3, present: 1, absent: 1, unmarked: 1 });
    expect(b.vaccinations).toMatchObject({ dueToday: 1, overdue: 1, truncated: false });
    expect(b.alerts).toEqual({ lowStock: 2, more: false });

    // Today's takings: the takings endpoint's figures for the day.
    const day = (await get(`/payments/takings?date=${DAY}`, staff.token)).json() as TakingsResponse;
    expect(b.takings).toEqual({ received: day.received, charged: day.charged });
    const hostel = types.hostel!.pricePaise / 100;
    const dayCare = types.day_care!.pricePaise / 100;
    const dogPark = types.dog_park!.pricePaise / 100;
    expect(b.takings.charged).toBe(hostel * 5 + dogPark + dayCare * 3);
    expect(b.takings.received).toBe(hostel * 5 + dogPark); // the day care stay is paid after the service

    // The chart: today's sales by purpose in the last column, the vet visit two days back.
    expect(b.chart.dates.at(-1)).toBe(DAY);
    const series = Object.fromEntries(b.chart.purposes.map((p) => [p.purpose, p]));
    expect(series.Hostel!.amounts.at(-1)).toBe(hostel * 5);
    expect(series.Hostel!.amounts.at(-3)).toBe(hostel);
    expect(series.Veterinary!.amounts.at(-3)).toBe(300);
    expect(series['Day Care']!.total).toBe(dayCare * 3);
    expect(b.chart.totals.at(-1)).toBe(b.takings.charged);
    expect(b.chart.totals.at(-3)).toBe(hostel + 300);
    expect(b.chart.purposes.map((p) => p.total)).toEqual([...b.chart.purposes.map((p) => p.total)].sort((x, y) => y - x));
  });

  it('staff only', async () => {
    expect((await get('/dashboard/today', customer.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/v1/dashboard/today' })).statusCode).toBe(401);
  });
});
