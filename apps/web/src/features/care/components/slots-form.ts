import { type CareSlot, careSlotsBody } from '@pawdesk/shared';

/** A row of the slots editor: what the admin typed, and the slot it came from (kept so plans keep their slot). */
export interface SlotRow {
  key: string;
  _id?: string;
  name: string;
  start: string;
  end: string;
}

let seq = 0;
const nextKey = () => `row-${++seq}`;

export const rowsOf = (slots: readonly CareSlot[]): SlotRow[] =>
  slots.map((s) => ({ key: s._id, _id: s._id, name: s.name, start: s.start, end: s.end }));

export const emptyRow = (): SlotRow => ({ key: nextKey(), name: '', start: '', end: '' });

/**
 * The body to send and the errors to show by row key and field, checked with the server's own schema (names, times,
 * start before end, no overlap, unique names), so the form says what the server would.
 */
export function checkSlots(rows: readonly SlotRow[]): {
  body: { slots: { _id?: string; name: string; start: string; end: string }[] } | null;
  errors: Record<string, Partial<Record<'name' | 'start' | 'end', string>>>;
  formError: string | null;
} {
  const body = { slots: rows.map(({ _id, name, start, end }) => ({ ...(_id ? { _id } : {}), name: name.trim(), start, end })) };
  const parsed = careSlotsBody.safeParse(body);
  if (parsed.success) return { body, errors: {}, formError: null };
  const errors: Record<string, Partial<Record<'name' | 'start' | 'end', string>>> = {};
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const [, index, field] = issue.path;
    const row = typeof index === 'number' ? rows[index] : undefined;
    if (row && (field === 'name' || field === 'start' || field === 'end')) {
      errors[row.key] = { ...errors[row.key], [field]: errors[row.key]?.[field] ?? issue.message };
    } else formError ??= issue.message;
  }
  return { body: null, errors, formError };
}
