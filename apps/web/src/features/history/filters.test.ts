import { VISIT_LIST_MESSAGES } from '@pawdesk/shared';
import { describe, expect, it } from 'vitest';
import { dateError, hasFilters, NO_FILTERS, readFilters, toApiFilters, withFilters } from './filters';

const TODAY = '2026-11-25';
const read = (qs: string) => readFilters(new URLSearchParams(qs), TODAY);

describe('Visit History filters', () => {
  it('reads every filter from the address', () => {
    expect(read('name=Bel&phone=98123&purpose=veterinary&date=2026-11-20&state=due')).toEqual({
      name: 'Bel',
      phone: '98123',
      purpose: 'veterinary',
      date: '2026-11-20',
      state: 'due',
    });
    expect(read('')).toEqual(NO_FILTERS);
  });

  it('drops a date later than today or malformed, and an unknown state; cleans the phone', () => {
    expect(read('date=2026-11-26').date).toBe('');
    expect(read('date=2026-11-25').date).toBe('2026-11-25');
    expect(read('date=25-11-2026').date).toBe('');
    expect(read('date=2026-02-30').date).toBe('');
    expect(read('state=pending').state).toBe('');
    expect(read('phone=%2B91%2098123%2045678').phone).toBe('9812345678');
    expect(read(`name=${'x'.repeat(80)}`).name).toHaveLength(60);
  });

  it('says why a date cannot be searched (spec 000 §5: not later than today)', () => {
    expect(dateError('', TODAY)).toBeNull();
    expect(dateError(TODAY, TODAY)).toBeNull();
    expect(dateError('2026-11-26', TODAY)).toBe(VISIT_LIST_MESSAGES.futureDate);
    expect(dateError('2027-01-01', TODAY)).toBe('The date cannot be later than today');
    expect(dateError('2026-13-01', TODAY)).toMatch(/Enter a date/);
  });

  it('writes filters into the address, removing empty ones and keeping other keys (the chosen pet)', () => {
    const start = new URLSearchParams('pet=650000000000000000000001&name=Old&state=paid');
    const next = withFilters(start, { name: ' Bella ', state: '', date: '2026-11-01' });
    expect(next.get('pet')).toBe('650000000000000000000001');
    expect(next.get('name')).toBe('Bella');
    expect(next.has('state')).toBe(false);
    expect(next.get('date')).toBe('2026-11-01');
    // A key the patch does not name stays as it was.
    expect(withFilters(start, { date: '' }).get('name')).toBe('Old');
    // The original is not changed.
    expect(start.get('state')).toBe('paid');
  });

  it('builds the query the search sends: only the set filters, the name trimmed, the pet when given', () => {
    expect(toApiFilters(NO_FILTERS)).toEqual({});
    expect(toApiFilters({ ...NO_FILTERS, name: '  ', phone: '98' })).toEqual({ phone: '98' });
    expect(toApiFilters({ name: ' Bel ', phone: '9812', purpose: 'shop', date: '2026-11-20', state: 'refunded' }, 'p1')).toEqual({
      name: 'Bel',
      phone: '9812',
      purpose: 'shop',
      date: '2026-11-20',
      state: 'refunded',
      petId: 'p1',
    });
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, state: 'voided' })).toBe(true);
  });
});
