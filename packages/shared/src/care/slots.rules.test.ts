import { describe, expect, it } from 'vitest';
import { careSlotsBody, careItemInput } from './schemas.ts';
import {
  dueOn,
  hhmmOf,
  isLate,
  isLateAt,
  placeOf,
  type SlotTimes,
  slotAt,
  slotTableIssues,
  sortSlots,
  tasksOfDay,
  undoCheck,
} from './slots.rules.ts';

const SLOTS: SlotTimes[] = [
  { id: 'm', name: 'Morning', startMinute: 420, endMinute: 660 },
  { id: 'n', name: 'Noon', startMinute: 660, endMinute: 900 },
  { id: 'e', name: 'Evening', startMinute: 900, endMinute: 1200 },
];
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));

describe('which slot a time falls in', () => {
  it.each([
    ['06:59', undefined],
    ['07:00', 'Morning'],
    ['10:59', 'Morning'],
    ['11:00', 'Noon'],
    ['14:59', 'Noon'],
    ['15:00', 'Evening'],
    ['19:59', 'Evening'],
    ['20:00', undefined],
  ])('%s → %s', (time, name) => {
    expect(slotAt(SLOTS, hm(time))?.name).toBe(name);
  });
});

describe('when a task is late', () => {
  it.each([
    // day, due, now date, now time, recorded, late
    ['2026-11-28', 660, '2026-11-28', '10:59', false, false],
    ['2026-11-28', 660, '2026-11-28', '11:00', false, true],
    ['2026-11-28', 660, '2026-11-28', '11:00', true, false],
    ['2026-11-28', 1200, '2026-11-28', '19:59', false, false],
    ['2026-11-28', 1200, '2026-11-28', '20:00', false, true],
    ['2026-11-28', 660, '2026-11-29', '06:00', false, true],
    ['2026-11-29', 660, '2026-11-28', '23:00', false, false],
  ] as const)('task of %s due at %i, now %s %s, recorded %s → late %s', (day, due, date, time, recorded, late) => {
    expect(isLate(day, due, { date, minutes: hm(time) }, recorded)).toBe(late);
  });

  it('reads the business time zone', () => {
    // 05:30 UTC is 11:00 in Kolkata: the Morning slot has ended.
    expect(isLateAt('2026-11-28', 660, new Date('2026-11-28T05:29:00Z'), 'Asia/Kolkata', false)).toBe(false);
    expect(isLateAt('2026-11-28', 660, new Date('2026-11-28T05:30:00Z'), 'Asia/Kolkata', false)).toBe(true);
  });
});

describe('slot places', () => {
  it.each([
    ['m', { slotId: 'm', slotName: 'Morning', dueMinute: 660 }],
    ['@09:30', { slotId: 'm', slotName: 'Morning', dueMinute: 660 }],
    ['@21:00', { slotId: null, slotName: '21:00', dueMinute: 1320 }],
    ['@23:30', { slotId: null, slotName: '23:30', dueMinute: 1440 }],
    ['gone', undefined],
  ])('%s', (key, place) => {
    expect(placeOf(SLOTS, key)).toEqual(place);
  });
});

