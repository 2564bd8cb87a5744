import { describe, expect, it } from 'vitest';
import { DOG_BREEDS } from '../catalog.ts';
import { ageLabel, breedLabel, breedsFor, escapeLike, filterBreedsFor, isKnownBreed, phoneInput } from './rules.ts';
import {
  addPetBody,
  customerPetBody,
  editOwnerBody,
  editOwnerFormBody,
  editPetBody,
  PET_MSG,
  petApiSchemas,
  petSchemas,
} from './schemas.ts';

describe('breeds', () => {
  it('offers the 54 dog breeds plus Other for dogs', () => {
    const dogs = breedsFor('dog');
    expect(dogs).toHaveLength(55);
    expect(dogs.slice(0, 54)).toEqual([...DOG_BREEDS]);
    expect(dogs.at(-1)).toBe('Other');
  });

  it.each([
    ['cat', ['Persian', 'Maine Coon', 'Siamese', 'Ragdoll', 'Sphynx', 'British Shorthair']],
    ['hamster', ['Syrian Hamster', 'Dwarf Hamster', 'Roborovski Hamster']],
    ['other', ['Other']],
  ])('the breed filter offers the spec list for %s', (species, list) => {
    expect(filterBreedsFor(species)).toEqual(list);
  });

  it('adds Other once for every species and nothing for unknown species', () => {
    expect(breedsFor('cat').at(-1)).toBe('Other');
    expect(breedsFor('other')).toEqual(['Other']);
    expect(breedsFor('dragon')).toEqual([]);
    expect(breedsFor(undefined)).toEqual([]);
  });

  it('knows which breed belongs to which species', () => {
    expect(isKnownBreed('dog', 'Rajapalayan')).toBe(true);
    expect(isKnownBreed('dog', 'Kombai')).toBe(false);
    expect(isKnownBreed('dog', 'Persian')).toBe(false);
    expect(isKnownBreed('cat', 'Other')).toBe(true);
  });

  it('labels a pet by custom breed, breed, or else species', () => {
    expect(breedLabel({ breed: 'Other', customBreed: 'Indie mix', species: 'dog' })).toBe('Indie mix');
    expect(breedLabel({ breed: 'Pug', customBreed: null, species: 'dog' })).toBe('Pug');
    expect(breedLabel({ breed: '', species: 'cat' })).toBe('cat');
  });
});

describe('age label (365.25-day years)', () => {
  it.each([
    // 2191 days / 365.25 = 5.998: still 5 on the sixth birthday (two leap days in between)
    ['2020-06-15', '2026-06-15', '5 years'],
    ['2020-06-15', '2026-06-16', '6 years'],
    // 365 days / 365.25 = 0.999: under a year by the spec's formula, so counted in months
    ['2025-06-15', '2026-06-15', '12 months'],
    ['2025-06-14', '2026-06-15', '1 year'],
    // Under one year: months, never '0 years' (issue 18)
    ['2025-09-15', '2026-06-15', '9 months'],
    ['2025-09-16', '2026-06-15', '8 months'],
    ['2026-05-15', '2026-06-15', '1 month'],
    ['2026-01-31', '2026-02-28', '1 month'], // the last day of a shorter month completes the month
    ['2026-01-31', '2026-02-27', '27 days'],
    ['2026-06-01', '2026-06-15', '14 days'],
    ['2026-06-14', '2026-06-15', '1 day'],
    ['2026-06-15', '2026-06-15', '0 days'],
    ['2026-07-01', '2026-06-15', '0 days'], // a date of birth in the future (refused by the forms) never reads negative
    [null, '2026-06-15', 'Unknown'],
    ['', '2026-06-15', 'Unknown'],
  ])('%s on %s is %s', (dob, today, label) => {
    expect(ageLabel(dob, today)).toBe(label);
  });
});

describe('inputs', () => {
  it('caps a phone input at 10 digits and drops anything else', () => {
    expect(phoneInput('98-765 43210 99')).toBe('9876543210');
    expect(phoneInput('abc')).toBe('');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('Bruno')).toBe('Bruno');
  });
});

