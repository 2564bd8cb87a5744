import { describe, expect, it } from 'vitest';
import { addPetBody, customerPetBody, editPetBody } from './pet-input.ts';

/** A pet as the blank form sends it, with 'Other' chosen and no custom breed. */
const blankOther = {
  name: '',
  species: 'dog',
  breed: 'Other',
  customBreed: '',
  sex: '',
  color: '',
  dob: '',
  neutered: false,
  registrationDate: '2026-01-01',
  vaccinations: [],
};
const paths = (r: { error?: { issues: { path: PropertyKey[] }[] } }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe("'Custom breed is required' shows with the other errors on the first Save (issue 9)", () => {
  it('Add Pet', () => {
    const r = addPetBody.safeParse({ ownerName: '', phone: '', email: '', address: '', pets: [blankOther] });
    expect(paths(r)).toEqual(expect.arrayContaining(['pets.0.name', 'pets.0.sex', 'pets.0.customBreed']));
  });
  it('the customer form and the pet edit', () => {
    const c = customerPetBody.safeParse({ ...blankOther, segment: '', phone: '', address: '' });
    expect(paths(c)).toEqual(expect.arrayContaining(['sex', 'customBreed']));
    const e = editPetBody.safeParse({ ...blankOther, id: '65f1a2b3c4d5e6f708192a3b' });
    expect(paths(e)).toEqual(expect.arrayContaining(['sex', 'customBreed']));
  });
  it('a pet that is not an object is refused as such, without the rule', () => {
    const r = addPetBody.safeParse({ ownerName: 'A', phone: '9812345678', address: 'x', pets: [null] });
    expect(paths(r)).toEqual(['pets.0']);
  });
});
