import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  admissionProblems,
  admissionRefusal,
  type AdmissionRecord,
  coreVaccinesBody,
  coversCoreVaccine,
  DEFAULT_CORE_VACCINES,
} from './admission.ts';

const TODAY = '2026-11-23';
const adult = { species: 'dog', dob: '2020-01-10' };
const both: AdmissionRecord[] = [
  { name: 'Rabies', givenOn: '2026-01-10', nextDue: '2027-01-10' },
  { name: 'DHPP', givenOn: '2026-02-01', nextDue: '2027-02-01' },
];
const check = (pet: { species: string; dob: string | null }, records: AdmissionRecord[], today = TODAY) =>
  admissionProblems(pet, records, DEFAULT_CORE_VACCINES, today);

describe('admission rule', () => {
  it.each([
    // [case, dob, today, flagged]
    ['one day short of 4 months', '2026-07-24', TODAY, true],
    ['exactly 4 months old', '2026-07-23', TODAY, false],
    ['older than 4 months', '2026-07-22', TODAY, false],
    ['born today', TODAY, TODAY, true],
    ['31 Oct + 4 months is 28 Feb (not a leap year): the day before', '2026-10-31', '2027-02-27', true],
    ['31 Oct + 4 months is 28 Feb: on it', '2026-10-31', '2027-02-28', false],
    ['31 Oct + 4 months in a leap year is 29 Feb', '2027-10-31', '2028-02-29', false],
  ])('age: %s', (_case, dob, today, flagged) => {
    const lines = check({ species: 'dog', dob }, both, today);
    expect(lines.some((l) => l.startsWith('Under 4 months old'))).toBe(flagged);
  });

  it('names the birth date in the age line', () => {
    expect(check({ species: 'dog', dob: '2026-09-12' }, both)).toEqual(['Under 4 months old (born 12 Sep 2026)']);
  });

  it('a dog whose birth date is unknown is judged on vaccinations only', () => {
    expect(check({ species: 'dog', dob: null }, both)).toEqual([]);
    expect(check({ species: 'dog', dob: null }, [])).toEqual(['No record of Rabies', 'No record of DHPP']);
  });

  it.each<[string, AdmissionRecord[], string[]]>([
    ['both recorded with dates ahead', both, []],
    ['nothing recorded', [], ['No record of Rabies', 'No record of DHPP']],
    ['a record without dates counts as present', [{ name: 'Rabies' }, { name: 'DHPP', givenOn: null, nextDue: null }], []],
    ['one missing', [both[0]!], ['No record of DHPP']],
    ['due today is not overdue', [{ name: 'Rabies', nextDue: TODAY }, both[1]!], []],
    ['due yesterday is overdue', [{ name: 'Rabies', nextDue: '2026-11-22' }, both[1]!], ['Rabies was due on 22 Nov 2026']],
    [
      'the latest next due decides',
      [{ name: 'Rabies', nextDue: '2025-11-01' }, { name: 'Rabies', nextDue: '2027-11-01' }, both[1]!],
      [],
    ],
    [
      'a dose given on or after the due date renews it',
      [{ name: 'DHPP', nextDue: '2026-10-01' }, { name: 'DHPP', givenOn: '2026-10-05' }, both[0]!],
      [],
    ],
    [
      'a dose without dates does not clear a passed due date',
      [{ name: 'DHPP', nextDue: '2026-10-01' }, { name: 'DHPP' }, both[0]!],
      ['DHPP was due on 1 Oct 2026'],
    ],
    ['case-insensitive names', [{ name: 'rabies' }, { name: 'dhpp' }], []],
    ['a name containing the core name covers it', [{ name: 'Rabies (Nobivac)' }, { name: 'DHPPiL' }], []],
    ['a shorter name does not cover it', [{ name: 'Rab' }, { name: 'DHP' }], ['No record of Rabies', 'No record of DHPP']],
  ])('vaccinations: %s', (_case, records, expected) => {
    expect(check(adult, records)).toEqual(expected);
  });

  it('lists every problem, age first', () => {
    expect(check({ species: 'dog', dob: '2026-09-12' }, [{ name: 'DHPP', nextDue: '2026-10-01' }])).toEqual([
      'Under 4 months old (born 12 Sep 2026)',
      'No record of Rabies',
      'DHPP was due on 1 Oct 2026',
    ]);
  });

  it('checks dogs only', () => {
    for (const species of ['cat', 'other', 'rabbit']) expect(check({ species, dob: TODAY }, [])).toEqual([]);
    expect(check({ species: 'Dog', dob: null }, [])).toHaveLength(2);
  });

  it('uses the configured core vaccines', () => {
    expect(admissionProblems(adult, [], ['Leptospirosis'], TODAY)).toEqual(['No record of Leptospirosis']);
  });

  it('matching and month arithmetic', () => {
    expect(coversCoreVaccine('DHPPiL', 'dhpp')).toBe(true);
    expect(coversCoreVaccine('Anything', ' ')).toBe(false);
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2026-09-30', 4)).toBe('2027-01-30');
  });

  it('the refusal message joins the lines', () => {
    expect(admissionRefusal(['No record of Rabies', 'DHPP was due on 1 Oct 2026'])).toBe(
      'Admission rule: No record of Rabies; DHPP was due on 1 Oct 2026. Confirm to board anyway.',
    );
  });

  it('core vaccine lists: 1..10 unique names', () => {
    const msg = (names: unknown) => coreVaccinesBody.safeParse({ names }).error?.issues[0]?.message;
    expect(coreVaccinesBody.parse({ names: [' Rabies ', 'DHPP'] }).names).toEqual(['Rabies', 'DHPP']);
    expect(msg([])).toBe('Name at least one core vaccine');
    expect(msg(Array.from({ length: 11 }, (_, i) => `V${i}`))).toBe('At most 10 core vaccines');
    expect(msg(['Rabies', 'rabies'])).toBe('rabies is named twice');
    expect(msg(['  '])).toBe('Vaccine name is required');
    expect(msg(['x'.repeat(61)])).toBe('At most 60 characters');
  });
});
