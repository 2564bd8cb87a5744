import { describe, expect, it } from 'vitest';
import {
  dayPages,
  type GridItem,
  type GridTask,
  kennelDays,
  RUN_CARD_MAX_DAYS,
  runCardDayLabel,
  runCardDays,
  runCardFileName,
  runCardGrid,
  vaccineStatus,
} from './run-card.ts';
import type { SlotTimes } from './slots.rules.ts';

const slots: SlotTimes[] = [
  { id: 'eve', name: 'Evening', startMinute: 900, endMinute: 1200 },
  { id: 'mor', name: 'Morning', startMinute: 420, endMinute: 660 },
  { id: 'noon', name: 'Noon', startMinute: 660, endMinute: 900 },
];
const item = (over: Partial<GridItem> & Pick<GridItem, 'id' | 'kind'>): GridItem => ({
  slotIds: ['mor'],
  atTime: null,
  startDate: null,
  endDate: null,
  label: over.id,
  instructions: null,
  ...over,
});
const task = (over: Partial<GridTask> & Pick<GridTask, 'itemId' | 'slotKey' | 'day'>): GridTask => ({
  slotName: 'Morning',
  kind: 'meal',
  label: 'x',
  feedback: 'ate_all',
  note: null,
  doneByName: 'Ravi',
  doneAt: '2026-11-28T03:00:00.000Z',
  ...over,
});

