import { describe, expect, it } from 'vitest';
import { presetPurpose } from './preset-purpose';

const types = [
  { _id: 't1', purpose: 'Inquiry', code: 'inquiry' },
  { _id: 't2', purpose: 'Grooming', code: 'grooming' },
  { _id: 't3', purpose: 'Day Care', code: 'day_care' },
];

describe('New Visit’s purpose from navigation state', () => {
  it.each([
    [{ petId: 'p', purpose: 'Grooming' }, 't2'],
    [{ petId: 'p', purpose: 'day care' }, 't3'],
    [{ petId: 'p', purpose: 't3' }, 't3'],
    [{ petId: 'p', purpose: 'grooming' }, 't2'],
  ])('%o → %s', (state, id) => expect(presetPurpose(types, state)).toBe(id));

  it.each([null, {}, { purpose: '' }, { purpose: 'Surgery' }, { purpose: 3 }])('%o → none (Inquiry stays the default)', (state) =>
    expect(presetPurpose(types, state)).toBeNull(),
  );
});
