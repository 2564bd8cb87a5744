import { describe, expect, it } from 'vitest';
import { dateValueOf, formatDateText, parseDateText } from './date-text';

describe('dates typed in Indian order (issue 18)', () => {
  it.each([
    ['25/11/2026', '2026-11-25'],
    ['5/1/2026', '2026-01-05'],
    ['05-01-2026', '2026-01-05'],
    ['05.01.2026', '2026-01-05'],
    [' 29/02/2028 ', '2028-02-29'],
    ['2026-11-25', '2026-11-25'],
    // Day first, always: 01/02 is the 1st of February, never January 2nd.
    ['01/02/2026', '2026-02-01'],
    ['31/02/2026', null],
    ['29/02/2027', null],
    ['13/13/2026', null],
    ['25/11/26', null],
    ['2026-13-01', null],
    ['25/11', null],
    ['', null],
    ['abc', null],
  ])('%j → %s', (text, iso) => {
    expect(parseDateText(text)).toBe(iso);
  });

  it('shows yyyy-MM-dd as dd/mm/yyyy, and anything else as it is', () => {
    expect(formatDateText('2026-11-25')).toBe('25/11/2026');
    expect(formatDateText('2026-01-05')).toBe('05/01/2026');
    expect(formatDateText('')).toBe('');
    expect(formatDateText(null)).toBe('');
    expect(formatDateText('25/11')).toBe('25/11');
  });

  it('keeps a wrong date as typed for the form to name, and empty as empty', () => {
    expect(dateValueOf('25/11/2026')).toBe('2026-11-25');
    expect(dateValueOf('  ')).toBe('');
    expect(dateValueOf('31/02/2026')).toBe('31/02/2026');
  });
});