describe('the slot table', () => {
  const row = (name: string, s: string, e: string) => ({ name, startMinute: hm(s), endMinute: hm(e) });
  it.each([
    ['the defaults', [row('Morning', '07:00', '11:00'), row('Noon', '11:00', '15:00'), row('Evening', '15:00', '20:00')], []],
    ['start after end', [row('Night', '22:00', '21:00')], ['0 end The start must be before the end']],
    ['start equal to end', [row('Night', '21:00', '21:00')], ['0 end The start must be before the end']],
    ['an overlap', [row('Morning', '07:00', '11:00'), row('Brunch', '10:00', '12:00')], ['1 start Overlaps Morning']],
    ['a slot inside another', [row('Day', '07:00', '20:00'), row('Noon', '11:00', '15:00')], ['1 start Overlaps Day']],
    [
      'the same name in another case',
      [row('Morning', '07:00', '09:00'), row(' morning ', '10:00', '11:00')],
      ['1 name Another slot has this name'],
    ],
  ])('%s', (_, rows, issues) => {
    expect(slotTableIssues(rows).map((i) => `${i.index} ${i.field} ${i.message}`)).toEqual(issues);
  });

  it('the request schema reports each issue on its field', () => {
    const r = careSlotsBody.safeParse({
      slots: [
        { name: 'Morning', start: '07:00', end: '11:00' },
        { name: 'Noon', start: '10:00', end: '24:00' },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => `${i.path.join('.')} ${i.message}`)).toEqual(['slots.1.start Overlaps Morning']);
  });
});

describe('the tasks of a day', () => {
  const item = (o: Partial<Parameters<typeof tasksOfDay>[0][number]>) => ({
    id: 'x',
    kind: 'meal' as const,
    slotIds: [],
    atTime: null,
    startDate: null,
    endDate: null,
    ...o,
  });

  it('one task per slot, exact times in their slot, in the order of the day, meals before doses', () => {
    const tasks = tasksOfDay(
      [
        item({ id: 'dose', kind: 'dose', slotIds: ['e', 'm'] }),
        item({ id: 'walk', kind: 'other', slotIds: ['n'] }),
        item({ id: 'bfast', atTime: '08:00' }),
        item({ id: 'ghost', kind: 'other', slotIds: ['gone'] }),
      ],
      SLOTS,
      '2026-11-28',
    );
    expect(tasks.map((t) => `${t.item.id}@${t.slotName}`)).toEqual([
      'bfast@Morning',
      'dose@Morning',
      'walk@Noon',
      'dose@Evening',
    ]);
  });

  it.each([
    [null, null, '2026-11-28', true],
    ['2026-11-28', null, '2026-11-28', true],
    ['2026-11-29', null, '2026-11-28', false],
    ['2026-11-20', '2026-11-27', '2026-11-28', false],
    ['2026-11-20', '2026-11-28', '2026-11-28', true],
  ])('a dose from %s to %s is due on %s: %s', (startDate, endDate, day, due) => {
    expect(dueOn({ startDate, endDate }, day)).toBe(due);
  });
});

describe('undo', () => {
  const at = new Date('2026-11-28T03:00:00Z');
  it.each([
    ['u1', 0, 'ok'],
    ['u1', 10 * 60_000, 'ok'],
    ['u1', 10 * 60_000 + 1, 'too_late'],
    ['u2', 60_000, 'not_yours'],
  ] as const)('by %s after %i ms → %s', (by, ms, out) => {
    expect(undoCheck({ doneBy: 'u1', doneAt: at }, by, new Date(at.getTime() + ms))).toBe(out);
  });
});

describe('care item input', () => {
  const dose = {
    kind: 'dose',
    name: 'Meloxicam',
    slotIds: ['0000000000000000000ca701'],
    amount: 0.5,
    unit: 'ml',
    route: 'oral',
    startDate: '2026-11-01',
  };
  it.each([
    ['a sane dose', {}, null],
    ['no amount', { amount: null }, 'amount Enter the amount'],
    ['a negative dose', { amount: -1 }, 'amount The amount must be more than 0'],
    ['an absurd dose', { amount: 10_001 }, 'amount The amount must be at most 10,000'],
    ['three decimals', { amount: 0.125 }, 'amount The amount can have at most two decimals'],
    ['no slot', { slotIds: [] }, 'slotIds Choose at least one time of day'],
    ['no route', { route: null }, 'route Choose the route'],
    ['end before start', { endDate: '2026-10-01' }, 'endDate The end date cannot be before the start date'],
    ['a control character', { name: 'Melox\u0000' }, 'name Must not contain control characters'],
  ])('%s', (_, patch, issue) => {
    const r = careItemInput.safeParse({ ...dose, ...patch });
    expect(r.success ? null : r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`)[0]).toBe(issue);
  });

  it('keeps only what the kind uses', () => {
    const r = careItemInput.parse({
      kind: 'other',
      name: 'Walk',
      slotIds: ['0000000000000000000ca702'],
      amount: 3,
      unit: 'g',
      route: 'oral',
    });
    expect(r).toMatchObject({ amount: null, unit: null, route: null, source: null });
  });
});

describe('hhmmOf', () => {
  it('minutes after midnight as HH:MM', () => {
    expect([0, 545, 1439].map(hhmmOf)).toEqual(['00:00', '09:05', '23:59']);
  });
});

describe('slots: edges found by mutation testing', () => {
  const row = (name: string, startMinute: number, endMinute: number) => ({ name, startMinute, endMinute });

  it('sorts the slots of the day by start', () => {
    const slots = [
      { id: 'e', ...row('Evening', 1080, 1200) },
      { id: 'm', ...row('Morning', 420, 600) },
    ];
    expect(sortSlots(slots).map((x) => x.id)).toEqual(['m', 'e']);
  });

  it('names are the same slot whatever their case and runs of spaces, not when the spaces differ in place', () => {
    expect(slotTableIssues([row('Early  Morning', 300, 400), row('early morning', 500, 600)])).toEqual([
      { index: 1, field: 'name', message: 'Another slot has this name' },
    ]);
    expect(slotTableIssues([row('Early morning', 300, 400), row('Earlymorning', 500, 600)])).toEqual([]);
  });

  it('a slot must start before it ends; an empty slot overlaps nothing; touching slots do not overlap', () => {
    expect(slotTableIssues([row('A', 600, 600)])).toEqual([
      { index: 0, field: 'end', message: 'The start must be before the end' },
    ]);
    expect(slotTableIssues([row('A', 700, 600)])).toEqual([
      { index: 0, field: 'end', message: 'The start must be before the end' },
    ]);
    expect(slotTableIssues([row('A', 600, 600), row('B', 550, 650)])).toEqual([
      { index: 0, field: 'end', message: 'The start must be before the end' },
    ]);
    expect(slotTableIssues([row('A', 600, 700), row('B', 500, 600)])).toEqual([]);
    // An empty slot after a real one is refused once, for its times, not also as an overlap.
    expect(slotTableIssues([row('B', 550, 650), row('A', 600, 600)])).toEqual([
      { index: 1, field: 'end', message: 'The start must be before the end' },
    ]);
    expect(slotTableIssues([row(' Morning ', 420, 600), row('Brunch', 540, 660)])).toEqual([
      { index: 1, field: 'start', message: 'Overlaps Morning' },
    ]);
  });

  it("a day's tasks: items not due are left out; slot tasks in the order of the slots, then exact times by time", () => {
    const slots: SlotTimes[] = [
      { id: 'e', name: 'Evening', startMinute: 1080, endMinute: 1200 },
      { id: 'm', name: 'Morning', startMinute: 420, endMinute: 600 },
    ];
    const item = (id: string, more: { slotIds?: string[]; atTime?: string; endDate?: string }) => ({
      id,
      kind: 'meal' as const,
      slotIds: more.slotIds ?? [],
      atTime: more.atTime ?? null,
      startDate: null,
      endDate: more.endDate ?? null,
    });
    const tasks = tasksOfDay(
      [
        item('late', { atTime: '23:00' }),
        item('early', { atTime: '05:00' }),
        item('evening', { slotIds: ['e'] }),
        item('morning', { slotIds: ['m'] }),
        item('ended', { slotIds: ['m'], endDate: '2026-11-24' }),
      ],
      slots,
      '2026-11-25',
    );
    expect(tasks.map((t) => t.item.id)).toEqual(['morning', 'evening', 'early', 'late']);
  });
});
