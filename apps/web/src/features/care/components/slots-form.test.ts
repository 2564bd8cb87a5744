import { describe, expect, it } from 'vitest';
import { checkSlots, emptyRow, rowsOf, type SlotRow } from './slots-form';

const defaults = rowsOf([
  { _id: 'a'.repeat(24), name: 'Morning', start: '07:00', end: '11:00' },
  { _id: 'b'.repeat(24), name: 'Noon', start: '11:00', end: '15:00' },
  { _id: 'c'.repeat(24), name: 'Evening', start: '15:00', end: '20:00' },
]);
const edit = (rows: SlotRow[], i: number, patch: Partial<SlotRow>) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r));

describe('the care slots form', () => {
  it('sends the table as the server takes it, keeping each slot’s id and trimming names', () => {
    const r = checkSlots(edit(defaults, 0, { name: '  Breakfast ' }));
    expect(r.errors).toEqual({});
    expect(r.body?.slots[0]).toEqual({ _id: 'a'.repeat(24), name: 'Breakfast', start: '07:00', end: '11:00' });
    expect(r.body?.slots).toHaveLength(3);
  });

  it('a new row has no id', () => {
    const row = { ...emptyRow(), name: 'Night', start: '20:00', end: '23:00' };
    const r = checkSlots([...defaults, row]);
    expect(r.body?.slots[3]).toEqual({ name: 'Night', start: '20:00', end: '23:00' });
  });

  it('puts each problem on its row and field: an end before the start, an overlap, a name used twice, a missing name', () => {
    const rows = edit(edit(edit(defaults, 0, { end: '06:00' }), 1, { start: '10:00', name: 'evening' }), 2, {});
    const r = checkSlots(rows);
    expect(r.body).toBeNull();
    expect(r.errors[rows[0]!.key]?.end ?? r.errors[rows[0]!.key]?.start).toBe('The start must be before the end');
    expect(Object.values(r.errors[rows[1]!.key] ?? {}).join(' ') + Object.values(r.errors[rows[2]!.key] ?? {}).join(' ')).toMatch(
      /Another slot has this name|Overlaps/,
    );
    const blank = checkSlots(edit(defaults, 2, { name: '  ' }));
    expect(blank.errors[defaults[2]!.key]?.name).toBe('Enter the slot’s name');
  });

  it('refuses an empty table', () => {
    const r = checkSlots([]);
    expect(r.body).toBeNull();
    expect(r.formError).toBe('Keep at least one slot');
  });
});
