import { phone } from './factories.ts';

let seq = 0;
/** A name no other test uses, so searches only see this test's pets. */
export const uniq = (base = 'Pet') => `${base}${Date.now().toString(36)}${(++seq).toString(36)}`;

/** A valid pet of the add and edit forms (a dog, Beagle) with a unique name; `o` overrides fields. */
export const aPet = (o: Record<string, unknown> = {}) => ({
  name: uniq('Bruno'),
  species: 'dog',
  breed: 'Beagle',
  sex: 'Male',
  color: 'Brown',
  dob: '2021-04-02',
  neutered: false,
  registrationDate: '2026-01-15',
  ...o,
});

/** A valid POST /pet/addpet body (owner with a unique phone, one pet); `o` overrides fields. */
export const aBody = (o: Record<string, unknown> = {}) => ({
  ownerName: 'Priya Sharma',
  phone: phone(),
  email: 'priya@example.in',
  address: 'Sector 45, Gurugram',
  pets: [aPet()],
  ...o,
});
