import type { BoardTask, CareSlot } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { canUndo, feedbackChoices, groupBySlot, matchesSearch, OTHER_TIMES, progressOf } from './board-view';

const slots: CareSlot[] = [
  { _id: 'm', name: 'Morning', start: '07:00', end: '11:00' },
  { _id: 'n', name: 'Noon', start: '11:00', end: '15:00' },
  { _id: 'e', name: 'Evening', start: '15:00', end: '20:00' },
];
const task = (o: Partial<BoardTask>): BoardTask => ({
  itemId: 'i',
  kind: 'meal',
  slotKey: 'm',
  slotId: 'm',
  slotName: 'Morning',
  label: 'Food',
  instructions: null,
  dueAt: '2026-11-28T05:30:00.000Z',
  late: false,
  fromStock: false,
  task: null,
  ...o,
});
const done = (by: string, undoUntil: string) => ({
  _id: 't',
  boardingId: 'b',
  itemId: 'i',
  petId: 'p',
  day: '2026-11-28',
  slotKey: 'm',
  slotName: 'Morning',
  kind: 'meal' as const,
  label: 'Food',
  feedback: 'ate_all',
  note: null,
  doneBy: { _id: by, name: 'Ravi' },
  doneAt: '2026-11-28T03:00:00.000Z',
  undoUntil,
  chargeVisitId: null,
});

describe('the board’s grouping', () => {
  it('groups by slot in the order of the day, meals before doses before other tasks, other times last', () => {
    const groups = groupBySlot(
      [
        task({ label: 'Walk', kind: 'other', slotId: 'n' }),
        task({ label: 'Pill', kind: 'dose', slotId: 'm' }),
        task({ label: 'Snack', kind: 'meal', slotId: null, slotKey: '@21:00', slotName: '21:00' }),
        task({ label: 'Breakfast', kind: 'meal', slotId: 'm' }),
        task({ label: 'Pill', kind: 'dose', slotId: 'e' }),
      ],
      slots,
    );
    expect(groups.map((g) => `${g.name}: ${g.tasks.map((t) => t.label).join(', ')}`)).toEqual([
      'Morning: Breakfast, Pill',
      'Noon: Walk',
      'Evening: Pill',
      `${OTHER_TIMES}: Snack`,
    ]);
  });

  it('leaves out empty slots', () => {
    expect(groupBySlot([task({ slotId: 'e' })], slots).map((g) => g.name)).toEqual(['Evening']);
  });

  it('counts done and late', () => {
    const pet = { tasks: [task({ late: true }), task({ task: done('u', '2026-11-28T03:10:00.000Z') }), task({})] };
    expect(progressOf(pet)).toEqual({ done: 1, total: 3, late: 1 });
  });
});

describe('the board’s actions', () => {
  it('undo only for who recorded it, until its window ends', () => {
    const t = done('me', '2026-11-28T03:10:00.000Z');
    const until = Date.parse(t.undoUntil);
    expect(canUndo(t, 'me', until)).toBe(true);
    expect(canUndo(t, 'me', until + 1)).toBe(false);
    expect(canUndo(t, 'someone', until - 1000)).toBe(false);
    expect(canUndo(null, 'me', 0)).toBe(false);
  });

  it('offers the kind’s feedback', () => {
    expect(feedbackChoices('meal').map((c) => c.label)).toEqual(['Ate all', 'Most', 'Some', 'A little', 'Refused']);
    expect(feedbackChoices('dose').map((c) => c.label)).toEqual(['Given', 'Refused', 'Vomited', 'Not given']);
    expect(feedbackChoices('other').map((c) => c.label)).toEqual(['Done', 'Skipped']);
  });

  it('searches pet, owner and breed', () => {
    const pet = { petName: 'Bruno', ownerName: 'Asha Rao', breed: 'Beagle' };
    expect(matchesSearch(pet, 'bru')).toBe(true);
    expect(matchesSearch(pet, 'RAO')).toBe(true);
    expect(matchesSearch(pet, 'pug')).toBe(false);
    expect(matchesSearch(pet, '  ')).toBe(true);
  });
});
