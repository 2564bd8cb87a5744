import { describe, expect, it } from 'vitest';
import { makePet } from '../../../test/factories.ts';
import { useTestApp, useTestUser } from '../../../test/harness.ts';
import { vaccinationChanges } from './vaccinations.ts';

/** Vaccination records (issue 11): the batch / serial number stored, answered and kept by the edit's matching. */
const t = useTestApp();
const staff = useTestUser(t, 'staff');
const post = (url: string, payload: unknown) =>
  t.call({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, token: staff.token });
const details = async (id: string) =>
  (await t.call({ method: 'GET', url: `/api/v1/pet/getpetdetails/${id}`, token: staff.token })).json().pet;
const phone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const aPet = (vaccinations: unknown[]) => ({
  name: 'Serial',
  species: 'dog',
  breed: 'Beagle',
  sex: 'Male',
  color: 'Brown',
  dob: '2022-01-01',
  registrationDate: '2026-01-01',
  vaccinations,
});

describe('batch / serial number of a vaccination', () => {
  it('is saved with the add form, trimmed, blank as null, and answered with the pet', async () => {
    const res = await post('/pet/addpet', {
      ownerName: 'Serial Owner',
      phone: phone(),
      address: 'Gurugram',
      pets: [
        aPet([
          { name: 'Rabies', numberOfDose: 1, givenOn: '2026-01-05', nextDue: '2027-01-05', serialNo: ' RB-2291 ' },
          { name: 'DHPP', numberOfDose: 2, serialNo: '' },
        ]),
      ],
    });
    expect(res.statusCode).toBe(201);
    const pet = await details(res.json().petIds[0]);
    expect(pet.vaccinations.map((v: Record<string, unknown>) => [v.name, v.serialNo])).toEqual([
      ['Rabies', 'RB-2291'],
      ['DHPP', null],
    ]);
  });

  it('refuses more than 60 characters with the field message and saves nothing', async () => {
    const p = phone();
    const res = await post('/pet/addpet', {
      ownerName: 'Serial Owner',
      phone: p,
      address: 'Gurugram',
      pets: [aPet([{ name: 'Rabies', serialNo: 'x'.repeat(61) }])],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'pets.0.vaccinations.0.serialNo': 'At most 60 characters' });
    const found = await t.call({
      method: 'GET',
      url: `/api/v1/pet/getfilteredpetsbynameandphone?phone=${p}`,
      token: staff.token,
    });
    expect(found.json().list ?? found.json().pets ?? []).toEqual([]);
  });

  it('the edit keeps a stored serial the entry leaves out, changes it when sent, clears it when blank', async () => {
    const pet = await makePet(t.database.db, {
      vaccinations: [{ name: 'Rabies', numberOfDose: 1, givenOn: '2026-01-05', serialNo: 'RB-1' }],
    });
    const [read] = (await details(pet.id)).vaccinations;
    const edit = (vaccinations: unknown[]) => post('/pet/editpetdetails', { id: pet.id, ...aPet(vaccinations), name: 'Bruno' });
    // The existing client sends name and doses only: the serial and dates stay.
    expect((await edit([{ name: 'Rabies', numberOfDose: 2 }])).statusCode).toBe(200);
    expect((await details(pet.id)).vaccinations).toEqual([{ ...read, numberOfDose: 2 }]);
    // Pawdesk's edit form sends the row with its id and a new serial.
    expect((await edit([{ _id: read._id, name: 'Rabies', numberOfDose: 2, serialNo: 'RB-2' }])).statusCode).toBe(200);
    expect((await details(pet.id)).vaccinations).toEqual([{ ...read, numberOfDose: 2, serialNo: 'RB-2' }]);
    // Cleared in the form ('' or null): cleared.
    expect((await edit([{ _id: read._id, name: 'Rabies', numberOfDose: 2, givenOn: '', serialNo: '' }])).statusCode).toBe(200);
    expect((await details(pet.id)).vaccinations).toEqual([{ ...read, numberOfDose: 2, givenOn: null, serialNo: null }]);
  });

  it('existing records keep what they have (no serial: null)', async () => {
    const pet = await makePet(t.database.db, { vaccinations: [{ name: 'DHPP', numberOfDose: 1 }] });
    expect((await details(pet.id)).vaccinations).toEqual([
      { _id: expect.any(String), name: 'DHPP', numberOfDose: 1, givenOn: null, nextDue: null, serialNo: null },
    ]);
  });

  it('matching: a matched row keeps its serial when the entry leaves it out, null clears it; a new row takes the entry’s', () => {
    const row = {
      id: 'a'.repeat(24),
      petId: 'p'.repeat(24),
      name: 'Rabies',
      numberOfDose: 1,
      givenOn: null,
      nextDue: null,
      serialNo: 'OLD',
      createdAt: new Date(),
    };
    const given = (serialNo: string | null | undefined) => ({ _id: null, name: 'rabies', numberOfDose: 1, serialNo });
    expect(vaccinationChanges([row], [given(undefined)]).update[0]!.values.serialNo).toBe('OLD');
    expect(vaccinationChanges([row], [given(null)]).update[0]!.values.serialNo).toBeNull();
    expect(vaccinationChanges([row], [given('NEW')]).update[0]!.values.serialNo).toBe('NEW');
    expect(vaccinationChanges([], [given('NEW')]).insert[0]!.serialNo).toBe('NEW');
  });
});