describe('schemas', () => {
  const pet = {
    name: 'Bruno',
    species: 'dog',
    breed: 'Beagle',
    sex: 'Male',
    color: 'Brown',
    dob: '2021-01-01',
    registrationDate: '2026-01-01',
  };
  const body = { ownerName: 'A', phone: '9876543210', address: 'X', pets: [pet] };

  it('reports every problem of a pet at once, including the custom breed', () => {
    const r = addPetBody.safeParse({ ...body, pets: [{ ...pet, breed: 'Other', color: '', dob: '' }] });
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toMatchObject({
      'pets.0.color': PET_MSG.color,
      'pets.0.dob': PET_MSG.dob,
      'pets.0.customBreed': PET_MSG.customBreed,
    });
  });

  it('uses the spec phone messages', () => {
    const msg = (phone: unknown, schema = editOwnerFormBody(true)) =>
      schema.safeParse({ id: 'a'.repeat(24), name: 'N', address: 'A', phone }).error?.issues[0]?.message;
    expect(msg(undefined)).toBe('Phone number is required');
    expect(msg('')).toBe('Phone number is required');
    expect(msg('12345')).toBe('Enter a valid 10-digit phone number');
    expect(msg('98765432100')).toBe('Enter a valid 10-digit phone number');
    // The API's body and the form of an owner without a phone on file (issue 21): a phone given is still checked.
    expect(msg('12345', editOwnerBody)).toBe('Enter a valid 10-digit phone number');
    expect(msg('12345', editOwnerFormBody(false))).toBe('Enter a valid 10-digit phone number');
  });

  it('Edit Owner may leave the phone blank (null) for an owner without one on file (issue 21)', () => {
    const base = { id: 'a'.repeat(24), name: 'N', address: 'A' };
    for (const phone of [undefined, null, '', '  ']) {
      expect(editOwnerBody.parse({ ...base, phone }).phone).toBeNull();
      expect(editOwnerFormBody(false).parse({ ...base, phone }).phone).toBeNull();
      expect(editOwnerFormBody(true).safeParse({ ...base, phone }).success).toBe(false);
    }
    expect(editOwnerBody.parse({ ...base, phone: ' 9876543210 ' }).phone).toBe('9876543210');
  });

  it('turns the doses input into a number or null', () => {
    const parsed = addPetBody.parse({
      ...body,
      pets: [{ ...pet, vaccinations: [{ name: 'Rabies', numberOfDose: '3' }, { name: 'DHPP', numberOfDose: '' }, { name: '' }] }],
    });
    expect(parsed.pets[0]!.vaccinations).toEqual([
      { name: 'Rabies', numberOfDose: 3, givenOn: null, nextDue: null, serialNo: null },
      { name: 'DHPP', numberOfDose: null, givenOn: null, nextDue: null, serialNo: null },
    ]);
  });

  it('judges a future date of birth in the given time zone', () => {
    const ahead = petSchemas('Pacific/Kiritimati');
    const behind = petSchemas('Pacific/Pago_Pago');
    const dob = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(ahead.addPetBody.safeParse({ ...body, pets: [{ ...pet, dob }] }).success).toBe(true);
    expect(behind.addPetBody.safeParse({ ...body, pets: [{ ...pet, dob }] }).error?.issues[0]?.message).toBe(PET_MSG.dobFuture);
  });

  it("the API takes any breed for any species and Other without a custom breed; Pawdesk's forms keep their checks", () => {
    const api = petApiSchemas();
    for (const p of [
      { ...pet, breed: 'Akita Inu' },
      { ...pet, breed: 'Other' },
      { ...pet, species: 'other', breed: 'Indie' },
      { ...pet, species: 'cat', breed: 'Chippiparai' },
    ]) {
      expect(api.addPetBody.safeParse({ ...body, pets: [p] }).success, p.breed).toBe(true);
    }
    expect(
      api.addPetBody.parse({ ...body, pets: [{ ...pet, breed: 'Other', customBreed: ' ' }] }).pets[0]!.customBreed,
    ).toBeNull();
    expect(addPetBody.safeParse({ ...body, pets: [{ ...pet, species: 'cat', breed: 'Beagle' }] }).error?.issues[0]?.message).toBe(
      PET_MSG.breedUnknown,
    );
    expect(addPetBody.safeParse({ ...body, pets: [{ ...pet, breed: 'Other' }] }).error?.issues[0]?.message).toBe(
      PET_MSG.customBreed,
    );
    expect(api.addPetBody.safeParse({ ...body, pets: [{ ...pet, breed: 'x'.repeat(81) }] }).success).toBe(false);
  });

  it('the edit keeps "no vaccinations key" apart from an empty list', () => {
    const edit = { id: 'a'.repeat(24), ...pet };
    expect(editPetBody.parse(edit).vaccinations).toBeUndefined();
    expect(editPetBody.parse({ ...edit, vaccinations: null }).vaccinations).toBeUndefined();
    expect(editPetBody.parse({ ...edit, vaccinations: [] }).vaccinations).toEqual([]);
    expect(
      editPetBody.parse({ ...edit, vaccinations: [{ _id: 'b'.repeat(24), name: 'Rabies', numberOfDose: 1 }, { name: '' }] })
        .vaccinations,
    ).toStrictEqual([
      { _id: 'b'.repeat(24), name: 'Rabies', numberOfDose: 1, givenOn: undefined, nextDue: undefined, serialNo: undefined },
    ]);
    // Dates and the serial number: left out keeps the stored ones (undefined), '' or null clears them (null).
    expect(
      editPetBody.parse({ ...edit, vaccinations: [{ name: 'Rabies', givenOn: '', nextDue: null, serialNo: ' ' }] }).vaccinations,
    ).toStrictEqual([{ _id: null, name: 'Rabies', numberOfDose: null, givenOn: null, nextDue: null, serialNo: null }]);
  });

  it('requires a segment of Day Care or Veterinary on the customer form', () => {
    const base = { ...pet, phone: '9876543210', address: 'X' };
    expect(customerPetBody.safeParse({ ...base, segment: 'Veterinary' }).success).toBe(true);
    expect(customerPetBody.safeParse(base).error?.issues[0]?.message).toBe(PET_MSG.segment);
  });
});
