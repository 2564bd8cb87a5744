import type { TodayBoardResponse } from '@pawdesk/shared';
import { chartDates } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { chartBars, chartSeries, chartSummary, todayTiles } from './today-board';

const dates = chartDates('2026-10-15');
const zeros = () => dates.map(() => 0);
const withDay = (i: number, v: number) => zeros().map((x, d) => (d === i ? v : x));

function board(over: Partial<TodayBoardResponse> = {}): TodayBoardResponse {
  return {
    success: true,
    today: '2026-10-15',
    inHouse: [
      { _id: 'a', purpose: 'Hostel', code: 'hostel', pets: 8, capacity: 8 },
      { _id: 'b', purpose: 'Day Care', code: 'day_care', pets: 2, capacity: null },
      { _id: 'c', purpose: 'Dog Park', code: 'dog_park', pets: 0, capacity: 30 },
    ],
    departures: { dueToday: 2, overdue: 1 },
    followUps: { total: 3, present: 1, absent: 1, unmarked: 1 },
    vaccinations: { dueToday: 1, overdue: 4, truncated: false },
    alerts: { lowStock: 100, more: true },
    takings: { received: 1250.5, charged: 2000 },
    chart: { dates, purposes: [], totals: zeros() },
    ...over,
  };
}

describe('the Today tiles', () => {
  it('count, link and flag what needs doing', () => {
    const tiles = Object.fromEntries(todayTiles(board()).map((t) => [t.key, t]));
    expect(tiles['in-house']).toMatchObject({
      value: '10',
      detail: 'Hostel 8/8 · Day Care 2',
      to: '/staff/occupancy',
      attention: true,
    });
    expect(tiles.departures).toMatchObject({
      value: '2',
      detail: '1 past their last day',
      to: '/staff/deboard',
      attention: true,
    });
    expect(tiles['follow-ups']).toMatchObject({
      value: '1/3',
      detail: '1 present, 1 absent, 1 to mark',
      to: '/staff/attendance',
    });
    expect(tiles.vaccinations).toMatchObject({ value: '1', detail: '4 overdue', to: '/staff/reminders?tab=vaccinations' });
    expect(tiles.alerts).toMatchObject({ value: '100+', to: '/staff/alertlist', attention: true });
    expect(tiles.takings).toMatchObject({ value: '₹1,250.50', detail: 'sales ₹2,000.00', to: '/staff/takings' });
  });

  it('arrivals (issue 18): reservations to check in today, when the server counts them', () => {
    expect(todayTiles(board()).map((t) => t.key)).not.toContain('arrivals');
    const tiles = Object.fromEntries(todayTiles(board({ arrivals: { expected: 2, checkedIn: 1 } })).map((t) => [t.key, t]));
    expect(tiles.arrivals).toMatchObject({
      value: '1/3',
      detail: '2 reservations to check in',
      to: '/staff/reservations',
      attention: true,
    });
    const done = Object.fromEntries(todayTiles(board({ arrivals: { expected: 0, checkedIn: 2 } })).map((t) => [t.key, t]));
    expect(done.arrivals).toMatchObject({ value: '2/2', detail: 'all checked in', attention: false });
    const none = Object.fromEntries(todayTiles(board({ arrivals: { expected: 0, checkedIn: 0 } })).map((t) => [t.key, t]));
    expect(none.arrivals).toMatchObject({ value: '0/0', detail: 'no reservations today' });
  });

  it('a quiet day', () => {
    const tiles = Object.fromEntries(
      todayTiles(
        board({
          inHouse: [],
          departures: { dueToday: 0, overdue: 0 },
          followUps: { total: 0, present: 0, absent: 0, unmarked: 0 },
          vaccinations: { dueToday: 0, overdue: 0, truncated: false },
          alerts: { lowStock: 0, more: false },
        }),
      ).map((t) => [t.key, t]),
    );
    expect(tiles['in-house']).toMatchObject({ value: '0', detail: 'No boarding types', attention: false });
    expect(tiles['follow-ups']).toMatchObject({ value: '0', detail: 'none scheduled', attention: false });
    expect(tiles.alerts).toMatchObject({ value: '0', detail: 'stock is fine', attention: false });
  });
});

describe('the 30-day chart', () => {
  const chart = {
    dates,
    purposes: [
      { purpose: 'Hostel', amounts: withDay(29, 600), total: 600 },
      { purpose: 'Veterinary', amounts: withDay(29, 200), total: 200 },
      { purpose: 'Shop', amounts: withDay(10, 300), total: 300 },
      { purpose: 'Grooming', amounts: withDay(10, 100), total: 100 },
      { purpose: 'Dog Park', amounts: withDay(5, 50), total: 50 },
      { purpose: 'Day Care', amounts: withDay(5, 25), total: 25 },
    ],
    totals: zeros().map((_, d) => (d === 29 ? 800 : d === 10 ? 400 : d === 5 ? 75 : 0)),
  };

  it('keeps four purposes and folds the rest into Other', () => {
    const s = chartSeries(chart);
    expect(s.map((x) => x.purpose)).toEqual(['Hostel', 'Veterinary', 'Shop', 'Grooming', 'Other']);
    expect(s.at(-1)!.amounts[5]).toBe(75);
    expect(s.at(-1)!.total).toBe(75);
    expect(chartSeries({ ...chart, purposes: chart.purposes.slice(0, 5) }).map((x) => x.purpose)).toHaveLength(5);
  });

  it('stacks each day to its share of the largest day', () => {
    const bars = chartBars(chart, chartSeries(chart), 300, 80);
    expect(bars).toHaveLength(30);
    const last = bars[29]!;
    expect(last.segments.map((s) => s.purpose)).toEqual(['Hostel', 'Veterinary']);
    expect(last.segments[0]!.height).toBeCloseTo(60);
    expect(last.segments[1]!.y).toBeCloseTo(0);
    expect(bars[10]!.segments.reduce((a, s) => a + s.height, 0)).toBeCloseTo(40);
    expect(bars[0]!.segments).toEqual([]);
    expect(last.x + last.width).toBeLessThanOrEqual(300);
  });

  it('summarises for screen readers', () => {
    expect(chartSummary(chart)).toBe(
      'Sales of ₹1,275.00 from 16 Sep 2026 to 15 Oct 2026; the best day was 15 Oct 2026 with ₹800.00.',
    );
    expect(chartSummary({ dates, purposes: [], totals: zeros() })).toBe('No sales in the last 30 days.');
  });
});