describe('runCardDays', () => {
  it('is every day from entry to the last day, inclusive', () => {
    expect(runCardDays('2026-11-27', '2026-11-29', '2026-11-28')).toEqual({
      days: ['2026-11-27', '2026-11-28', '2026-11-29'],
      truncated: false,
    });
    expect(runCardDays('2026-11-27', '2026-11-27', '2026-11-27').days).toEqual(['2026-11-27']);
    // A last day before the first (a bad row) is the first day alone.
    expect(runCardDays('2026-11-27', '2026-11-20', '2026-11-27').days).toEqual(['2026-11-27']);
  });

  it('crosses months and years', () => {
    expect(runCardDays('2026-12-30', '2027-01-02', '2026-12-30').days).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('shows at most RUN_CARD_MAX_DAYS of a long stay, starting a week before today', () => {
    const r = runCardDays('2026-01-01', '2026-12-31', '2026-06-15');
    expect(r.truncated).toBe(true);
    expect(r.days).toHaveLength(RUN_CARD_MAX_DAYS);
    expect(r.days[0]).toBe('2026-06-08');
    // Near the end the window ends on the last day; near the start it begins on the first.
    expect(runCardDays('2026-01-01', '2026-12-31', '2026-12-30').days.at(-1)).toBe('2026-12-31');
    expect(runCardDays('2026-01-01', '2026-12-31', '2026-01-02').days[0]).toBe('2026-01-01');
  });
});

describe('pages and kennel days', () => {
  it('splits 30 days into pages of 14, 14 and 2', () => {
    const { days } = runCardDays('2026-11-01', '2026-11-30', '2026-11-01');
    expect(dayPages(days).map((p) => p.length)).toEqual([14, 14, 2]);
    expect(dayPages([])).toEqual([]);
  });

  it('kennel: today and tomorrow, or only today on the last day, or a past stay’s last two days', () => {
    const days = ['2026-11-27', '2026-11-28', '2026-11-29'];
    expect(kennelDays(days, '2026-11-28')).toEqual(['2026-11-28', '2026-11-29']);
    expect(kennelDays(days, '2026-11-29')).toEqual(['2026-11-29']);
    expect(kennelDays(days, '2026-12-10')).toEqual(['2026-11-28', '2026-11-29']);
  });
});

describe('vaccineStatus', () => {
  it.each([
    [null, 'none'],
    ['2026-11-27', 'overdue'],
    ['2026-11-28', 'due_soon'],
    ['2026-12-12', 'due_soon'],
    ['2026-12-13', 'ok'],
  ] as const)('due %s on 28 Nov is %s', (due, status) => {
    expect(vaccineStatus(due, '2026-11-28')).toBe(status);
  });
});

describe('runCardGrid', () => {
  const days = ['2026-11-27', '2026-11-28', '2026-11-29'];
  const items = [
    item({ id: 'walk', kind: 'other', slotIds: ['noon'] }),
    item({ id: 'dose', kind: 'dose', slotIds: ['eve', 'mor'], startDate: '2026-11-28' }),
    item({ id: 'meal', kind: 'meal' }),
    item({ id: 'pill', kind: 'dose', slotIds: [], atTime: '21:30', endDate: '2026-11-28' }),
  ];

  it('one row per item and slot, in the order of the day; one cell per day', () => {
    const rows = runCardGrid(items, slots, days, []);
    expect(rows.map((r) => r.key)).toEqual(['meal|mor', 'dose|mor', 'walk|noon', 'dose|eve', 'pill|@21:30']);
    expect(rows.map((r) => r.slotName)).toEqual(['Morning', 'Morning', 'Noon', 'Evening', '21:30']);
    for (const r of rows) expect(r.cells.map((c) => c.day)).toEqual(days);
  });

  it('a dose is due only between its dates', () => {
    const rows = runCardGrid(items, slots, days, []);
    const due = (key: string) => rows.find((r) => r.key === key)!.cells.map((c) => c.due);
    expect(due('dose|mor')).toEqual([false, true, true]);
    expect(due('pill|@21:30')).toEqual([true, true, false]);
    expect(due('meal|mor')).toEqual([true, true, true]);
  });

  it('puts a recorded task in its cell, and keeps a row for a removed item that was recorded', () => {
    const rows = runCardGrid(items, slots, days, [
      task({ itemId: 'meal', slotKey: 'mor', day: '2026-11-28', feedback: 'most', note: 'slow' }),
      task({ itemId: 'gone', slotKey: 'eve', day: '2026-11-27', slotName: 'Evening', label: 'Old food 1 cups' }),
    ]);
    const meal = rows.find((r) => r.key === 'meal|mor')!;
    expect(meal.cells[0]!.recorded).toBeNull();
    expect(meal.cells[1]!.recorded).toMatchObject({ feedback: 'most', feedbackLabel: 'Most', note: 'slow', by: 'Ravi' });
    const gone = rows.at(-1)!;
    expect(gone).toMatchObject({ key: 'gone|eve', removed: true, label: 'Old food 1 cups' });
    expect(gone.cells.map((c) => c.due)).toEqual([true, false, false]);
  });
});

describe('labels', () => {
  it('day heads and file names', () => {
    expect(runCardDayLabel('2026-11-28')).toEqual({ weekday: 'Sat', date: '28 Nov' });
    expect(runCardFileName('Bruno the 2nd!', '2026-11-28')).toBe('run-card-bruno-the-2nd-2026-11-28.pdf');
    expect(runCardFileName('ശ്രീ', '2026-11-28')).toBe('run-card-pet-2026-11-28.pdf');
  });
});

describe('edges found by mutation testing', () => {
  it('a stay of exactly the most days is shown whole, not truncated', () => {
    const r = runCardDays('2026-01-01', '2026-03-03', '2026-02-01'); // 62 days
    expect(r.days).toHaveLength(RUN_CARD_MAX_DAYS);
    expect(r.truncated).toBe(false);
  });

  it('names every weekday and every month', () => {
    const week = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
    expect(week.map((d) => runCardDayLabel(d).weekday)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const months = Array.from({ length: 12 }, (_, m) => runCardDayLabel(`2026-${String(m + 1).padStart(2, '0')}-01`).date);
    expect(months).toEqual([
      '1 Jan',
      '1 Feb',
      '1 Mar',
      '1 Apr',
      '1 May',
      '1 Jun',
      '1 Jul',
      '1 Aug',
      '1 Sep',
      '1 Oct',
      '1 Nov',
      '1 Dec',
    ]);
  });
});

describe('runCardGrid: edges found by mutation testing', () => {
  const days = ['2026-11-27', '2026-11-28'];
  const items = [item({ id: 'meal', kind: 'meal' })];

  it('a planned row is not removed; tasks recorded on it or twice on a removed item add no second row', () => {
    const rows = runCardGrid(items, slots, days, [
      task({ itemId: 'meal', slotKey: 'mor', day: '2026-11-27' }),
      task({ itemId: 'gone', slotKey: 'eve', day: '2026-11-27', slotName: 'Evening' }),
      task({ itemId: 'gone', slotKey: 'eve', day: '2026-11-28', slotName: 'Evening' }),
    ]);
    expect(rows.map((r) => [r.key, r.removed])).toEqual([
      ['meal|mor', false],
      ['gone|eve', true],
    ]);
    expect(rows[1]!.cells.map((c) => c.due)).toEqual([true, true]);
  });
});
