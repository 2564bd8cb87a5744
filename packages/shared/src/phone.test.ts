import { describe, expect, it } from 'vitest';
import { cleanPhone, nameAndPhone } from './phone.ts';

describe('cleanPhone', () => {
  it.each([
    ['9812345678', '9812345678'],
    ['+91 98123 45678', '9812345678'],
    ['+91-98123-45678', '9812345678'],
    ['919812345678', '9812345678'],
    ['09812345678', '9812345678'],
    ['0 98123 45678', '9812345678'],
    ['(981) 234-5678', '9812345678'],
    // A leading 91 or 0 is kept when dropping it would not leave 10 digits.
    ['9198123456', '9198123456'],
    ['0981234567', '0981234567'],
    ['91981234567', '9198123456'],
    // Anything longer is capped at 10 digits.
    ['98-765 43210 99', '9876543210'],
    ['98123456789', '9812345678'],
    // Partial input while typing stays as typed.
    ['98123', '98123'],
    ['+91', '91'],
    ['abc', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(cleanPhone(input)).toBe(expected);
  });
});

describe('nameAndPhone', () => {
  it('shows the phone after the name, or the name alone when there is none (issue 21)', () => {
    expect(nameAndPhone('Asha Verma', '9812345678')).toBe('Asha Verma, 9812345678');
    expect(nameAndPhone('Asha Verma', '9812345678', ' · ')).toBe('Asha Verma · 9812345678');
    expect(nameAndPhone('Asha Verma', null)).toBe('Asha Verma');
    expect(nameAndPhone('Asha Verma', undefined)).toBe('Asha Verma');
    expect(nameAndPhone('Asha Verma', '')).toBe('Asha Verma');
  });
});
